import { sql, type SQL } from 'drizzle-orm';

// The invoice figures of the invoice list and the customer profile (domain/customers/invoiceTotals.ts), for
// a set of invoices at once: invoiced = items (quantity × price + taxes + fees), discounted = the
// discounts applied, paid = the payments (refunds negative), balance = invoiced − discounted − paid.
// The sums are the invoice's own columns, kept by the database (migration 0013), not summed here.

/**
 * A CTE list: `inv` (the rows of `chosen`, which must select at least `i.id`) and `tot` (inv's columns
 * with invoiced, discounted, paid and balance in cents). Follow it with the query that reads `tot`.
 */
export function withInvoiceTotals(chosen: SQL): SQL {
  return sql`with inv as (${chosen}),
    tot as (select inv.*, x.invoiced, x.discounted, x.paid, x.invoiced - x.discounted - x.paid as balance
      from inv join invoices x on x.id = inv.id)`;
}

/** An invoice's state for the reports: reversed (either side of a reversal), paid, partially paid or unpaid. */
export const invoiceStatus = sql`case when tot.reversed_by_id is not null or tot.reversal_of_id is not null then 'reversed'
  when tot.balance <= 0 then 'paid' when tot.paid > 0 then 'partially paid' else 'unpaid' end`;
