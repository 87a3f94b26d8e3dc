import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changelog, customers } from '../../server/db/schema';
import { SEARCH_LIMIT } from '../../core/constants';
import { searchWords } from '../../server/routes/customers/search';
import { createTestContext, type TestContext } from './harness';

// GET /customer/search/{query}, GET /customer/search/deleted/{query}, POST /customer/reactivate/{id}:
// every word must match some field, a manager stays inside their facility, deleted customers only turn
// up in the deleted search until they are reactivated.

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;
let coach: string;
const ids: Record<string, number> = {};

type Row = typeof customers.$inferInsert;
const base = { phone: '', address: '', facility_id: 1 } satisfies Partial<Row>;
const people: Record<string, Row> = {
  zoe: { ...base, first_name: 'Zoe', last_name: 'Quillfeather', email: 'zoe.q@example.com', phone: '+12125550199', address: '12 Harbor Lane, Brooklyn' },
  zack: { ...base, first_name: 'Zack', last_name: 'Quillfeather', email: 'zack.q@example.com', phone: '+12125550142', address: '7 Mill Road, Queens' },
  other: { ...base, first_name: 'Zoe', last_name: 'Quillfeather', email: 'zoe.other@example.com', facility_id: 2 },
  gone: { ...base, first_name: 'Gwen', last_name: 'Quillfeather', email: 'gwen.q@example.com', deleted_at: 1_700_000_000 },
  goneElsewhere: { ...base, first_name: 'Gil', last_name: 'Quillfeather', email: 'gil.q@example.com', facility_id: 2, deleted_at: 1_700_000_000 },
};

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, manager2, coach] = await Promise.all(
    ['admin@touchline.test', 'manager@touchline.test', 'manager2@touchline.test', 'coach@touchline.test'].map((email) => ctx.login(email)),
  );
  for (const [key, row] of Object.entries(people)) {
    const [created] = await ctx.database.db.insert(customers).values(row).returning({ ID: customers.ID });
    ids[key] = created.ID;
  }
});
afterAll(async () => { await ctx?.close(); });

const search = (token: string, query: string, extra = '') =>
  ctx.as(token, { method: 'GET', url: `/api/customer/search/${encodeURIComponent(query)}${extra}` });
const found = (res: { json(): Array<{ ID: number }> }) => res.json().map((r) => r.ID);

