import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CrudEndpoints } from '../../core/api/crud';
import { isWholeCents, MAX_DOLLARS, toCents, toDollars, TOO_MUCH } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { facilityScope } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { serve } from './endpoint';
import { badRequest, notFound, preconditionFailed } from './errors';
import { listPage, sendRange } from './list';
import { containing } from './listQuery';
import { etagOf, expectedVersion, rowVersion } from './version';

// The declarative crud helper: serves the five declarations of an entity (core/api/crud.ts: list,
// one, create, update, delete) on a table, with the role matrix, facility scope, search, filters,
// sorting, paging and money conversion done the same way everywhere. The settings are each one
// `declareCrud` in the list of server/routes/settings.ts; an entity added as a folder (resources/<name>/,
// README "Adding an entity") is served by server/routes/entityFolders.ts, with its row's version.

/** A record as the API answers it: the table's TypeScript keys, money in dollars. */
export type WireRow = Record<string, unknown>;
export type CrudAction = 'create' | 'update' | 'delete';
/** What a write's hook sees besides the record: the record before an update (as answered), the configuration. */
export interface ChangeContext { previous?: WireRow; config: Config }

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
  /**
   * Called inside the write's transaction with the record as answered (the changelog's hook); it may
   * refuse with an HttpError, which undoes the write.
   */
  onChange?: (tx: Tx, action: CrudAction, row: WireRow, user: SessionUser, context: ChangeContext) => Promise<void>;
  /**
   * Turns a parsed create or update body into the values stored, seeing the record as it is on an
   * update; it may refuse with an HttpError. Runs inside the write's transaction.
   */
  prepare?: (tx: Tx, values: WireRow, current: WireRow | undefined, user: SessionUser) => Promise<WireRow>;
  /** Shapes the records answered to this user: nests related records, hides secrets. */
  present?: (rows: WireRow[], user: SessionUser, db: Db) => Promise<WireRow[]>;
  /** A record answers its version as ETag, and a PUT with If-Match changes only that version (./version.ts). */
  versioned?: boolean;
}

/** The key under which a read or a write brings the row's version along. */
const VERSION = '__version';

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
  const unknown = [...api.sortable, ...(facilityKey ? [facilityKey] : []), ...(spec.searchable ?? []), ...money].filter((key) => !columns[key]);
  if (unknown.length) throw new Error(`${api.resource}: no column ${unknown.join(', ')}`);
  const db = () => app.deps.db;
  const version = spec.versioned ? rowVersion(table) : undefined;
  /** What reads and writes of one record select: the columns, and the version of a versioned entity. */
  const selection: Record<string, AnyPgColumn | SQL> = version ? { ...columns, [VERSION]: version } : columns;
  /** The ETag of a record read or written with its version. */
  const tag = (reply: FastifyReply, row: WireRow | undefined) => {
    if (version && typeof row?.[VERSION] === 'string') reply.header('etag', etagOf(row[VERSION]));
  };

  const toWire = ({ [VERSION]: _version, ...row }: WireRow): WireRow => {
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

  /**
   * Runs one write with the audit hook in a transaction, answering the record written (its version
   * tagged on `reply`); undefined when no reachable row matched. The statement answers the row written
   * and, for an update, the row before it.
   */
  const write = (user: SessionUser, action: CrudAction, reply: FastifyReply, statement: (tx: Tx) => Promise<{ row?: WireRow; previous?: WireRow }>) =>
    db().transaction(async (tx) => {
      const { row, previous } = await statement(tx);
      if (!row) return undefined;
      const wire = toWire(row);
      await spec.onChange?.(tx, action, wire, user, { previous: previous && toWire(previous), config: app.deps.config });
      tag(reply, row);
      return wire;
    });

  const found = (row: WireRow | undefined): WireRow => {
    if (!row) throw notFound(api.label);
    return row;
  };
  const present = async (rows: WireRow[], user: SessionUser) => (spec.present ? spec.present(rows, user, db()) : rows);
  const presentOne = async (row: WireRow | undefined, user: SessionUser) => (await present([found(row)], user))[0];

  const readOne = async (id: number, user: SessionUser, reply: FastifyReply): Promise<WireRow> => {
    const [row] = await db().select(selection).from(table).where(byId(id, user));
    tag(reply, row);
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

  serve(app, api.one, async ({ user, params }, _request, reply) => readOne(params.id, user, reply));

  serve(app, api.create, async ({ user, body }, _request, reply) => {
    const values = toStorage(pinFacility(asRow(body), user, true));
    const row = await write(user, 'create', reply, async (tx) => {
      const [created] = await tx.insert(table).values(spec.prepare ? await spec.prepare(tx, values, undefined, user) : values).returning(selection);
      return { row: created };
    });
    return presentOne(row, user);
  });

  serve(app, api.update, async ({ user, params: { id }, body }, request, reply) => {
    const values = toStorage(pinFacility(asRow(body), user, false));
    // Nothing to change: answer the record as it is.
    if (Object.keys(values).length === 0) return readOne(id, user, reply);
    const expected = version ? expectedVersion(request) : undefined;
    const atVersion = expected === undefined ? undefined : sql`${version} = ${expected}`;
    const row = await write(user, 'update', reply, async (tx) => {
      // The record as it is, locked as the update would: what prepare and the hook see of it.
      const [current] = await tx.select().from(table).where(byId(id, user)).for('update');
      if (!current) return {};
      const stored = spec.prepare ? await spec.prepare(tx, values, current, user) : values;
      const [changed] = await tx.update(table).set(stored).where(and(byId(id, user), atVersion)).returning(selection);
      // A record that is there at another version: someone changed it since the caller read it.
      if (!changed && atVersion) {
        throw preconditionFailed(`Someone else changed this ${api.label.toLowerCase()} meanwhile. Reload the page and try again.`);
      }
      return { row: changed, previous: current };
    });
    return presentOne(row, user);
  });

  serve(app, api.delete, async ({ user, params: { id } }, _request, reply) => {
    const remove = spec.softDelete
      ? (tx: Tx) => tx.update(table).set({ [spec.softDelete as string]: nowSeconds() }).where(byId(id, user)).returning()
      : (tx: Tx) => tx.delete(table).where(byId(id, user)).returning();
    return presentOne(await write(user, 'delete', reply, async (tx) => ({ row: (await remove(tx))[0] })), user);
  });
}

/** A parsed body (a strict object by its declaration) as a row's values. */
function asRow(body: unknown): WireRow {
  if (!isObject(body)) throw new Error('a crud body is an object');
  return body;
}
