import { sql } from 'drizzle-orm';
import { BLOCKER_PRODUCT_TYPES } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import type { Db } from '../../db/client';
import { anyOf, chosenTypes, inWindows, num, rowsOf, type ReportScope } from './filters';
import { withInvoiceTotals } from './invoiceTotals';

// The events report (spec 2 §2): the events starting in the period (blocks, product type 13, left
// out), each with the calendar's invoice figures — amount (invoiced − discounted), paid and balance
// over the live invoices billing it (not reversed, not a reversal) — its status (invoiced paid,
// invoiced unpaid, uninvoiced; the checkboxes choose which), by status, product and location, and the
// events table with timeslot, duration, hourly yield and the field (indoor/outdoor, type).

const DEFAULT_PAGE: [number, number] = [0, 49];
const BLOCK = BLOCKER_PRODUCT_TYPES[0];

function eventFigures(scope: ReportScope) {
  const { productTypes, paymentTypes } = chosenTypes(scope.query);
  const window = inWindows(scope.windows, sql`e.facility_id`, sql`e.start_date`);
  const wanted: string[] = [];
  if (scope.query.invoiced_paid !== false) wanted.push('invoiced paid');
  if (scope.query.invoiced_unpaid !== false) wanted.push('invoiced unpaid');
  if (scope.query.uninvoiced !== false) wanted.push('uninvoiced');
  const paidBy = paymentTypes.length ? sql`and exists (select 1 from payments p where p.invoice_id = i.id and ${anyOf(sql`p.type`, paymentTypes)})` : sql``;
  return sql`${withInvoiceTotals(sql`select distinct i.id from events e ${window.join}
      join invoice_items ii on ii.event_id = e.id join invoices i on i.id = ii.invoice_id
      where ${window.where} and e.product_type_id <> ${BLOCK} and i.reversed_by_id is null and i.reversal_of_id is null ${paidBy}`)},
    billed as (select distinct ii.event_id, ii.invoice_id from invoice_items ii where ii.invoice_id in (select id from inv)),
    ev as (select e.id, e.start_date, e.end_date, e.facility_id, e.field_id, e.product_type_id, e.customer_id,
        count(tot.id) as invoices, coalesce(sum(tot.invoiced - tot.discounted), 0) as amount, coalesce(sum(tot.paid), 0) as paid,
        coalesce(sum(tot.balance), 0) as balance
      from events e ${window.join}
      left join billed b on b.event_id = e.id left join tot on tot.id = b.invoice_id
      where ${window.where} and e.product_type_id <> ${BLOCK} and ${anyOf(sql`e.product_type_id`, productTypes)}
      group by e.id),
    st as (select ev.*, case when ev.invoices = 0 then 'uninvoiced' when ev.balance <= 0 then 'invoiced paid' else 'invoiced unpaid' end as status
      from ev),
    chosen as (select * from st where status in (${sql.join(wanted.length ? wanted.map((w) => sql`${w}`) : [sql`''`], sql`, `)}))`;
}

interface Figures { count: string; seconds: string; amount: string; paid: string; balance: string }
const figures = (r: Figures) => ({
  count: num(r.count), hours: Math.round(num(r.seconds) / 36) / 100, amount: toDollars(num(r.amount)), paid: toDollars(num(r.paid)), balance: toDollars(num(r.balance)),
});

export async function eventReport(db: Db, scope: ReportScope) {
  const groups = await rowsOf<Figures & { status: string | null; product: string | null; location: string | null; grouping: number }>(db, sql`${eventFigures(scope)}
    select status, pt.name as product, f.name as location, grouping(status, pt.name, f.name)::int as grouping, count(*) as count,
      sum(chosen.end_date - chosen.start_date) as seconds, sum(amount) as amount, sum(paid) as paid, sum(balance) as balance
    from chosen join product_types pt on pt.id = chosen.product_type_id join facilities f on f.id = chosen.facility_id
    group by grouping sets ((), (status), (pt.name), (f.name))`);
  const total = groups.find((g) => g.grouping === 7);
  const summary = {
    totals: figures(total ?? { count: '0', seconds: '0', amount: '0', paid: '0', balance: '0' }),
    by_status: groups.filter((g) => g.grouping === 3).map((g) => ({ status: g.status, ...figures(g) })),
    by_product: groups.filter((g) => g.grouping === 5).map((g) => ({ product: g.product, ...figures(g) })),
    by_location: groups.filter((g) => g.grouping === 6).map((g) => ({ location: g.location, ...figures(g) })),
  };
  if (scope.query.summary_only) return summary;
  return { ...summary, events: { total: summary.totals.count, rows: await eventRows(db, scope) } };
}

/** A page of the events table, latest first. */
export async function eventRows(db: Db, scope: ReportScope) {
  const [first, last] = scope.query.range ?? DEFAULT_PAGE;
  const rows = await rowsOf<{ id: number; start_date: string; end_date: string; customer_id: number | null; first_name: string | null; last_name: string | null; product_type_id: number; product: string; location: string; time_zone: string; field: string; outdoors: boolean | null; field_type: string | null; amount: string; paid: string; balance: string; status: string }>(db, sql`
    ${eventFigures(scope)}
    select chosen.id, chosen.start_date, chosen.end_date, chosen.customer_id, c.first_name, c.last_name, chosen.product_type_id, pt.name as product,
      f.name as location, f.time_zone, fi.name as field, ft.is_outdoors as outdoors, ft.name as field_type, chosen.amount, chosen.paid, chosen.balance, chosen.status
    from chosen join product_types pt on pt.id = chosen.product_type_id join facilities f on f.id = chosen.facility_id
    join fields fi on fi.id = chosen.field_id left join field_types ft on ft.id = fi.new_field_type_id
    left join customers c on c.id = chosen.customer_id
    order by chosen.start_date desc, chosen.id desc offset ${first} limit ${last - first + 1}`);
  return rows.map((r) => {
    const seconds = num(r.end_date) - num(r.start_date);
    const amount = num(r.amount);
    return {
      ID: r.id, start_date: num(r.start_date), end_date: num(r.end_date), time_zone: r.time_zone, duration: Math.round(seconds / 60),
      hourly_yield: seconds > 0 ? toDollars(Math.round((amount * 3600) / seconds)) : 0,
      customer: r.customer_id ? { ID: r.customer_id, first_name: r.first_name, last_name: r.last_name } : null,
      product_type: { ID: r.product_type_id, name: r.product }, location: r.location,
      resource: { name: r.field, outdoors: r.outdoors === true, type: r.field_type ?? '' },
      amount: toDollars(amount), paid: toDollars(num(r.paid)), balance: toDollars(num(r.balance)), status: r.status,
    };
  });
}
