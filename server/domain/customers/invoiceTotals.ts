import { desc, eq, sql } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import type { Db, Tx } from '../../db/client';
import { invoices } from '../../db/schema';

// An invoice's sums are kept on its row by the database (migration 0013): invoiced is its items
// (quantity × price + taxes + fees), discounted its discounts, paid its payments (refunds are negative
// payments); its total is invoiced less discounted.

export const itemsOf = sql<number>`${invoices.invoiced}`;
export const discountsOf = sql<number>`${invoices.discounted}`;
export const paymentsOf = sql<number>`${invoices.paid}`;

/** Total, paid and balance of every invoice of a customer, newest first, money in dollars. */
export async function customerInvoices(db: Db | Tx, customerId: number) {
  const rows = await db
    .select({
      ID: invoices.ID,
      date: invoices.date,
      facility_id: invoices.facility_id,
      customer_id: invoices.customer_id,
      invoice_type_id: invoices.invoice_type_id,
      product_type_id: invoices.product_type_id,
      team_id: invoices.team_id,
      comment: invoices.comment,
      reversed: invoices.reversed,
      reversal: invoices.reversal,
      CreatedAt: invoices.CreatedAt,
      items: sql<string>`${itemsOf}`,
      discounts: sql<string>`${discountsOf}`,
      paid: sql<string>`${paymentsOf}`,
    })
    .from(invoices)
    .where(eq(invoices.customer_id, customerId))
    .orderBy(desc(invoices.date), desc(invoices.ID));
  return rows.map(({ items, discounts, paid, ...invoice }) => {
    const total = Number(items) - Number(discounts);
    return { ...invoice, total: toDollars(total), paid: toDollars(Number(paid)), balance: toDollars(total - Number(paid)) };
  });
}

/** What the profile's summary shows: invoiced, paid and balance over all invoices, in dollars, and the last invoice date. */
export async function customerTotals(db: Db | Tx, customerId: number) {
  const [row] = await db
    .select({
      invoiced: sql<string>`coalesce(sum(${itemsOf} - ${discountsOf}), 0)`,
      paid: sql<string>`coalesce(sum(${paymentsOf}), 0)`,
      last_invoice_date: sql<string | null>`max(${invoices.date})`,
    })
    .from(invoices)
    .where(eq(invoices.customer_id, customerId));
  const invoiced = Number(row.invoiced);
  const paid = Number(row.paid);
  return {
    totals: { invoiced: toDollars(invoiced), paid: toDollars(paid), balance: toDollars(invoiced - paid) },
    last_invoice_date: row.last_invoice_date === null ? null : Number(row.last_invoice_date),
  };
}
