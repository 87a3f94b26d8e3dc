import zlib from 'node:zlib';
import dayjs from 'dayjs';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../core/time';
import {
  calendarVersions, classes, contracts, customers, discountApplications, events, facilities, fields, invoiceItems, invoices, leagues, matches, payments, productTypes, teams,
} from '../../server/db/schema';
import { calendarRows, calendarVersion } from '../../server/routes/events/calendarRows';
import { overlapsAt } from '../../server/domain/events/overlap';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// GET /event and /event/conflicts keep their answers while the facility's calendar version stays
// (routes/events/calendarCache.ts, migrations 0014 and 0016). Each change below is written straight to the
// database, as any writer might, and must show in the next answer: the kept answer is never stale.

const NY = 'America/New_York';
const ny = (local: string) => dayjs.tz(local, NY).unix();
const MARACANA = 1;
const SAN_SIRO = 3;
const QUEENS_FIELD = 5;
const DAY = '2027-09-06';
const START = ny(`${DAY} 00:00`);
const END = START + 7 * 86400;
const WEEK = `/api/event?start=${START}&end=${END}`;

let ctx: TestContext;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.login('manager@touchline.test');
});
afterAll(() => ctx?.close());

/** The week as GET /event answers it, and as a fresh read of the database gives it. */
async function week() {
  const res = await ctx.as(manager, { method: 'GET', url: WEEK });
  expect(res.statusCode).toBe(200);
  const fresh = await calendarRows(ctx.database.db, and(eq(events.facility_id, 1), overlapsAt(1, START, END)));
  return { answer: res.json() as unknown[], fresh: JSON.parse(JSON.stringify(fresh)) as unknown[] };
}

/** The facility's calendar version: its shards' values, as 'shard:value,…' ('0' before any change). */
const version = async (facilityId: number) =>
  (await ctx.database.db.select({ version: calendarVersion(sql`${facilityId}`) }).from(facilities).where(eq(facilities.ID, facilityId)))[0].version;
/** The newest value among a version's shards. */
const newest = (v: string) => Math.max(0, ...v.split(',').map((shard) => Number(shard.split(':')[1] ?? 0)));

