import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crudEndpoints } from '../../core/api/crud';
import { openSession, resolveSession, type SessionUser } from '../../server/auth/session';
import { cents, id, seconds, timestamps } from '../../server/db/schema/columns';
import { users } from '../../server/db/schema';
import { crud, type CrudAction, type WireRow } from '../../server/http/crud';
import { errorHandler } from '../../server/http/errorHandler';
import { createTestContext, type TestContext } from './harness';

// The crud helper's options that taxes and fees do not use — facility scope, money, soft delete, exact
// filters and the change hook — on a table made for this test, mounted on a small app of its own.

const passes = pgTable('crud_test_passes', {
  ID: id(),
  name: text('name').notNull(),
  facility_id: integer('facility_id').notNull(),
  price: cents('price').notNull(),
  kind: text('kind').notNull(),
  deleted_at: seconds('deleted_at'),
  ...timestamps,
});

const body = z.strictObject({
  name: z.string().trim().min(1),
  facility_id: z.number().int().positive(),
  price: z.number().min(0),
  kind: z.enum(['day', 'month']),
});

let ctx: TestContext;
let app: FastifyInstance;
const changes: Array<{ action: CrudAction; row: WireRow; user: string }> = [];
let failHook = false;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  await db.execute(sql`create table crud_test_passes (
    id serial primary key, name text not null, facility_id integer not null, price bigint not null,
    kind text not null, deleted_at bigint, created_at bigint not null, updated_at bigint not null)`);

  app = Fastify();
  app.decorate('deps', { config: ctx.config, db, mailer: { send: async () => {} }, hubspot: ctx.app.deps.hubspot, square: ctx.app.deps.square, storage: ctx.app.deps.storage });
  app.decorateRequest('user', null);
  errorHandler(app);
  app.addHook('onRequest', async (request) => {
    const token = request.headers.authorization?.replace(/^Bearer /, '');
    if (token) request.user = await resolveSession(db, token, ctx.config);
  });
  crud(app, {
    // The 'fields' rules: everyone lists, admins and managers write, admins delete.
    api: crudEndpoints()('fields', {
      paths: { list: '/passes', item: '/pass', root: true },
      answer: z.looseObject({ ID: z.number().int(), name: z.string(), price: z.number() }),
      create: body,
      update: body.partial(),
      list: { searchable: true, filters: { kind: z.enum(['day', 'month']) }, sortable: ['ID', 'name', 'price'], defaultSort: ['price', 'ASC'] },
      facilityScoped: 'facility_id',
    }),
    table: passes,
    searchable: ['name', 'kind'],
    money: ['price'],
    softDelete: 'deleted_at',
    async onChange(tx, action, row, user: SessionUser) {
      if (failHook) throw new Error('changelog unavailable');
      // The hook runs inside the write's transaction: it sees the row as written.
      const [seen] = await tx.select().from(passes).where(eq(passes.ID, row.ID as number));
      expect(seen).toBeDefined();
      changes.push({ action, row, user: user.email });
    },
  });
  await app.ready();

  for (const who of ['admin', 'manager', 'manager2', 'mod']) {
    const [user] = await db.select({ ID: users.ID }).from(users).where(eq(users.email, `${who}@touchline.test`));
    tokens[who] = await openSession(db, user.ID, ctx.config);
  }
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const as = (who: string, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${tokens[who]}` } });

let brooklynDay: number;
let queensMonth: number;
beforeEach(async () => {
  const { db } = ctx.database;
  await db.delete(passes);
  changes.length = 0;
  failHook = false;
  const rows = await db.insert(passes).values([
    { name: 'Brooklyn day pass', facility_id: 1, price: 1250, kind: 'day' },
    { name: 'Brooklyn month pass', facility_id: 1, price: 9900, kind: 'month' },
    { name: 'Queens month pass', facility_id: 2, price: 8900, kind: 'month' },
    { name: 'Old Brooklyn pass', facility_id: 1, price: 500, kind: 'day', deleted_at: 1 },
  ]).returning();
  brooklynDay = rows[0].ID;
  queensMonth = rows[2].ID;
});

const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

describe('crud: facility scope', () => {
  it('shows admins every facility, or the one they ask for; 0 means all', async () => {
    expect(names((await as('admin', { method: 'GET', url: '/passes' })).json())).toEqual(['Brooklyn day pass', 'Queens month pass', 'Brooklyn month pass']);
    expect(names((await as('admin', { method: 'GET', url: '/passes?facility_id=2' })).json())).toEqual(['Queens month pass']);
    expect((await as('admin', { method: 'GET', url: '/passes', query: { filter: '{"facility_id":0}' } })).json()).toHaveLength(3);
  });

  it('pins a manager to their own facility whatever facility_id they send', async () => {
    const res = await as('manager', { method: 'GET', url: '/passes?facility_id=2' });
    expect(names(res.json())).toEqual(['Brooklyn day pass', 'Brooklyn month pass']);
    expect(res.headers['content-range']).toBe('fields 0-1/2');
    const bad = await as('admin', { method: 'GET', url: '/passes?facility_id=queens' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('facility_id: must be a facility ID (0 for all)');
  });

  it("answers 404 for another facility's record, on read, update and delete", async () => {
    expect((await as('manager', { method: 'GET', url: `/pass/${queensMonth}` })).statusCode).toBe(404);
    const put = await as('manager', { method: 'PUT', url: `/pass/${queensMonth}`, payload: { name: 'Taken over' } });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Pass not found');
    expect((await as('manager2', { method: 'GET', url: `/pass/${queensMonth}` })).statusCode).toBe(200);
    expect(changes).toEqual([]);
  });

  it("creates in the manager's facility even when another is sent, and never moves a record", async () => {
    const created = await as('manager', { method: 'POST', url: '/pass', payload: { name: 'Promo', facility_id: 2, price: 5, kind: 'day' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ facility_id: 1 });
    const moved = await as('manager', { method: 'PUT', url: `/pass/${brooklynDay}`, payload: { facility_id: 2 } });
    expect(moved.json()).toMatchObject({ facility_id: 1 });
    const byAdmin = await as('admin', { method: 'PUT', url: `/pass/${brooklynDay}`, payload: { facility_id: 2 } });
    expect(byAdmin.json()).toMatchObject({ facility_id: 2 });
  });
});

describe('crud: money, filters, soft delete and the change hook', () => {
  it('stores cents and answers dollars', async () => {
    const res = await as('admin', { method: 'POST', url: '/pass', payload: { name: 'Week pass', facility_id: 3, price: 45.5, kind: 'day' } });
    expect(res.json()).toMatchObject({ price: 45.5 });
    const [stored] = await ctx.database.db.select().from(passes).where(eq(passes.ID, res.json().ID));
    expect(stored.price).toBe(4550);
    expect((await as('admin', { method: 'GET', url: `/pass/${brooklynDay}` })).json().price).toBe(12.5);
  });

  it('refuses an amount with more than two decimals, or past the ceiling', async () => {
    const res = await as('admin', { method: 'PUT', url: `/pass/${brooklynDay}`, payload: { price: 1.005 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('price: an amount has at most two decimals');
    const huge = await as('admin', { method: 'PUT', url: `/pass/${brooklynDay}`, payload: { price: 1e12 } });
    expect(huge.json()).toMatchObject({ statusCode: 400, message: 'price: must be at most $1,000,000.00' });
  });

  it('filters exactly, from a plain parameter or the filter JSON, and searches several columns', async () => {
    expect(names((await as('admin', { method: 'GET', url: '/passes?kind=month' })).json())).toEqual(['Queens month pass', 'Brooklyn month pass']);
    const combined = await as('admin', { method: 'GET', url: '/passes', query: { filter: '{"kind":"month","q":"brooklyn"}' } });
    expect(names(combined.json())).toEqual(['Brooklyn month pass']);
    // "day" matches the kind column, "brooklyn" the name.
    expect(names((await as('admin', { method: 'GET', url: '/passes?q=day%20brooklyn' })).json())).toEqual(['Brooklyn day pass']);
    const bad = await as('admin', { method: 'GET', url: '/passes?kind=year' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^kind: /);
  });

  it('soft-deletes: the record disappears from list and get, and stays in the table', async () => {
    const res = await as('admin', { method: 'DELETE', url: `/pass/${brooklynDay}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).toEqual(expect.any(Number));
    expect((await as('admin', { method: 'GET', url: `/pass/${brooklynDay}` })).statusCode).toBe(404);
    expect((await as('admin', { method: 'DELETE', url: `/pass/${brooklynDay}` })).statusCode).toBe(404);
    expect(names((await as('admin', { method: 'GET', url: '/passes' })).json())).not.toContain('Brooklyn day pass');
    expect(await ctx.database.db.$count(passes, eq(passes.ID, brooklynDay))).toBe(1);
  });

  it('calls the change hook with each write, the record as answered and the user', async () => {
    const created = (await as('admin', { method: 'POST', url: '/pass', payload: { name: 'Hooked', facility_id: 1, price: 7, kind: 'day' } })).json();
    await as('manager', { method: 'PUT', url: `/pass/${created.ID}`, payload: { price: 8 } });
    await as('admin', { method: 'DELETE', url: `/pass/${created.ID}` });
    expect(changes.map((c) => [c.action, c.row.price, c.user])).toEqual([
      ['create', 7, 'admin@touchline.test'],
      ['update', 8, 'manager@touchline.test'],
      ['delete', 8, 'admin@touchline.test'],
    ]);
  });

  it('writes nothing when the change hook fails', async () => {
    failHook = true;
    const res = await as('admin', { method: 'PUT', url: `/pass/${brooklynDay}`, payload: { name: 'Renamed' } });
    expect(res.statusCode).toBe(500);
    const [stored] = await ctx.database.db.select().from(passes).where(eq(passes.ID, brooklynDay));
    expect(stored.name).toBe('Brooklyn day pass');
  });

  it('applies the role matrix of the declared resource', async () => {
    expect((await as('mod', { method: 'GET', url: '/passes' })).statusCode).toBe(200);
    const res = await as('mod', { method: 'POST', url: '/pass', payload: { name: 'x', facility_id: 1, price: 1, kind: 'day' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('A mod cannot create fields');
  });
});
