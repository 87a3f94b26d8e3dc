import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { CrudEndpoints } from '../../core/api/crud';
import { isWholeCents, MAX_DOLLARS, toCents, toDollars, TOO_MUCH } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { facilityScope } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { serve } from './endpoint';
import { badRequest, notFound } from './errors';
import { listPage, sendRange } from './list';
import { containing } from './listQuery';

// The declarative crud helper: serves the five declarations of an entity (core/api/crud.ts: list,
// one, create, update, delete) on a table, with the role matrix, facility scope, search, filters,
// sorting, paging and money conversion done the same way everywhere. A simple entity is one
// `declareCrud` in the list of server/routes/settings.ts, which serves them all; see it for the
// pattern to copy.

/** A record as the API answers it: the table's TypeScript keys, money in dollars. */
export type WireRow = Record<string, unknown>;
export type CrudAction = 'create' | 'update' | 'delete';

export type CrudTable = PgTable & { ID: AnyPgColumn };
type ColumnKey<T extends CrudTable> = keyof T['_']['columns'] & string;

export interface CrudSpec<T extends CrudTable> {
  /**
   * The entity's declarations (core/api/crud.ts): its paths, the MATRIX rules guarding them, its
   * bodies, its list's sorting, search and filters, its facility column.
   */
  api: CrudEndpoints<unknown>;
  table: T;
  /** Text columns that `q` searches: every word must match one of them, case-insensitive. */
  searchable?: readonly ColumnKey<T>[];
  /** What else a word of `q` may match, given its ILIKE pattern (e.g. the name of the record's parent). */
  alsoSearch?: (pattern: string) => SQL;
  /** Columns stored as integer cents and sent as dollars. */
  money?: readonly ColumnKey<T>[];
  /** A column holding the deletion time (unix seconds): delete sets it, and such rows are hidden. */
  softDelete?: ColumnKey<T>;
  /** Called inside the write's transaction with the record as answered (the changelog's hook). */
  onChange?: (tx: Tx, action: CrudAction, row: WireRow, user: SessionUser) => Promise<void>;
  /**
   * Turns a parsed create or update body into the values stored, seeing the record as it is on an
   * update; it may refuse with an HttpError. Runs inside the write's transaction.
   */
  prepare?: (tx: Tx, values: WireRow, current: WireRow | undefined, user: SessionUser) => Promise<WireRow>;
  /** Shapes the records answered to this user: nests related records, hides secrets. */
  present?: (rows: WireRow[], user: SessionUser, db: Db) => Promise<WireRow[]>;
}

/** One entity's routes, declared: registering it is calling it with the app (see declareCrud). */
export type CrudDeclaration = (app: FastifyInstance) => void;

