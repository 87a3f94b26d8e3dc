import { sql } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import type { Db } from '../../db/client';
import { anyOf, chosenTypes, inWindows, num, rowsOf, type ReportScope } from './filters';
import { invoiceStatus, withInvoiceTotals } from './invoiceTotals';

// The invoice report (spec 2 §2): the invoices dated in the period, by status, product (type) and
// location, and the invoices table (invoice, date, customer, product, location, invoiced, discounted,
// paid, balance), with the invoice list's figures (./invoiceTotals.ts).

const DEFAULT_PAGE: [number, number] = [0, 49];

function chosenInvoices(scope: ReportScope) {
  const { productTypes, paymentTypes } = chosenTypes(scope.query);
  const window = inWindows(scope.windows, sql`i.facility_id`, sql`i.date`);
  const paidBy = paymentTypes.length ? sql`exists (select 1 from payments p where p.invoice_id = i.id and ${anyOf(sql`p.type`, paymentTypes)})` : sql`true`;
  return sql`select i.id, i.date, i.facility_id, i.customer_id, i.product_type_id, i.reversed_by_id, i.reversal_of_id from invoices i ${window.join}
    where ${window.where} and ${anyOf(sql`i.product_type_id`, productTypes)} and ${paidBy}`;
}

interface Figures { count: string; invoiced: string; discounted: string; paid: string; balance: string }
const figures = (r: Figures) => ({
  count: num(r.count), invoiced: toDollars(num(r.invoiced)), discounted: toDollars(num(r.discounted)), paid: toDollars(num(r.paid)), balance: toDollars(num(r.balance)),
});

export async function invoiceReport(db: Db, scope: ReportScope) {
  const groups = await rowsOf<Figures & { status: string | null; product: string | null; location: string | null; grouping: number }>(db, sql`${withInvoiceTotals(chosenInvoices(scope))},
    labelled as (select tot.*, ${invoiceStatus} as status, coalesce(pt.name, '') as product, f.name as location
      from tot join facilities f on f.id = tot.facility_id left join product_types pt on pt.id = tot.product_type_id)
    select status, product, location, grouping(status, product, location)::int as grouping, count(*) as count,
      sum(invoiced) as invoiced, sum(discounted) as discounted, sum(paid) as paid, sum(balance) as balance
    from labelled group by grouping sets ((), (status), (product), (location))`);
  const total = groups.find((g) => g.grouping === 7);
  const summary = {
    totals: figures(total ?? { count: '0', invoiced: '0', discounted: '0', paid: '0', balance: '0' }),
    by_status: groups.filter((g) => g.grouping === 3).map((g) => ({ status: g.status, ...figures(g) })),
    by_product: groups.filter((g) => g.grouping === 5).map((g) => ({ product: g.product, ...figures(g) })),
    by_location: groups.filter((g) => g.grouping === 6).map((g) => ({ location: g.location, ...figures(g) })),
  };
  if (scope.query.summary_only) return summary;
  return { ...summary, invoices: { total: summary.totals.count, rows: await invoiceRows(db, scope) } };
}

/** A page of the invoices table, newest first. */
export async function invoiceRows(db: Db, scope: ReportScope) {
  const [first, last] = scope.query.range ?? DEFAULT_PAGE;
  const rows = await rowsOf<{ id: number; date: string; customer_id: number | null; first_name: string | null; last_name: string | null; product: string | null; location: string; time_zone: string; invoiced: string; discounted: string; paid: string; balance: string; status: string }>(db, sql`
    ${withInvoiceTotals(chosenInvoices(scope))}
    select tot.id, tot.date, tot.customer_id, c.first_name, c.last_name, pt.name as product, f.name as location, f.time_zone,
      tot.invoiced, tot.discounted, tot.paid, tot.balance, ${invoiceStatus} as status
    from tot join facilities f on f.id = tot.facility_id left join product_types pt on pt.id = tot.product_type_id
    left join customers c on c.id = tot.customer_id
    order by tot.date desc, tot.id desc offset ${first} limit ${last - first + 1}`);
  return rows.map((r) => ({
    ID: r.id, date: num(r.date), product: r.product ?? '', location: r.location, time_zone: r.time_zone, status: r.status,
    customer: r.customer_id ? { ID: r.customer_id, first_name: r.first_name, last_name: r.last_name } : null,
    invoiced: toDollars(num(r.invoiced)), discounted: toDollars(num(r.discounted)), paid: toDollars(num(r.paid)), balance: toDollars(num(r.balance)),
  }));
}

/**
 * The outstanding report (spec 2 §2): per customer, the invoices of the period still owing (or owed),
 * with date, location and balance, and the customer's balance; customers even at 0 are left out. The
 * period's invoices carry their own figures (migration 0013); they are summed by customer first and
 * only the customers left are looked up (at scale most customers of a month are even).
 */
export async function outstandingReport(db: Db, scope: ReportScope) {
  const window = inWindows(scope.windows, sql`i.facility_id`, sql`i.date`);
  const rows = await rowsOf<{ customer_id: number; first_name: string; last_name: string; balance: string; invoices: Array<{ ID: number; date: number; location: string; time_zone: string; balance: number }> }>(db, sql`
    with period as (select i.id, i.date, i.facility_id, i.customer_id, i.invoiced - i.discounted - i.paid as balance
        from invoices i ${window.join} where ${window.where} and i.customer_id is not null),
    owing as (select p.customer_id, sum(p.balance) as balance,
        json_agg(json_build_object('ID', p.id, 'date', p.date, 'location', f.name, 'time_zone', f.time_zone, 'balance', p.balance) order by p.date, p.id)
          filter (where p.balance <> 0) as invoices
      from period p join facilities f on f.id = p.facility_id
      group by p.customer_id
      having sum(p.balance) <> 0)
    select owing.customer_id, c.first_name, c.last_name, owing.balance, owing.invoices
    from owing join customers c on c.id = owing.customer_id
    order by owing.balance desc, owing.customer_id`);
  return rows.map((r) => ({
    customer: { ID: r.customer_id, first_name: r.first_name, last_name: r.last_name },
    balance: toDollars(num(r.balance)),
    invoices: (r.invoices ?? []).map((i) => ({ ID: i.ID, date: num(i.date), location: i.location, time_zone: i.time_zone, balance: toDollars(num(i.balance)) })),
  }));
}
