import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { InvoiceSearch } from '../../../core/api/invoices';
import { EXPORT_MAX_ROWS } from '../../../core/constants';
import { nowSeconds } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db } from '../../db/client';
import { jsonObject, jsonOrNull } from '../../db/json';
import { perDatabaseAndKey } from '../../db/prepared';
import { customers, facilities, invoiceItems, invoices, payments, productTypes, products } from '../../db/schema';

// Invoice list rows (spec 2 §2 Invoice list): Invoice, Type with facility, Date, Customer, Product,
// Invoiced (items with taxes and fees), Discounted, Paid, Balance — the same sums as the customer
// profile's totals (domain/customers/invoiceTotals.ts). POST /invoice/search/new filters them; the window
// defaults to 7 days ago until tomorrow; date descending; pages of at most 1000 rows (the input:
// core/api/invoices.ts invoiceSearch).

const DAY = 86400;
/** The first item's product name, else the invoice's product type: what the list's Product column shows. */
const productOf = sql<string | null>`coalesce((select ${products.name} from ${invoiceItems} inner join ${products} on ${products.ID} = ${invoiceItems.new_product_id}
  where ${invoiceItems.invoice_id} = ${invoices.ID} order by ${invoiceItems.ID} limit 1), ${productTypes.name})`;

/** Cents as dollars (exact: numeric division), as JSON numbers. */
const dollars = (cents: SQL) => sql`round((${cents})::numeric / 100, 2)`;

/** The page's rows (the joined invoice row brings its kept sums). */
const pageColumns = {
  ID: invoices.ID,
  date: invoices.date,
  reversed: invoices.reversed,
  reversal: invoices.reversal,
};

/**
 * A list row as JSON built by PostgreSQL (Node neither maps nor serialises each row): the invoice with
 * its facility and customer, the Product column with its [REVERSAL]/[REVERSED] mark, and its money.
 */
const rowJson = jsonObject({
  ID: invoices.ID,
  date: invoices.date,
  invoice_type_id: invoices.invoice_type_id,
  facility_id: invoices.facility_id,
  facility: jsonObject({ ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone }),
  product_type_id: invoices.product_type_id,
  customer_id: invoices.customer_id,
  contract_id: invoices.contract_id,
  team_id: invoices.team_id,
  reversed: invoices.reversed,
  reversal: invoices.reversal,
  comment: invoices.comment,
  customer: jsonOrNull(invoices.customer_id, { ID: invoices.customer_id, first_name: customers.first_name, last_name: customers.last_name }),
  product: sql`case when ${invoices.reversal} is not null then '[REVERSAL] ' when ${invoices.reversed} is not null then '[REVERSED] ' else '' end || coalesce(${productOf}, '')`,
  invoiced: dollars(sql`${invoices.invoiced}`),
  discounted: dollars(sql`${invoices.discounted}`),
  paid: dollars(sql`${invoices.paid}`),
  balance: dollars(sql`${invoices.invoiced} - ${invoices.discounted} - ${invoices.paid}`),
});

/**
 * A list's conditions with placeholders, and their values: the statement depends only on which
 * conditions there are (`key`), so each combination is built and planned once (listInvoices).
 */
export interface ListFilter {
  key: string;
  where: SQL | undefined;
  values: Record<string, unknown>;
}

type Condition = [name: string, value: unknown, condition: (value: Placeholder) => SQL | undefined];

/** The filter of the conditions whose value is given. */
export function listFilter(conditions: Condition[]): ListFilter {
  const given = conditions.filter(([, value]) => value !== undefined);
  return {
    key: given.map(([name]) => name).join(','),
    where: and(...given.map(([name, , condition]) => condition(sql.placeholder(name)))),
    values: Object.fromEntries(given.map(([name, value]) => [name, value])),
  };
}

/** Invoices with a payment meeting `condition`. */
const paidBy = (condition: SQL) => sql`exists (select 1 from ${payments} where ${payments.invoice_id} = ${invoices.ID} and ${condition})`;

/** The conditions of a search, within the user's facility scope. */
export function searchWhere(user: SessionUser, query: InvoiceSearch['query']): ListFilter {
  const now = nowSeconds();
  const facility = facilityScope(user, query.facility_id);
  return listFilter([
    ['start', query.start_date ?? now - 7 * DAY, (start) => gte(invoices.date, start)],
    ['end', query.end_date ?? now + DAY, (end) => lt(invoices.date, end)],
    ['facility', facility ?? undefined, (id) => eq(invoices.facility_id, id)],
    ['product_type', query.product_type_id || undefined, (id) => eq(invoices.product_type_id, id)],
    ['payment_type', query.payment_type || undefined, (type) => paidBy(sql`${payments.type} = ${type}`)],
    ['square_id', query.square_id || undefined, (id) => paidBy(sql`${payments.square_id} = ${id}`)],
    ['customers', query.customer_ids?.length ? query.customer_ids : undefined, (ids) => sql`${invoices.customer_id} = any(${ids}::integer[])`],
  ]);
}

