import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS, rightsOf, type ApiPaths, type ApiResource } from '../../core/entities';
import { isWholeCents, MAX_DOLLARS, toCents, toDollars, TOO_MUCH } from '../../core/money';
import { nowSeconds } from '../../core/time';
import { authorize, facilityScope } from '../auth/guard';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { badRequest, notFound } from './errors';
import { listPage, sendRange } from './list';
import { containing, listQueryParser, type SortOrder } from './listQuery';
import { parse } from './validate';
import { facilityFilterId, idParam } from '../../core/validation/wire';

// The declarative crud helper: one declaration registers list, get, create, update and delete of a
// simple entity, with the role matrix, facility scope, search, filters, sorting, paging and money
// conversion done the same way everywhere. A simple entity is one `declareCrud` in the list of
// server/routes/settings.ts, which registers them all; see it for the pattern to copy.

/** A record as the API answers it: the table's TypeScript keys, money in dollars. */
export type WireRow = Record<string, unknown>;
export type CrudAction = 'create' | 'update' | 'delete';

export type CrudTable = PgTable & { ID: AnyPgColumn };
type ColumnKey<T extends CrudTable> = keyof T['_']['columns'] & string;

export interface CrudSpec<T extends CrudTable> {
  /**
   * The resource of core/entities.ts: its spec paths, the list (GET) and the item (POST; GET, PUT,
   * DELETE with /:id), and its roles (the MATRIX rules of list/show/create/edit/delete).
   */
  resource: ApiResource;
  table: T;
  /** Other paths than the contract's, for a table that is no entity of the API (the helper's own tests). */
  paths?: { list: string; item: string };
  /** How a 404 names the record ("Tax not found"); by default taken from the item path. */
  label?: string;
  /** Body of a create: a z.strictObject, in wire form (money in dollars). */
  create: z.ZodType<WireRow>;
  /** Body of an update: usually the create schema's .partial(). */
  update: z.ZodType<WireRow>;
  /** Text columns that `q` searches: every word must match one of them, case-insensitive. */
  searchable?: readonly ColumnKey<T>[];
  /** What else a word of `q` may match, given its ILIKE pattern (e.g. the name of the record's parent). */
  alsoSearch?: (pattern: string) => SQL;
  /**
   * Exact filters, from plain query parameters (strings) or the filter JSON: use coercing schemas. The
   * facility column of a facilityScoped entity is one already (0 or a facility ID); naming it here
   * replaces its schema (another message).
   */
  filters?: Partial<Record<ColumnKey<T>, z.ZodType>>;
  sortable: readonly ColumnKey<T>[];
  defaultSort: readonly [ColumnKey<T>, SortOrder];
  /** Columns stored as integer cents and sent as dollars. */
  money?: readonly ColumnKey<T>[];
  /**
   * The facility column of a per-facility entity. Non-admins only see and write their own facility's
   * records (another facility's answers 404); admins filter with facility_id, 0 or none meaning all.
   */
  facilityScoped?: ColumnKey<T>;
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

const facilityFilter = facilityFilterId();

/** '/field-type' → 'Field type'. */
const labelOf = (path: string) => path.replace(/^\/+/, '').replace(/[-_/]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function crud<T extends CrudTable>(app: FastifyInstance, spec: CrudSpec<T>): void {
  const { resource } = spec;
  const paths: Pick<ApiPaths, 'list' | 'item'> = spec.paths ?? API_PATHS[resource];
  const rights = rightsOf(resource);
  // The declaration is checked against the table's keys; inside, rows are plain records.
  const table: CrudTable = spec.table;
  const columns: Record<string, AnyPgColumn> = getTableColumns(table);
  const label = spec.label ?? labelOf(paths.item);
  const money: readonly string[] = spec.money ?? [];
  const facilityKey = spec.facilityScoped;
  const searchable = (spec.searchable ?? []).map((key) => columns[key]);
  const parseListQuery = listQueryParser({
    sortable: spec.sortable,
    defaultSort: spec.defaultSort,
    filters: { ...(facilityKey && { [facilityKey]: facilityFilter }), ...spec.filters } as Record<string, z.ZodType>,
    searchable: searchable.length > 0 || spec.alsoSearch !== undefined,
  });
  const item = `${paths.item}/:id`;
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
  const pinFacility = (body: unknown, user: SessionUser, always: boolean): unknown => {
    if (!facilityKey || user.role === 'admin' || !isObject(body)) return body;
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
    if (!row) throw notFound(label);
    return row;
  };
  const present = async (rows: WireRow[], user: SessionUser) => (spec.present ? spec.present(rows, user, db()) : rows);
  const presentOne = async (row: WireRow | undefined, user: SessionUser) => (await present([found(row)], user))[0];

  const readOne = async (id: number, user: SessionUser): Promise<WireRow> => {
    const [row] = await db().select().from(table).where(byId(id, user));
    return presentOne(row && toWire(row), user);
  };

  app.get(paths.list, async (request, reply) => {
    const user = authorize(request, rights, 'list');
    const query = parseListQuery(request.query);
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
    sendRange(reply, resource, page);
    return present((page.rows as WireRow[]).map(toWire), user);
  });

  app.get(item, async (request) => {
    const user = authorize(request, rights, 'show');
    const { id } = parse(idParam, request.params);
    return readOne(id, user);
  });

  app.post(paths.item, async (request, reply) => {
    const user = authorize(request, rights, 'create');
    const values = toStorage(parse(spec.create, pinFacility(request.body, user, true)));
    const row = await write(user, 'create', async (tx) =>
      tx.insert(table).values(spec.prepare ? await spec.prepare(tx, values, undefined, user) : values).returning());
    return reply.status(201).send(await presentOne(row, user));
  });

  app.put(item, async (request) => {
    const user = authorize(request, rights, 'edit');
    const { id } = parse(idParam, request.params);
    const values = toStorage(parse(spec.update, pinFacility(request.body, user, false)));
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

  app.delete(item, async (request) => {
    const user = authorize(request, rights, 'delete');
    const { id } = parse(idParam, request.params);
    const remove = spec.softDelete
      ? (tx: Tx) => tx.update(table).set({ [spec.softDelete as string]: nowSeconds() }).where(byId(id, user)).returning()
      : (tx: Tx) => tx.delete(table).where(byId(id, user)).returning();
    return presentOne(await write(user, 'delete', remove), user);
  });
}