describe('the calendar\'s kept answers', () => {
  it('follow every change the week shows, whoever writes it', async () => {
    const { db } = ctx.database;
    const at = (hour: number) => ny(`${DAY} ${String(hour).padStart(2, '0')}:00`);
    const customer = await insertCustomer(db, { first_name: 'Vera', last_name: 'Version' });
    const [klass] = await db.insert(classes).values({ name: 'Tiny kickers', start_date: START, end_date: END, facility_id: 1 }).returning();
    const [contract] = await db.insert(contracts).values({ name: 'Monday block', facility_id: 1, product_type_id: 2 }).returning();
    const [league] = await db.insert(leagues).values({ name: 'Fall League', facility_id: 1, start_date: START, end_date: END, color: '#123456' }).returning();
    const [home, away] = await db.insert(teams).values([{ name: 'Lions', facility_id: 1 }, { name: 'Hawks', facility_id: 1 }]).returning();
    const [match] = await db.insert(matches).values({ league_id: league.ID, date: at(20), home_team_id: home.ID, away_team_id: away.ID }).returning();
    const [rental, classEvent, contractEvent, matchEvent, spare] = await db.insert(events).values([
      { product_type_id: 1, field_id: MARACANA, facility_id: 1, start_date: at(8), end_date: at(9), customer_id: customer.ID },
      { product_type_id: 10, field_id: MARACANA, facility_id: 1, start_date: at(10), end_date: at(11), class_id: klass.ID },
      { product_type_id: 2, field_id: MARACANA, facility_id: 1, start_date: at(12), end_date: at(13), contract_id: contract.ID },
      { product_type_id: 3, field_id: SAN_SIRO, facility_id: 1, start_date: at(20), end_date: at(21), match_id: match.ID },
      { product_type_id: 1, field_id: SAN_SIRO, facility_id: 1, start_date: at(8), end_date: at(9), comment: 'Spare' },
    ]).returning();
    const [invoice] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, date: at(7) }).returning();
    await db.insert(invoiceItems).values({ invoice_id: invoice.ID, event_id: rental.ID, price: 5000 });

    const changes: Array<[string, () => Promise<unknown>]> = [
      ['an event booked', () => db.insert(events).values({ product_type_id: 1, field_id: MARACANA, facility_id: 1, start_date: at(15), end_date: at(16) })],
      ['an event moved', () => db.update(events).set({ start_date: at(17), end_date: at(18) }).where(eq(events.ID, spare.ID))],
      ['an event deleted', () => db.delete(events).where(and(eq(events.facility_id, 1), eq(events.start_date, at(15))))],
      ['a payment', () => db.insert(payments).values({ invoice_id: invoice.ID, amount: 2000, type: 'cash' })],
      ['a payment corrected', () => db.update(payments).set({ amount: 5000 }).where(eq(payments.invoice_id, invoice.ID))],
      ['a discount', () => db.insert(discountApplications).values({ invoice_id: invoice.ID, amount: 1000 })],
      ['an item billing another event', () => db.insert(invoiceItems).values({ invoice_id: invoice.ID, event_id: spare.ID, price: 0 })],
      ['an item deleted', () => db.delete(invoiceItems).where(eq(invoiceItems.event_id, spare.ID))],
      ['the invoice reversed', async () => {
        const [reversal] = await db.insert(invoices).values({ facility_id: 1, customer_id: customer.ID, date: at(7), reversal: invoice.ID }).returning();
        await db.update(invoices).set({ reversed: reversal.ID }).where(eq(invoices.ID, invoice.ID));
      }],
      ['the customer renamed', () => db.update(customers).set({ last_name: 'Renamed' }).where(eq(customers.ID, customer.ID))],
      ['the class renamed', () => db.update(classes).set({ name: 'Big kickers' }).where(eq(classes.ID, klass.ID))],
      ['the contract renamed', () => db.update(contracts).set({ name: 'Monday night block' }).where(eq(contracts.ID, contract.ID))],
      ['the match scored', () => db.update(matches).set({ home_score: 2, away_score: 1 }).where(eq(matches.ID, match.ID))],
      ['a team renamed', () => db.update(teams).set({ name: 'Lionesses' }).where(eq(teams.ID, home.ID))],
      ['the league recoloured', () => db.update(leagues).set({ color: '#654321' }).where(eq(leagues.ID, league.ID))],
      ['a product type recoloured', () => db.update(productTypes).set({ color: '#abcdef' }).where(eq(productTypes.ID, 1))],
      ['a field renamed', () => db.update(fields).set({ name: 'Maracanã Norte' }).where(eq(fields.ID, MARACANA))],
    ];
    let before = (await week()).answer;
    for (const [what, change] of changes) {
      await change();
      const { answer, fresh } = await week();
      expect(answer, what).toEqual(fresh);
      expect(answer, `${what} shows`).not.toEqual(before);
      before = answer;
    }
    expect(before.map((e) => (e as { ID: number }).ID)).toEqual(expect.arrayContaining([classEvent.ID, contractEvent.ID, matchEvent.ID]));
  });

  it('keep an answer while nothing it shows changes, and leave other facilities\' alone', async () => {
    const { db } = ctx.database;
    const first = await week();
    const kept = await version(1);
    // Another facility's booking, a customer's email and an invoice's comment change nothing the week shows.
    await db.insert(events).values({ product_type_id: 1, field_id: QUEENS_FIELD, facility_id: 2, start_date: ny(`${DAY} 09:00`), end_date: ny(`${DAY} 10:00`) });
    await db.update(customers).set({ email: 'vera@example.com' }).where(eq(customers.last_name, 'Renamed'));
    await db.update(invoices).set({ comment: 'thanks' }).where(eq(invoices.facility_id, 1));
    expect(await version(1)).toBe(kept);
    expect((await week()).answer).toEqual(first.answer);
  });

  it('show a new conflict in the look-ahead', async () => {
    const { db } = ctx.database;
    const conflicts = () => ctx.as(manager, { method: 'GET', url: `/api/event/conflicts?start=${START}&end=${END}` }).then((r) => r.json() as Array<{ ID: number }>);
    const before = await conflicts();
    const [a, b] = await db.insert(events).values([
      { product_type_id: 1, field_id: SAN_SIRO, facility_id: 1, start_date: ny(`${DAY} 22:00`), end_date: ny(`${DAY} 23:00`), keep: true },
      { product_type_id: 1, field_id: SAN_SIRO, facility_id: 1, start_date: ny(`${DAY} 22:30`), end_date: ny(`${DAY} 23:30`), keep: true },
    ]).returning();
    const after = await conflicts();
    expect(after.map((e) => e.ID)).toEqual([...before.map((e) => e.ID), a.ID, b.ID]);
    await db.delete(events).where(eq(events.ID, b.ID));
    expect((await conflicts()).map((e) => e.ID)).toEqual(before.map((e) => e.ID));
  });

  it('go out compressed as the caller accepts, the same answer in every encoding', async () => {
    const get = (encoding: string) => ctx.as(manager, { method: 'GET', url: WEEK, headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    const gzip = await get('gzip');
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(JSON.parse(plain.body).length).toBeGreaterThan(3);
  });

  it('never repeat a version, a facility\'s first one included', async () => {
    const { db } = ctx.database;
    const before = await version(1);
    await db.delete(invoiceItems).where(gte(invoiceItems.ID, 0));
    const afterDelete = await version(1);
    expect(afterDelete).not.toBe(before);
    expect(newest(afterDelete)).toBeGreaterThan(newest(before));
    // A facility with no version row yet reads as 0; its first change writes a value never used before.
    await db.delete(calendarVersions).where(eq(calendarVersions.facility_id, 2));
    expect(await version(2)).toBe('0');
    await db.update(events).set({ comment: 'moved' }).where(and(eq(events.facility_id, 2), lt(events.start_date, END)));
    expect(newest(await version(2))).toBeGreaterThan(newest(afterDelete));
  });
});
