import type { Db } from '../../../server/db/client';
import { facilities, payments, salesDays } from '../../../server/db/schema';

// sales_days (migrations 0012, 0018) worked out again here from the payments themselves, in plain
// TypeScript: each payment's date in its facility's zone (Intl, not PostgreSQL's zone rules) and its own
// tax and fee (how a payment is split is tests/api/payment-split.test.ts's). The tests compare this with
// what the database's triggers kept.

interface Sums { count: number; collected: number; tax: number; fee: number }

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of an instant in a zone. */
function dateIn(seconds: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  return format.format(new Date(seconds * 1000));
}

const keyOf = (day: string, facility: number, productType: number | null, type: string, refund: boolean) => `${day} ${facility} ${productType} ${type} ${refund}`;

/** The sums per day, facility, product type, payment type and sign, from the payments. */
export async function expectedSalesDays(db: Db): Promise<Map<string, Sums>> {
  const zones = new Map((await db.select().from(facilities)).map((f) => [f.ID, f.time_zone]));
  const sums = new Map<string, Sums>();
  for (const p of await db.select().from(payments)) {
    const key = keyOf(dateIn(p.CreatedAt, zones.get(p.facility_id)!), p.facility_id, p.product_type_id, p.type, p.amount < 0);
    const s = sums.get(key) ?? { count: 0, collected: 0, tax: 0, fee: 0 };
    s.count += 1;
    s.collected += p.amount;
    s.tax += p.tax;
    s.fee += p.fee;
    sums.set(key, s);
  }
  return sums;
}

/** What the database keeps, rows whose payments are all gone (every sum 0) left out. */
export async function storedSalesDays(db: Db): Promise<Map<string, Sums>> {
  const rows = await db.select().from(salesDays);
  return new Map(rows.filter((r) => r.count !== 0 || r.collected !== 0 || r.tax !== 0 || r.fee !== 0)
    .map((r) => [keyOf(r.day, r.facility_id, r.product_type_id, r.type, r.refund), { count: r.count, collected: r.collected, tax: r.tax, fee: r.fee }]));
}

/** Both, sorted by key, ready for toEqual. */
export async function salesDaysBoth(db: Db) {
  const sorted = (m: Map<string, Sums>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  return { stored: sorted(await storedSalesDays(db)), expected: sorted(await expectedSalesDays(db)) };
}
