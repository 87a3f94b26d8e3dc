import type { Db } from '../../../server/db/client';
import { discountApplications, invoiceItems, invoices, payments } from '../../../server/db/schema';

// The invoices' kept sums (migration 0013) worked out again here from the items, discounts and payments
// themselves, in plain TypeScript. The tests compare this with what the database's triggers kept.

type Sums = [id: number, invoiced: number, discounted: number, paid: number];

/** Both, one [id, invoiced, discounted, paid] per invoice in ID order, ready for toEqual. */
export async function invoiceTotalsBoth(db: Db) {
  const rows = await db.select({ ID: invoices.ID, invoiced: invoices.invoiced, discounted: invoices.discounted, paid: invoices.paid }).from(invoices);
  const sums = new Map(rows.map((r) => [r.ID, [r.ID, 0, 0, 0] as Sums]));
  for (const i of await db.select().from(invoiceItems)) sums.get(i.invoice_id)![1] += i.quantity * i.price + i.amount_taxes + i.amount_fees;
  for (const d of await db.select().from(discountApplications)) sums.get(d.invoice_id)![2] += d.amount;
  for (const p of await db.select().from(payments)) sums.get(p.invoice_id)![3] += p.amount;
  const byId = (a: Sums, b: Sums) => a[0] - b[0];
  return {
    stored: rows.map((r): Sums => [r.ID, r.invoiced, r.discounted, r.paid]).sort(byId),
    expected: [...sums.values()].sort(byId),
  };
}
