import { sql, type SQL } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import type { Db } from '../../db/client';
import { anyOf, chosenTypes, inWindows, num, rowsOf, type ReportScope } from './filters';

// The sales report (spec 2 §2), in cents in SQL. Cash basis counts each payment on the day it was made
// (activity basis: on its invoice's date). A payment carries the tax and processing fee inside it
// (payments.tax, payments.fee): split by its own invoice's lines when it was made, so a later change of
// the facility's rates leaves past months as they were (migration 0018). What is left is the sale.
//   gross sales  = sales of the positive payments + discounts applied in the period
//   refunds      = sales of the negative payments (refunds and reversals)
//   net sales    = gross + refunds − discounts            (= the sales of every payment)
//   total sales  = net sales + taxes
//   collected    = every payment; net total = collected − fees  (= total sales)
// Discounts are not payments: with a payment-type filter they are left out.

const DEFAULT_PAGE: [number, number] = [0, 49];

/**
 * The payments `p` of the period: the FROM and WHERE of a query. A payment carries its invoice's facility
 * and product type, so cash basis reads the payments alone (an index-only scan of payments_created_idx);
 * activity basis joins the invoices for their dates.
 */
function paymentsInPeriod(scope: ReportScope): SQL {
  const { productTypes, paymentTypes } = chosenTypes(scope.query);
  const activity = scope.query.basis === 'activity';
  const window = inWindows(scope.windows, sql`p.facility_id`, activity ? sql`i.date` : sql`p.created_at`);
  return sql`from payments p
    ${activity ? sql`join invoices i on i.id = p.invoice_id` : sql``}
    ${window.join}
    where ${window.where} and ${anyOf(sql`p.product_type_id`, productTypes)} and ${anyOf(sql`p.type`, paymentTypes)}`;
}

/**
 * The discounts applied in the period. A discount carries its invoice's facility and product type
 * (migration 0025), so cash basis reads the discounts alone (an index-only scan of
 * discount_applications_created_idx); activity basis joins the invoices for their dates.
 */
async function discountsInPeriod(db: Db, scope: ReportScope): Promise<number> {
  const { productTypes, paymentTypes } = chosenTypes(scope.query);
  if (paymentTypes.length) return 0;
  const activity = scope.query.basis === 'activity';
  const window = inWindows(scope.windows, sql`d.facility_id`, activity ? sql`i.date` : sql`d.created_at`);
  const [row] = await rowsOf<{ discounts: string | null }>(db, sql`select sum(d.amount) as discounts
    from discount_applications d ${activity ? sql`join invoices i on i.id = d.invoice_id` : sql``} ${window.join}
    where ${window.where} and ${anyOf(sql`d.product_type_id`, productTypes)}`);
  return num(row?.discounts);
}

interface GroupRow { type: string | null; facility_id: number | null; product_type_id: number | null; grouping: number; gross: string | null; refunds: string | null; taxes: string | null; fees: string | null; collected: string | null; count: string }

/** The payment figures by the grouping sets (), type, facility and product type. */
function paymentGroups(db: Db, scope: ReportScope): Promise<GroupRow[]> {
  const sums = sql`select type, facility_id, product_type_id, grouping(type, facility_id, product_type_id)::int as grouping,
    sum(collected - tax - fee) filter (where amount > 0) as gross, sum(collected - tax - fee) filter (where amount < 0) as refunds,
    sum(tax) as taxes, sum(fee) as fees, sum(collected) as collected, sum(n) as count`;
  const sets = sql`group by grouping sets ((), (type), (facility_id), (product_type_id))`;
  if (scope.query.basis !== 'activity') {
    // Cash basis: the day sums of the payments (sales_days, kept by the database). The windows are whole
    // days in each facility's zone, and a row's day is its payments' date in that zone.
    const { productTypes, paymentTypes } = chosenTypes(scope.query);
    const facilityIds = sql.join(scope.windows.map((w) => sql`${w.facility_id}`), sql`, `);
    // Summed first by one plain grouping (the grouping sets then hash a few hundred rows, not every day's).
    return rowsOf<GroupRow>(db, sql`${sums} from (select s.type, s.facility_id, s.product_type_id, case when s.refund then -1 else 1 end as amount,
        sum(s.count) as n, sum(s.collected) as collected, sum(s.tax) as tax, sum(s.fee) as fee from sales_days s
      where s.day >= ${scope.start}::date and s.day <= ${scope.end}::date and s.facility_id in (${facilityIds})
        and ${anyOf(sql`s.product_type_id`, productTypes)} and ${anyOf(sql`s.type`, paymentTypes)}
      group by s.type, s.facility_id, s.product_type_id, s.refund) parts
      ${sets} having sum(n) <> 0`);
  }
  // Activity basis: the period's payments summed by type, facility, product type and sign first (the
  // grouping sets then hash those few rows).
  return rowsOf<GroupRow>(db, sql`with parts as (select p.type, p.facility_id, p.product_type_id, case when p.amount < 0 then -1 else 1 end as amount,
        count(*) as n, sum(p.amount) as collected, sum(p.tax) as tax, sum(p.fee) as fee
      ${paymentsInPeriod(scope)} group by p.type, p.facility_id, p.product_type_id, p.amount < 0)
    ${sums} from parts ${sets}`);
}

