import { bigint, integer, numeric, serial } from 'drizzle-orm/pg-core';
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
export const ref = (name: string) => integer(name);

export const timestamps = {
  CreatedAt: seconds('created_at').notNull().$defaultFn(nowSeconds),
  UpdatedAt: seconds('updated_at').notNull().$defaultFn(nowSeconds).$onUpdateFn(nowSeconds),
};
