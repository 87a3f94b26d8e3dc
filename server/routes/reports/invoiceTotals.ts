import { sql, type SQL } from 'drizzle-orm';

// The invoice figures of the invoice list and the customer profile (customers/invoiceTotals.ts), for
// a set of invoices at once: invoiced = items (quantity × price + taxes + fees), discounted = the
// discounts applied, paid = the payments (refunds negative), balance = invoiced − discounted − paid.
// Each sum is one grouped scan of its table over the chosen invoices, rather than a sub-query per row.

/**
 * A CTE list: `inv` (the rows of `chosen`, which must select at least `i.id`) and `tot` (inv's columns
 * with invoiced, discounted, paid and balance in cents). Follow it with the query that reads `tot`.
 */
export function withInvoiceTotals(chosen: SQL): SQL {
  return sql`with inv as (${chosen}),
    it as (select invoice_id, sum(quantity * price + amount_taxes + amount_fees) as s from invoice_items where invoice_id in (select id from inv) group by invoice_id),
    di as (select invoice_id, sum(amount) as s from discount_applications where invoice_id in (select id from inv) group by invoice_id),
    pa as (select invoice_id, sum(amount) as s from payments where invoice_id in (select id from inv) group by invoice_id),
    tot as (select inv.*, coalesce(it.s, 0) as invoiced, coalesce(di.s, 0) as discounted, coalesce(pa.s, 0) as paid,
        coalesce(it.s, 0) - coalesce(di.s, 0) - coalesce(pa.s, 0) as balance
      from inv left join it on it.invoice_id = inv.id left join di on di.invoice_id = inv.id left join pa on pa.invoice_id = inv.id)`;
}

/** An invoice's state for the reports: reversed (either side of a reversal), paid, partially paid or unpaid. */
export const invoiceStatus = sql`case when tot.reversed_by_id is not null or tot.reversal_of_id is not null then 'reversed'
  when tot.balance <= 0 then 'paid' when tot.paid > 0 then 'partially paid' else 'unpaid' end`;