export async function salesReport(db: Db, scope: ReportScope) {
  const excludeTax = scope.query.exclude_tax === true;
  const [groups, discounts, names, rows] = await Promise.all([
    paymentGroups(db, scope),
    discountsInPeriod(db, scope),
    nameTables(db),
    scope.query.summary_only ? undefined : transactionRows(db, scope),
  ]);
  // grouping(): bit 4 type, 2 facility, 1 product type; 7 the grand total.
  const total = groups.find((g) => g.grouping === 7);
  const positive = num(total?.gross);
  const refunds = num(total?.refunds);
  const taxes = num(total?.taxes);
  const fees = num(total?.fees);
  const collected = num(total?.collected);
  const net = positive + refunds;
  const sales = (g: GroupRow) => num(g.gross) + num(g.refunds) + (excludeTax ? 0 : num(g.taxes));
  const summary = {
    sales: {
      gross_sales: toDollars(positive + discounts), refunds: toDollars(refunds), discounts: toDollars(discounts),
      net_sales: toDollars(net), taxes: toDollars(taxes), total_sales: toDollars(net + taxes),
    },
    payments: {
      total_collected: toDollars(collected),
      by_type: groups.filter((g) => g.grouping === 3).map((g) => ({ type: g.type, amount: toDollars(num(g.collected)), count: num(g.count) }))
        .sort((a, b) => String(a.type).localeCompare(String(b.type))),
      fees: toDollars(fees),
      net_total: toDollars(collected - fees),
    },
    by_product: groups.filter((g) => g.grouping === 6).map((g) => ({ product_type_id: g.product_type_id, product: names.productTypes.get(g.product_type_id ?? 0) ?? '', net_sales: toDollars(sales(g)) }))
      .sort((a, b) => b.net_sales - a.net_sales),
    by_location: groups.filter((g) => g.grouping === 5).map((g) => ({ facility_id: g.facility_id, location: names.facilities.get(g.facility_id ?? 0) ?? '', net_sales: toDollars(sales(g)) }))
      .sort((a, b) => b.net_sales - a.net_sales),
  };
  if (!rows) return summary;
  return { ...summary, transactions: { total: num(total?.count), rows } };
}

/** Product type and facility names by ID (small tables). */
export async function nameTables(db: Db) {
  const [productTypes, facilities] = await Promise.all([
    rowsOf<{ id: number; name: string }>(db, sql`select id, name from product_types`),
    rowsOf<{ id: number; name: string }>(db, sql`select id, name from facilities`),
  ]);
  return { productTypes: new Map(productTypes.map((r) => [r.id, r.name])), facilities: new Map(facilities.map((r) => [r.id, r.name])) };
}

/** The Transactions table alone (an export's pages): a page of the period's payments with their count. */
export async function salesTransactions(db: Db, scope: ReportScope) {
  const [rows, [{ total }]] = await Promise.all([
    transactionRows(db, scope),
    rowsOf<{ total: string }>(db, sql`select count(*) as total ${paymentsInPeriod(scope)}`),
  ]);
  return { total: num(total), rows };
}

/** A page of the period's payments, newest first. */
async function transactionRows(db: Db, scope: ReportScope) {
  const excludeTax = scope.query.exclude_tax === true;
  const [first, last] = scope.query.range ?? DEFAULT_PAGE;
  const rows = await rowsOf<{ id: number; created_at: string; amount: string; tax: string; type: string; product: string | null; invoice_id: number; customer_id: number | null; first_name: string | null; last_name: string | null; location: string; time_zone: string }>(db, sql`
    with pay as (select p.id, p.created_at, p.amount, p.tax, p.type, p.invoice_id, p.facility_id, p.product_type_id
      ${paymentsInPeriod(scope)} order by p.created_at desc, p.id desc offset ${first} limit ${last - first + 1})
    select pay.id, pay.created_at, pay.amount, pay.tax, pay.type, pt.name as product, pay.invoice_id, inv.customer_id,
      c.first_name, c.last_name, l.name as location, l.time_zone
    from pay join invoices inv on inv.id = pay.invoice_id
    join facilities l on l.id = pay.facility_id
    left join product_types pt on pt.id = pay.product_type_id
    left join customers c on c.id = inv.customer_id
    order by pay.created_at desc, pay.id desc`);
  return rows.map((r) => ({
    ID: r.id, date: num(r.created_at), amount: toDollars(num(r.amount) - (excludeTax ? num(r.tax) : 0)), type: r.type,
    product: r.product ?? '', invoice_id: r.invoice_id, location: r.location, time_zone: r.time_zone,
    customer: r.customer_id ? { ID: r.customer_id, first_name: r.first_name, last_name: r.last_name } : null,
  }));
}
