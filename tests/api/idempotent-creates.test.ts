import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../core/time';
import { KEY_REUSED } from '../../server/http/idempotency';
import { contracts, events, invoices, pickupSessions, productVariations } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { createTestContext, describeOnPostgres, type TestContext } from './harness';

// Creates of money or a booking honour an Idempotency-Key (issue 22 item 3): an event, a repeat series,
// a contract (with its invoice), a pickup session (contract, games, invoice), an invoice. A repeat with the key
// answers the first answer and writes nothing, the key with another request answers 409, and two
// identical requests racing on PostgreSQL make one record.

let ctx: TestContext;
let admin: string;
let manager: string;
let customerId: number;
let pickupProduct: number;

const NY = 'America/New_York';
const ny = (local: string) => dayjs.tz(local, NY).unix();
const MARACANA = 1;
const SAN_SIRO = 3;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager } = await ctx.signInStaff());
  customerId = (await insertCustomer(ctx.database.db, { first_name: 'Ida', last_name: 'Empotent' })).ID;
  [{ ID: pickupProduct }] = await ctx.database.db.select().from(productVariations).where(eq(productVariations.facility_id, 1)).limit(1);
});
afterAll(async () => { await ctx?.close(); });

const post = (token: string, url: string, payload: object, key?: string) =>
  ctx.as(token, { method: 'POST', url: `/api${url}`, payload, headers: key ? { 'idempotency-key': key } : {} });

/** Each create, with a body for a given day (so that each test books free slots) and what counts its records. */
const CREATES = [
  {
    name: 'an event', url: '/event', token: () => manager,
    body: (day: string) => ({ field_id: MARACANA, product_type_id: 1, start_date: ny(`${day} 19:00`), end_date: ny(`${day} 20:00`), customer_id: customerId }),
    count: () => ctx.database.db.$count(events),
  },
  {
    name: 'a repeat series', url: '/event/series', token: () => manager,
    body: (day: string) => ({
      product_type_id: 1, customer_id: customerId,
      events: [0, 7].map((d) => ({ field_id: SAN_SIRO, start_date: ny(`${day} 19:00`) + d * 86400, end_date: ny(`${day} 20:00`) + d * 86400 })),
    }),
    count: () => ctx.database.db.$count(events),
  },
  {
    name: 'a contract', url: '/contract', token: () => manager,
    body: (day: string) => ({ facility_id: 1, product_type_id: 2, name: `Block from ${day}`, customer_id: customerId }),
    count: async () => (await ctx.database.db.$count(contracts)) * 1000 + (await ctx.database.db.$count(invoices)),
  },
  {
    name: 'a pickup session', url: '/pickup', token: () => admin,
    body: (day: string) => ({
      facility_id: 1, field_id: 2, product_id: pickupProduct, day: dayjs(day).day(), time: 21, duration: 60,
      events: [{ field_id: 2, start_date: ny(`${day} 21:00`), end_date: ny(`${day} 22:00`) }],
    }),
    count: async () => (await ctx.database.db.$count(pickupSessions)) * 1000 + (await ctx.database.db.$count(invoices)),
  },
  {
    name: 'an invoice', url: '/invoice', token: () => manager,
    body: (day: string) => ({ facility_id: 1, customer_id: customerId, date: ny(`${day} 12:00`), invoice_items: [{ price: 25, comment: 'Camp fee' }] }),
    count: () => ctx.database.db.$count(invoices),
  },
];

describe('a create repeated with its Idempotency-Key', () => {
  it.each(CREATES.map((c, i) => [c.name, i] as const))('%s: answers the first answer and writes nothing; the key with another request 409', async (_, i) => {
    const create = CREATES[i];
    const key = `repeat-${i}-${Date.now()}`;
    const first = await post(create.token(), create.url, create.body('2027-06-07'), key);
    expect(first.statusCode, first.body).toBe(201);
    const records = await create.count();
    const again = await post(create.token(), create.url, create.body('2027-06-07'), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await create.count()).toBe(records);
    const other = await post(create.token(), create.url, create.body('2027-06-08'), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(KEY_REUSED);
    expect(await create.count()).toBe(records);
  });

  it('a key is its sender\'s; a malformed key is refused; without a key each request creates', async () => {
    const body = { facility_id: 1, product_type_id: 2, name: 'Shared key', customer_id: customerId };
    const mine = await post(manager, '/contract', body, 'shared-key-1');
    const theirs = await post(admin, '/contract', body, 'shared-key-1');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().ID).not.toBe(mine.json().ID);
    const bad = await post(manager, '/contract', body, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Idempotency-Key: must be 8 to 200 visible characters');
    const before = await ctx.database.db.$count(contracts);
    await post(manager, '/contract', body);
    await post(manager, '/contract', body);
    expect(await ctx.database.db.$count(contracts)).toBe(before + 2);
  });
});

describeOnPostgres('two identical creates at once (a double click)', () => {
  it.each(CREATES.map((c, i) => [c.name, i] as const))('%s: one record, both answered with it', async (_, i) => {
    const create = CREATES[i];
    const before = await create.count();
    const key = `race-${i}-${Date.now()}`;
    const answers = await Promise.all([0, 1].map(() => post(create.token(), create.url, create.body('2027-07-05'), key)));
    expect(answers.map((a) => a.statusCode), answers[0].body).toEqual([201, 201]);
    expect(answers[1].json()).toEqual(answers[0].json());
    const after = await create.count();
    // One more record (a series: its two events; a contract or a session: one, with one invoice).
    expect(after - before).toBe([1, 2, 1001, 1001, 1][i]);
  });
});