/** A page of list rows as one JSON array with the count of all, and the count alone, for one kind of filter and order. */
function prepareList(db: Db, filter: ListFilter, field: 'date' | 'ID', order: 'ASC' | 'DESC') {
  const direction = order === 'ASC' ? asc : desc;
  const name = `invoice_list_${createHash('sha1').update(`${filter.key}:${field}:${order}`).digest('hex').slice(0, 20)}`;
  const where = filter.where ?? sql`true`;
  const page = db
    .select(pageColumns)
    .from(invoices)
    .where(where)
    .orderBy(direction(field === 'date' ? invoices.date : invoices.ID), direction(invoices.ID))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .as('page');
  const inOrder = sql.join([direction(field === 'date' ? page.date : page.ID), direction(page.ID)], sql`, `);
  return {
    // Named, so PostgreSQL plans it once per connection: planning it cost about as much as running it.
    // Its plan (the date index read backwards up to the page's end) does not depend on the values.
    // The count rides along (an uncorrelated subquery, counted once): one statement, not two. The rows
    // arrive as JSON text, sent as they are.
    page: db
      .select({
        rows: sql<string>`coalesce(json_agg(${rowJson} order by ${inOrder}), '[]')::text`,
        length: sql<number>`count(*)`.mapWith(Number),
        total: sql<number>`(select count(*) from ${invoices} where ${where})`.mapWith(Number),
      })
      .from(page)
      .innerJoin(invoices, eq(invoices.ID, page.ID))
      .innerJoin(facilities, eq(facilities.ID, invoices.facility_id))
      .leftJoin(customers, eq(customers.ID, invoices.customer_id))
      .leftJoin(productTypes, eq(productTypes.ID, invoices.product_type_id))
      .prepare(name),
  };
}
const lists = perDatabaseAndKey<ReturnType<typeof prepareList>>();

/** A page of list rows (JSON text of the array), its length and the total count for `filter`. */
export async function listInvoices(db: Db, filter: ListFilter, options: Pick<InvoiceSearch, 'range' | 'sort'> = {}) {
  const [field, order] = options.sort ?? ['date', 'DESC'];
  const [start, end] = options.range ?? [0, 999];
  const list = lists(db, `${filter.key}:${field}:${order}`, () => prepareList(db, filter, field, order));
  const [{ rows, length, total }] = await list.page.execute({ ...filter.values, offset: start, limit: end - start + 1 });
  return { rows, length, start, total };
}

/** A page of invoices as its answer: the rows' JSON text as it is, with ra-data-simple-rest's Content-Range. */
export function sendInvoicePage(reply: FastifyReply, { rows, length, start, total }: Awaited<ReturnType<typeof listInvoices>>) {
  reply.header('Content-Range', `invoice ${length ? `${start}-${start + length - 1}` : '*'}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return reply.type('application/json; charset=utf-8').send(rows);
}

/** Rows an export reads at a time: the list's largest page. */
const EXPORT_PAGE = 1000;

/**
 * Every row of `filter` in the list's order, up to EXPORT_MAX_ROWS, as one JSON array streamed page after
 * page (the server never holds more than a page; the browser gets the rows as they are read), with the
 * count of all that matched in X-Total-Count. Pages are read by offset, each its own statement: an
 * invoice written meanwhile may shift a row across a page's edge, as in the list itself.
 */
export async function sendInvoiceExport(reply: FastifyReply, db: Db, filter: ListFilter, sort: InvoiceSearch['sort']) {
  const first = await listInvoices(db, filter, { range: [0, EXPORT_PAGE - 1], sort });
  const wanted = Math.min(first.total, EXPORT_MAX_ROWS);
  async function* pieces() {
    yield '[';
    let page = first;
    let sent = 0;
    while (page.length > 0) {
      // The page's JSON array without its brackets, joined to the rows before.
      yield `${sent > 0 ? ',' : ''}${page.rows.slice(1, -1)}`;
      sent += page.length;
      if (page.length < EXPORT_PAGE || sent >= wanted) break;
      page = await listInvoices(db, filter, { range: [sent, Math.min(sent + EXPORT_PAGE, wanted) - 1], sort });
    }
    yield ']';
  }
  reply.header('X-Total-Count', String(first.total));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
  return reply.type('application/json; charset=utf-8').send(Readable.from(pieces()));
}
