import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db } from '../../db/client';
import { customers, facilities, invoiceItems, invoices, payments, productTypes, products } from '../../db/schema';
import { discountsOf, itemsOf, paymentsOf } from '../customers/invoiceTotals';

// Invoice list rows (spec 2 §2 Invoice list): Invoice, Type with facility, Date, Customer, Product,
// Invoiced (items with taxes and fees), Discounted, Paid, Balance — the same sums as the customer
// profile's totals (customers/invoiceTotals.ts). POST /invoice/search/new filters them; the window
// defaults to 7 days ago until tomorrow; date descending; pages of at most 1000 rows.

const DAY = 86400;
const id = z.number().int().positive();

export const searchBody = z.strictObject({
  query: z.strictObject({
    start_date: z.number().int().nonnegative('must be a date (unix seconds)').optional(),
    end_date: z.number().int().nonnegative('must be a date (unix seconds)').optional(),
    facility_id: z.number().int().min(0, 'must be 0 (all) or a facility ID').optional(),
    product_type_id: z.number().int().min(0).optional(),
    payment_type: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(', ')}` }).or(z.literal('')).optional(),
    square_id: z.string().trim().max(200).optional(),
    customer_ids: z.array(id).max(100).optional(),
  }).default({}),
  /** First and last row, 0-based and inclusive (ra-data-simple-rest's range). */
  range: z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([s, e]) => e >= s && e - s < 1000, 'must be [first, last] with at most 1000 rows').optional(),
  sort: z.tuple([z.enum(['date', 'ID']), z.enum(['ASC', 'DESC'])]).optional(),
});

export type SearchInput = z.output<typeof searchBody>;

/** The first item's product name, else the invoice's product type: what the list's Product column shows. */
const productOf = sql<string | null>`coalesce((select ${products.name} from ${invoiceItems} inner join ${products} on ${products.ID} = ${invoiceItems.new_product_id}
  where ${invoiceItems.invoice_id} = ${invoices.ID} order by ${invoiceItems.ID} limit 1), ${productTypes.name})`;

const rowColumns = {
  ID: invoices.ID,
  date: invoices.date,
  invoice_type_id: invoices.invoice_type_id,
  facility_id: invoices.facility_id,
  facility: { ID: facilities.ID, name: facilities.name, time_zone: facilities.time_zone },
  product_type_id: invoices.product_type_id,
  customer_id: invoices.customer_id,
  customer_first_name: customers.first_name,
  customer_last_name: customers.last_name,
  contract_id: invoices.contract_id,
  team_id: invoices.team_id,
  reversed: invoices.reversed,
  reversal: invoices.reversal,
  comment: invoices.comment,
  product: productOf,
  items: sql<string>`${itemsOf}`,
  discounted: sql<string>`${discountsOf}`,
  paid: sql<string>`${paymentsOf}`,
};

type Row = { [K in keyof typeof rowColumns]: unknown } & Record<string, unknown>;

function rowWire(row: Row) {
  const { items, discounted, paid, customer_first_name, customer_last_name, product, ...rest } = row;
  const invoiced = Number(items);
  const balance = invoiced - Number(discounted) - Number(paid);
  const prefix = rest.reversal ? '[REVERSAL] ' : rest.reversed ? '[REVERSED] ' : '';
  return {
    ...rest,
    customer: rest.customer_id ? { ID: rest.customer_id, first_name: customer_first_name, last_name: customer_last_name } : null,
    product: `${prefix}${product ?? ''}`,
    invoiced: toDollars(invoiced),
    discounted: toDollars(Number(discounted)),
    paid: toDollars(Number(paid)),
    balance: toDollars(balance),
  };
}

export type InvoiceListRow = ReturnType<typeof rowWire>;

/** The conditions of a search, within the user's facility scope. */
export function searchWhere(user: SessionUser, query: SearchInput['query']): SQL | undefined {
  const now = nowSeconds();
  const start = query.start_date ?? now - 7 * DAY;
  const end = query.end_date ?? now + DAY;
  const facility = facilityScope(user, query.facility_id);
  const paidBy = (condition: SQL) => sql`exists (select 1 from ${payments} where ${payments.invoice_id} = ${invoices.ID} and ${condition})`;
  return and(
    gte(invoices.date, start),
    lt(invoices.date, end),
    facility === null ? undefined : eq(invoices.facility_id, facility),
    query.product_type_id ? eq(invoices.product_type_id, query.product_type_id) : undefined,
    query.payment_type ? paidBy(sql`${payments.type} = ${query.payment_type}`) : undefined,
    query.square_id ? paidBy(sql`${payments.square_id} = ${query.square_id}`) : undefined,
    query.customer_ids?.length ? inArray(invoices.customer_id, query.customer_ids) : undefined,
  );
}

/** A page of list rows and the total count for `where`. */
export async function listInvoices(db: Db, where: SQL | undefined, options: Pick<SearchInput, 'range' | 'sort'> = {}) {
  const [field, order] = options.sort ?? ['date', 'DESC'];
  const direction = order === 'ASC' ? asc : desc;
  const [start, end] = options.range ?? [0, 999];
  // The count rides along with the page (an uncorrelated subquery, counted once): one statement, not two.
  const counted = sql<number>`(select count(*) from ${invoices} where ${where ?? sql`true`})`.mapWith(Number);
  const page = db
    .select({ ...rowColumns, total: counted })
    .from(invoices)
    .innerJoin(facilities, eq(facilities.ID, invoices.facility_id))
    .leftJoin(customers, eq(customers.ID, invoices.customer_id))
    .leftJoin(productTypes, eq(productTypes.ID, invoices.product_type_id))
    .where(where)
    .orderBy(direction(field === 'date' ? invoices.date : invoices.ID), direction(invoices.ID))
    .offset(start)
    .limit(end - start + 1);
  // A named prepared statement (named after its text: one per combination of filters), so PostgreSQL
  // plans it once per connection: planning it cost about as much as running it. Its plan (the date
  // index read backwards up to the page's end) does not depend on the values.
  const rows = await page.prepare(`invoice_list_${createHash('sha1').update(page.toSQL().sql).digest('hex').slice(0, 20)}`).execute();
  // A page past the end has no row to carry the count.
  const total = rows.length ? rows[0].total : start === 0 ? 0 : (await db.select({ total: count() }).from(invoices).where(where))[0].total;
  return { rows: rows.map(({ total: _total, ...row }) => rowWire(row)), start, total };
}

/** ra-data-simple-rest's Content-Range for a page of invoices. */
export function sendInvoiceRange(reply: { header(name: string, value: string): unknown }, start: number, length: number, total: number) {
  reply.header('Content-Range', `invoice ${length ? `${start}-${start + length - 1}` : '*'}/${total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
}