describe('customer search', () => {
  it('answers the customers every word matches, with their facility, sorted by last then first name', async () => {
    const res = await search(manager, 'quillfeather');
    expect(res.statusCode).toBe(200);
    expect(found(res)).toEqual([ids.zack, ids.zoe]);
    expect(res.json()[1]).toMatchObject({
      ID: ids.zoe, first_name: 'Zoe', last_name: 'Quillfeather', email: 'zoe.q@example.com', phone: '+12125550199',
      address: '12 Harbor Lane, Brooklyn', facility_id: 1, facility: { ID: 1, name: expect.any(String) }, is_kid: false, birthdate: null,
    });
  });

  it('sorts names byte by byte, the same whatever the database collation, through either plan', async () => {
    const names = ['Álvarez', 'de Ortiz', 'Zubiri', 'Ortiz'];
    const rows = await ctx.database.db.insert(customers)
      .values(names.map((last_name, i) => ({ ...base, first_name: 'Ines', last_name, email: `ines${i}.qxmark@example.com` })))
      .returning({ ID: customers.ID, last_name: customers.last_name });
    const inOrder = ['Ortiz', 'Zubiri', 'de Ortiz', 'Álvarez'].map((name) => rows.find((r) => r.last_name === name)!.ID);
    expect(found(await search(manager, 'qxmark'))).toEqual(inOrder);
    // Words too short for a trigram walk the name index instead; the order is the same.
    expect(found(await search(manager, 'qx'))).toEqual(inOrder);
  });

  it("puts a whole-name match first, the adult above their children (whose search text carries the parent's e-mail)", async () => {
    const adult = { ...base, first_name: 'Ana', last_name: 'Brightwater', email: 'ana.brightwater@example.com' };
    const [parent] = await ctx.database.db.insert(customers).values(adult).returning({ ID: customers.ID });
    const kids = await ctx.database.db.insert(customers).values(['Abel', 'Ana'].map((first_name) => ({
      ...base, first_name, last_name: 'Brightwater', is_kid: true, parent_email: adult.email, email: `${adult.email}##${first_name}`,
    }))).returning({ ID: customers.ID });
    // By name alone: Abel (a child), Ana, Ana (a child).
    expect(found(await search(manager, 'brightwater'))).toEqual([kids[0].ID, parent.ID, kids[1].ID]);
    expect(found(await search(manager, 'Ana Brightwater'))).toEqual([parent.ID, kids[1].ID, kids[0].ID]);
    expect(found(await search(manager, 'brightwater  ANA'))).toEqual([parent.ID, kids[1].ID, kids[0].ID]);
  });

  it('rules a customer out when the second word matches none of their fields', async () => {
    expect(found(await search(manager, 'Quillfeather Brooklyn'))).toEqual([ids.zoe]);
    expect(found(await search(manager, 'Quillfeather harbor ZOE'))).toEqual([ids.zoe]);
    expect(found(await search(manager, 'Quillfeather Bronx'))).toEqual([]);
  });

  it('matches a phone however it is typed', async () => {
    expect(found(await search(manager, '555-0142'))).toEqual([ids.zack]);
    expect(found(await search(manager, '(212) 5550199'))).toEqual([ids.zoe]);
    expect(found(await search(manager, '+12125550142'))).toEqual([ids.zack]);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect(found(await search(manager, 'quill%feather'))).toEqual([]);
    expect(found(await search(manager, 'q_illfeather'))).toEqual([]);
  });

  it('keeps a manager in their own facility whatever facility_id they send; admins choose or see all', async () => {
    expect(found(await search(manager, 'quillfeather zoe', '?facility_id=2'))).toEqual([ids.zoe]);
    expect(found(await search(manager2, 'quillfeather'))).toEqual([ids.other]);
    expect(found(await search(admin, 'quillfeather zoe'))).toEqual(expect.arrayContaining([ids.zoe, ids.other]));
    expect(found(await search(admin, 'quillfeather zoe', '?facility_id=0'))).toHaveLength(2);
    expect(found(await search(admin, 'quillfeather zoe', '?facility_id=2'))).toEqual([ids.other]);
  });

  it('answers at most SEARCH_LIMIT customers', async () => {
    const many = Array.from({ length: SEARCH_LIMIT + 5 }, (_, i) => ({ ...base, first_name: `Many${i}`, last_name: 'Bulkington', email: `bulk${i}@example.com` }));
    await ctx.database.db.insert(customers).values(many);
    expect(found(await search(manager, 'bulkington'))).toHaveLength(SEARCH_LIMIT);
  });

  it("answers an admin's first SEARCH_LIMIT matches across facilities by last name, first name and ID, each with its facility", async () => {
    // Interleaved over two facilities, with ties on both names that only the ID breaks.
    const rows = Array.from({ length: SEARCH_LIMIT + 10 }, (_, i) => ({
      ...base, first_name: `Ann${String(i % 7).padStart(2, '0')}`, last_name: i % 3 ? 'Ordwaybrook' : 'Ordwaybrooke',
      email: `ordway${i}@example.com`, facility_id: i % 2 ? 2 : 1,
    }));
    const created = await ctx.database.db.insert(customers).values(rows.reverse()).returning();
    const expected = created
      .sort((a, b) => (a.last_name < b.last_name ? -1 : a.last_name > b.last_name ? 1 : 0)
        || (a.first_name < b.first_name ? -1 : a.first_name > b.first_name ? 1 : 0) || a.ID - b.ID)
      .slice(0, SEARCH_LIMIT);
    const res = await search(admin, 'ordwaybrook');
    expect(found(res)).toEqual(expected.map((c) => c.ID));
    const names = new Map((await ctx.as(admin, { method: 'GET', url: '/api/facility' })).json().map((f: { ID: number; name: string }) => [f.ID, f.name]));
    for (const row of res.json() as Array<{ ID: number; facility_id: number; facility: { ID: number; name: string } }>) {
      expect(row.facility).toEqual({ ID: row.facility_id, name: names.get(row.facility_id) });
    }
    expect(Object.keys(res.json()[0])).toEqual([
      'ID', 'first_name', 'last_name', 'email', 'phone', 'birthdate', 'gender', 'address', 'state', 'country', 'is_kid',
      'parent_email', 'customer_type_id', 'facility_id', 'facility', 'deleted_at',
    ]);
    // A manager's first matches are their facility's, in the same order.
    expect(found(await search(manager, 'ordwaybrook'))).toEqual(
      created.filter((c) => c.facility_id === 1).slice(0, SEARCH_LIMIT).map((c) => c.ID),
    );
  });

  it('refuses coaches and referees, and a query of spaces', async () => {
    expect((await search(coach, 'quillfeather')).statusCode).toBe(403);
    const blank = await search(manager, '   ');
    expect(blank.statusCode).toBe(400);
  });

  it('splits words, turns phone-like words into digits and drops repeats', () => {
    expect(searchWords('  Zoe   (212) 555-0199 zoe ')).toEqual(['zoe', '212', '5550199']);
    expect(searchWords('A1 Street')).toEqual(['a1', 'street']);
  });
});

describe('deleted customers', () => {
  it('are found only by the deleted search', async () => {
    expect(found(await search(manager, 'gwen'))).toEqual([]);
    const res = await ctx.as(manager, { method: 'GET', url: '/api/customer/search/deleted/quillfeather' });
    expect(res.statusCode).toBe(200);
    expect(found(res)).toEqual([ids.gone]);
  });

  it("answer 404 to reactivating another facility's customer or an active one, changing nothing", async () => {
    for (const id of [ids.goneElsewhere, ids.zoe, 999999]) {
      expect((await ctx.as(manager, { method: 'POST', url: `/api/customer/reactivate/${id}` })).statusCode).toBe(404);
    }
    const [row] = await ctx.database.db.select({ deleted_at: customers.deleted_at }).from(customers).where(eq(customers.ID, ids.goneElsewhere));
    expect(row.deleted_at).toBe(1_700_000_000);
  });

  it('come back with reactivation and are searchable again', async () => {
    const res = await ctx.as(manager, { method: 'POST', url: `/api/customer/reactivate/${ids.gone}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: ids.gone, deleted_at: null, facility: { ID: 1 } });
    const [entry] = await ctx.database.db.select().from(changelog).where(and(eq(changelog.object_type, 'customer'), eq(changelog.object_id, ids.gone)));
    expect(entry).toMatchObject({ action: 'update' });
    expect(JSON.parse(entry.new_value)).toMatchObject({ reactivated: true, deleted_at: null });
    expect(found(await search(manager, 'gwen quillfeather'))).toEqual([ids.gone]);
    expect(found(await ctx.as(manager, { method: 'GET', url: '/api/customer/search/deleted/gwen' }))).toEqual([]);
    expect((await ctx.as(manager, { method: 'POST', url: `/api/customer/reactivate/${ids.gone}` })).statusCode).toBe(404);
  });
});
