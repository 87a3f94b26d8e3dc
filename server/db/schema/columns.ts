import { bigint, boolean, integer, jsonb, numeric, serial, text } from 'drizzle-orm/pg-core';
import { nowSeconds } from '../../../core/time';

// Column helpers shared by every table. TypeScript keys are the API's field names (ID, CreatedAt,
// snake_case); the database columns are snake_case.

export const id = () => serial('id').primaryKey();
/** An instant as unix seconds (bigint: past 2038). */
export const seconds = (name: string) => bigint(name, { mode: 'number' });
/** Money as integer cents. */
export const cents = (name: string) => bigint(name, { mode: 'number' });
/** A rate or percentage, exact in the database, a number in TypeScript. */
export const rate = (name: string) => numeric(name, { precision: 12, scale: 6, mode: 'number' });
/** A time of day in decimal hours (18.5 is 18:30; a close time of 23.99 means midnight). */
export const hours = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });
export const ref = (name: string) => integer(name);
/** Free text that is never null: the API answers '' rather than null. */
export const note = (name: string) => text(name).notNull().default('');
export const flag = (name: string, value = false) => boolean(name).notNull().default(value);
/** Structured data the API sends as JSON (not as JSON text). */
export const json = <T>(name: string) => jsonb(name).$type<T>();

export const createdAt = {
  CreatedAt: seconds('created_at').notNull().$defaultFn(nowSeconds),
};

export const timestamps = {
  ...createdAt,
  UpdatedAt: seconds('updated_at').notNull().$defaultFn(nowSeconds).$onUpdateFn(nowSeconds),
};

/** A key/value pair of a league's or class's properties (Year, Season, …). */
export interface Property {
  key: string;
  value: string;
}