/** A crud declaration, registered later with the others of its list. */
export const declareCrud = <T extends CrudTable>(spec: CrudSpec<T>): CrudDeclaration => (app) => crud(app, spec);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function crud<T extends CrudTable>(app: FastifyInstance, spec: CrudSpec<T>): void {
  const { api } = spec;
  // The declaration is checked against the table's keys; inside, rows are plain records.
  const table: CrudTable = spec.table;
  const columns: Record<string, AnyPgColumn> = getTableColumns(table);
  const money: readonly string[] = spec.money ?? [];
  const facilityKey = api.facilityScoped;
  const searchable = (spec.searchable ?? []).map((key) => columns[key]);
  const unknown = [...api.sortable, ...(facilityKey ? [facilityKey] : [])].filter((key) => !columns[key]);
  if (unknown.length) throw new Error(`${api.resource}: no column ${unknown.join(', ')}`);
  const db = () => app.deps.db;

  const toWire = (row: WireRow): WireRow => {
    const wire = { ...row };
    for (const key of money) if (typeof wire[key] === 'number') wire[key] = toDollars(wire[key]);
    return wire;
  };

  const toStorage = (body: WireRow): WireRow => {
    const stored = { ...body };
    for (const key of money) {
      const value = stored[key];
      if (typeof value !== 'number') continue;
      if (!isWholeCents(value)) throw badRequest(`${key}: an amount has at most two decimals`);
      if (Math.abs(value) > MAX_DOLLARS) throw badRequest(`${key}: ${TOO_MUCH}`);
      stored[key] = toCents(value);
    }
    return stored;
  };

  /** Non-admins write only in their own facility, whatever they sent (`always`: even if they sent none). */
  const pinFacility = (body: WireRow, user: SessionUser, always: boolean): WireRow => {
    if (!facilityKey || user.role === 'admin') return body;
    return always || facilityKey in body ? { ...body, [facilityKey]: user.facility_id } : body;
  };

  /** The records a user may reach: live ones, of their facility unless admin (who may pick one). */
  const reachable = (user: SessionUser, requestedFacility?: number): SQL[] => {
    const conditions: SQL[] = [];
    if (spec.softDelete) conditions.push(isNull(columns[spec.softDelete]));
    const facility = facilityKey ? facilityScope(user, requestedFacility) : null;
    if (facilityKey && facility !== null) conditions.push(eq(columns[facilityKey], facility));
    return conditions;
  };
  const byId = (id: number, user: SessionUser) => and(eq(table.ID, id), ...reachable(user));

  /** Runs one write with the audit hook in a transaction; undefined when no reachable row matched. */
  const write = (user: SessionUser, action: CrudAction, statement: (tx: Tx) => Promise<WireRow[]>) =>
    db().transaction(async (tx) => {
      const [row] = await statement(tx);
      if (!row) return undefined;
      const wire = toWire(row);
      await spec.onChange?.(tx, action, wire, user);
      return wire;
    });

  const found = (row: WireRow | undefined): WireRow => {
    if (!row) throw notFound(api.label);
    return row;
  };
  const present = async (rows: WireRow[], user: SessionUser) => (spec.present ? spec.present(rows, user, db()) : rows);
  const presentOne = async (row: WireRow | undefined, user: SessionUser) => (await present([found(row)], user))[0];

  const readOne = async (id: number, user: SessionUser): Promise<WireRow> => {
    const [row] = await db().select().from(table).where(byId(id, user));
    return presentOne(row && toWire(row), user);
  };

  serve(app, api.list, async ({ user, query }, _request, reply) => {
    const { [facilityKey ?? '']: requestedFacility, ...exact } = query.filters;
    const where = and(
      ...reachable(user, requestedFacility as number | undefined),
      ...Object.entries(exact).map(([key, value]) => eq(columns[key], value)),
      ...query.words.map((word) => or(
        ...searchable.map((column) => ilike(column, containing(word))),
        spec.alsoSearch?.(containing(word)),
      )),
      ...(query.ids ? [inArray(table.ID, query.ids)] : []),
    );
    const direction = query.sort.order === 'ASC' ? asc : desc;
    // ID breaks ties so that pages never overlap.
    const order = [direction(columns[query.sort.field]), direction(table.ID)];
    const page = await listPage(db(), () => db().select().from(table).where(where).$dynamic(), order, query.range);
    sendRange(reply, api.resource, page);
    return present((page.rows as WireRow[]).map(toWire), user);
  });

  serve(app, api.one, async ({ user, params }) => readOne(params.id, user));

  serve(app, api.create, async ({ user, body }) => {
    const values = toStorage(pinFacility(asRow(body), user, true));
    const row = await write(user, 'create', async (tx) =>
      tx.insert(table).values(spec.prepare ? await spec.prepare(tx, values, undefined, user) : values).returning());
    return presentOne(row, user);
  });

  serve(app, api.update, async ({ user, params: { id }, body }) => {
    const values = toStorage(pinFacility(asRow(body), user, false));
    // Nothing to change: answer the record as it is.
    if (Object.keys(values).length === 0) return readOne(id, user);
    const row = await write(user, 'update', async (tx) => {
      let stored = values;
      if (spec.prepare) {
        const [current] = await tx.select().from(table).where(byId(id, user));
        if (!current) return [];
        stored = await spec.prepare(tx, values, current, user);
      }
      return tx.update(table).set(stored).where(byId(id, user)).returning();
    });
    return presentOne(row, user);
  });

  serve(app, api.delete, async ({ user, params: { id } }) => {
    const remove = spec.softDelete
      ? (tx: Tx) => tx.update(table).set({ [spec.softDelete as string]: nowSeconds() }).where(byId(id, user)).returning()
      : (tx: Tx) => tx.delete(table).where(byId(id, user)).returning();
    return presentOne(await write(user, 'delete', remove), user);
  });
}

/** A parsed body (a strict object by its declaration) as a row's values. */
function asRow(body: unknown): WireRow {
  if (!isObject(body)) throw new Error('a crud body is an object');
  return body;
}
