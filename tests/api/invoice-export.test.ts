import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoices } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// Issue 22 item 4: the invoice list's Export writes the whole result, not the page shown. POST
// /invoice/export streams every invoice of the search in the list's order, page after page on the
// server; here 2,150 invoices, more than two of the server's pages (1,000) and 43 of the list's (50).

let ctx: TestContext;
let admin: string;
const COUNT = 2150;
const START = Date.UTC(2025, 0, 6) / 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  const { db } = ctx.database;
  // An hour apart, in facility 1; one of every ten in facility 2.
  const rows = Array.from({ length: COUNT }, (_, i) => ({ facility_id: i % 10 === 0 ? 2 : 1, date: START + i * 3600, comment: `export ${i}` }));
  const created: Array<{ ID: number }> = [];
  for (let i = 0; i < rows.length; i += 500) created.push(...await db.insert(invoices).values(rows.slice(i, i + 500)).returning({ ID: invoices.ID }));
  for (let i = 0; i < created.length; i += 500) {
    await db.insert(invoiceItems).values(created.slice(i, i + 500).map(({ ID }) => ({ invoice_id: ID, price: 1000 + (ID % 7) })));
  }
});
afterAll(async () => { await ctx?.close(); });

const window = { start_date: START, end_date: START + COUNT * 3600 };

describe('invoice export', () => {
  it('answers every invoice of the search, in the list\'s order, with the count', async () => {
    const res = await ctx.api(admin, 'POST', '/invoice/export', { query: window });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(COUNT));
    const rows = res.json() as Array<{ ID: number; date: number; invoiced: number; facility: { ID: number } }>;
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((r) => r.ID)).size).toBe(COUNT);
    expect(rows.map((r) => r.date)).toEqual(Array.from({ length: COUNT }, (_, i) => START + (COUNT - 1 - i) * 3600));
    // The same rows as the list's pages, one after the other.
    const page = async (first: number, last: number) =>
      (await ctx.api(admin, 'GET', `/invoice?filter=${encodeURIComponent(JSON.stringify(window))}&range=${encodeURIComponent(JSON.stringify([first, last]))}`)).json();
    expect(rows.slice(0, 1000)).toEqual(await page(0, 999));
    expect(rows.slice(2000)).toEqual(await page(2000, 2149));
  });

  it('keeps the search\'s filters and order', async () => {
    const res = await ctx.api(admin, 'POST', '/invoice/export', { query: { ...window, facility_id: 2 }, sort: ['date', 'ASC'] });
    const rows = res.json() as Array<{ date: number; facility: { ID: number } }>;
    expect(rows).toHaveLength(COUNT / 10);
    expect(rows.every((r) => r.facility.ID === 2)).toBe(true);
    expect(rows[0].date).toBe(START);
    const empty = await ctx.api(admin, 'POST', '/invoice/export', { query: { start_date: 0, end_date: 1 } });
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
  });

  it('is the admins\': a manager is refused', async () => {
    const manager = await ctx.login('manager@touchline.test');
    expect((await ctx.api(manager, 'POST', '/invoice/export', { query: window })).statusCode).toBe(403);
  });
});
