import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { columnsBut } from '../../db/columns';
import { jsonList, jsonObject, jsonOrNull, jsonRow } from '../../db/json';
import {
  contracts, customers, discountApplications, discounts, events, facilities, invoiceItems, invoices, payments, players, productTypes, products, refunds, teams,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { balanceOf, type Figures, type InvoiceRow } from './access';

// One invoice as GET /invoice/{id} answers it (spec 2 §3 Invoice): the header with facility, customer,
// product type and contract; its items, discounts and payments; and the totals, all money in dollars.
// The public invoice page answers the same, less what only staff see (who wrote what). Refunds asked
// and not settled show as pending; a cancelled booking refunded in full reads as refunded, not owed.
// It is read in one statement (its lists as JSON arrays): the invoice page and every money write's
// changelog entry read it, so one round trip instead of one per list.

type Person = { ID: number; first_name: string; last_name: string };

const person = (table: typeof customers) => ({ ID: table.ID, first_name: table.first_name, last_name: table.last_name });

const itemsJson = jsonList(
  jsonObject<{ item: typeof invoiceItems.$inferSelect; new_product: { ID: number; name: string } | null; event: { ID: number; start_date: number; end_date: number } | null }>({
    item: jsonRow(invoiceItems),
    new_product: jsonOrNull(products.ID, { ID: products.ID, name: products.name }),
    event: jsonOrNull(events.ID, { ID: events.ID, start_date: events.start_date, end_date: events.end_date }),
  }),
  sql`from ${invoiceItems} left join ${products} on ${products.ID} = ${invoiceItems.new_product_id} left join ${events} on ${events.ID} = ${invoiceItems.event_id}
    where ${invoiceItems.invoice_id} = ${invoices.ID}`,
  sql`${invoiceItems.ID}`,
);

const discountsJson = jsonList(
  jsonObject<{ application: typeof discountApplications.$inferSelect; discount: { ID: number; name: string; is_percentage: boolean; value: number | null; amount: number | null } | null }>({
    application: jsonRow(discountApplications),
    discount: jsonOrNull(discounts.ID, { ID: discounts.ID, name: discounts.name, is_percentage: discounts.is_percentage, value: discounts.value, amount: discounts.amount }),
  }),
  sql`from ${discountApplications} left join ${discounts} on ${discounts.ID} = ${discountApplications.discount_id} where ${discountApplications.invoice_id} = ${invoices.ID}`,
  sql`${discountApplications.ID}`,
);

/** Each payment with the team player it is for (customers here is the subquery's own, not the invoice's). */
// A payment as the invoice shows it: not its copies for the reports (facility, product type, tax, fee).
const PAYMENT_LEFT_OUT = ['facility_id', 'product_type_id', 'tax', 'fee', 'UpdatedAt'] as const;
type InvoicePaymentRow = Omit<typeof payments.$inferSelect, (typeof PAYMENT_LEFT_OUT)[number]>;
const paymentsJson = jsonList(
  jsonObject<{ payment: InvoicePaymentRow; player: Person | null }>({ payment: jsonObject(columnsBut(payments, ...PAYMENT_LEFT_OUT)), player: jsonOrNull(customers.ID, person(customers)) }),
  sql`from ${payments} left join ${customers} on ${customers.ID} = ${payments.player_customer_id} where ${payments.invoice_id} = ${invoices.ID}`,
  sql`${payments.ID}`,
);

/** A team invoice's team with its roster: the players a league payment may be for (spec 2 §3, §5). */
const teamJson = sql<{ ID: number; name: string; roster: Person[] } | null>`(select ${jsonObject({
  ID: teams.ID,
  name: teams.name,
  roster: jsonList(
    jsonObject<Person>(person(customers)),
    sql`from ${players} inner join ${customers} on ${customers.ID} = ${players.customer_id} where ${players.team_id} = ${teams.ID}`,
    sql`${customers.last_name}, ${customers.first_name}, ${customers.ID}`,
  ),
})} from ${teams} where ${teams.ID} = ${invoices.team_id})`;

/** The refunds asked and not yet confirmed or denied (issue 41 m29): the invoice shows them as pending. */
const pendingRefundsJson = jsonList(
  jsonObject<{ ID: number; payment_id: number; amount: number; type: PaymentMethod; CreatedAt: number }>({
    ID: refunds.ID, payment_id: refunds.payment_id, amount: refunds.amount, type: refunds.type, CreatedAt: refunds.CreatedAt,
  }),
  sql`from ${refunds} where ${refunds.invoice_id} = ${invoices.ID} and ${refunds.refund_status} = 'Pending'`,
  sql`${refunds.ID}`,
);

/**
 * Whether the invoice billed calendar bookings that are all gone (cancelled: deleting an event leaves
 * its line without event_id): a general invoice of a calendar type, no contract, team or class, with
 * lines and none of them on a live event.
 */
const bookingCancelled = sql<boolean>`(${invoices.invoice_type_id} = 1 and ${invoices.contract_id} is null and ${invoices.team_id} is null
  and ${invoices.class_id} is null and coalesce(${productTypes.showInCalendar}, false)
  and exists (select 1 from ${invoiceItems} where ${invoiceItems.invoice_id} = ${invoices.ID})
  and not exists (select 1 from ${invoiceItems} where ${invoiceItems.invoice_id} = ${invoices.ID} and ${invoiceItems.event_id} is not null))`;

/**
 * How the balance reads (issue 41 m29): paid at 0 or less; refunded when a cancelled booking's money
 * all went back (nothing is owed for a booking that did not happen); else owed.
 */
export function balanceState(f: Figures, refunded: number, cancelled: boolean): 'paid' | 'owed' | 'refunded' {
  if (balanceOf(f) <= 0) return 'paid';
  return cancelled && refunded > 0 && f.paid <= 0 ? 'refunded' : 'owed';
}

export function totalsWire(f: Figures) {
  const total = f.invoiced + f.taxes + f.fees;
  return {
    invoiced: toDollars(f.invoiced),
    taxes: toDollars(f.taxes),
    fees: toDollars(f.fees),
    total: toDollars(total),
    discounted: toDollars(f.discounted),
    paid: toDollars(f.paid),
    balance: toDollars(balanceOf(f)),
    total_without_tax: toDollars(f.invoiced - f.discounted),
  };
}

/** The invoices `where` selects, each with everything its view shows, in one statement. */
const viewRows = (db: Db | Tx, where: SQL) =>
  db
    .select({
      invoice: invoices,
      facility: { ID: facilities.ID, name: facilities.name, address: facilities.address, tax_rate: facilities.tax_rate, processing_fee: facilities.processing_fee, time_zone: facilities.time_zone },
      product_type: { ID: productTypes.ID, name: productTypes.name },
      contract: { ID: contracts.ID, name: contracts.name },
      customer: { ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, credits: customers.credits },
      items: itemsJson,
      applied: discountsJson,
      paymentRows: paymentsJson,
      team: teamJson,
      pendingRefunds: pendingRefundsJson,
      cancelled: bookingCancelled,
    })
    .from(invoices)
    .innerJoin(facilities, eq(facilities.ID, invoices.facility_id))
    .leftJoin(productTypes, eq(productTypes.ID, invoices.product_type_id))
    .leftJoin(contracts, eq(contracts.ID, invoices.contract_id))
    .leftJoin(customers, eq(customers.ID, invoices.customer_id))
    .where(where);

const byId = eq(invoices.ID, sql.placeholder('id'));
const byIdInFacility = and(byId, eq(invoices.facility_id, sql.placeholder('facility')))!;

/**
 * One invoice's view as a named prepared statement: PostgreSQL plans it once per connection instead of
 * on every read (planning it costs more than running it), and Drizzle builds its SQL once per database,
 * or once per connection for the reads inside transactions (every money write records the view).
 */
const prepareById = (db: Db) => viewRows(db, byId).prepare('invoice_view');
const prepareInFacility = (db: Db) => viewRows(db, byIdInFacility).prepare('invoice_view_in_facility');
const viewsById = new WeakMap<Db, ReturnType<typeof prepareById>>();
const viewsInFacility = new WeakMap<Db, ReturnType<typeof prepareInFacility>>();

/** The view of `invoice` as the caller holds it (a write records it before or after changing the row). */
export async function invoiceView(db: Db | Tx, invoice: InvoiceRow) {
  const [found] = await prepared(viewsById, db, prepareById).execute({ id: invoice.ID });
  return toView({ ...found, invoice });
}

/** GET /invoice/{id}: the invoice's view when the user may read it (non-admins: their facility's), else 404. */
export async function findInvoiceView(db: Db, user: SessionUser, id: number) {
  const facility = facilityScope(user);
  const [found] = await (facility === null
    ? prepared(viewsById, db, prepareById).execute({ id })
    : prepared(viewsInFacility, db, prepareInFacility).execute({ id, facility }));
  if (!found) throw notFound('Invoice');
  return toView(found);
}

function toView({ invoice, items, applied, paymentRows, team, pendingRefunds, cancelled, ...header }: Awaited<ReturnType<typeof viewRows>>[number]) {
  // The totals are the sums of the rows just read (what invoiceFigures sums in SQL): no second look.
  const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((total, row) => total + of(row), 0);
  const figures: Figures = {
    invoiced: sum(items, ({ item }) => item.quantity * item.price),
    taxes: sum(items, ({ item }) => item.amount_taxes),
    fees: sum(items, ({ item }) => item.amount_fees),
    discounted: sum(applied, ({ application }) => application.amount),
    paid: sum(paymentRows, ({ payment }) => payment.amount),
  };
  const refunded = -sum(paymentRows, ({ payment }) => (payment.refund !== null ? payment.amount : 0));
  // The kept sums (invoiced, discounted, paid) are not the wire's: totalsWire's, from the rows read, are.
  // Nor are the creator and the stamps (date is the invoice's date).
  const { public_link_hash: _hash, invoiced: _i, discounted: _d, paid: _p, user_id: _u, CreatedAt: _c, UpdatedAt: _up, ...row } = invoice;
  return {
    ...row,
    invoice_type: row.invoice_type_id,
    facility: header.facility,
    product_type: header.product_type,
    contract: header.contract,
    team,
    customer: header.customer && { ...header.customer, credits: toDollars(header.customer.credits) },
    invoice_items: items.map(({ item: { CreatedAt: _ic, UpdatedAt: _iu, ...item }, new_product, event }) => ({
      ...item,
      price: toDollars(item.price),
      amount_taxes: toDollars(item.amount_taxes),
      amount_fees: toDollars(item.amount_fees),
      total: toDollars(item.quantity * item.price + item.amount_taxes + item.amount_fees),
      new_product,
      /** The booked event's times (the invoice list's events dialog). */
      event,
    })),
    discounts: applied.map(({ application, discount }) => ({
      ID: application.ID,
      comment: application.comment,
      discount_id: application.discount_id ?? -1,
      amount: toDollars(application.amount),
      discount: discount && {
        ID: discount.ID, name: discount.name, is_percentage: discount.is_percentage,
        value: discount.is_percentage ? Number(discount.value ?? 0) : toDollars(discount.amount ?? 0),
      },
    })),
    payments: paymentRows.map(({ payment, player: who }) => ({ ...payment, amount: toDollars(payment.amount), player: who })),
    ...totalsWire(figures),
    refunds_pending: toDollars(sum(pendingRefunds, (r) => r.amount)),
    pending_refunds: pendingRefunds.map((r) => ({ ...r, amount: toDollars(r.amount) })),
    refunded: toDollars(refunded),
    balance_state: balanceState(figures, refunded, Boolean(cancelled)),
  };
}

export type InvoiceView = Awaited<ReturnType<typeof invoiceView>>;

/** The views of the invoices `ids`, in that order. */
export async function invoiceViews(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const byId = new Map((await viewRows(db, inArray(invoices.ID, ids))).map((found) => [found.invoice.ID, toView(found)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Only for where a subset of the invoice is public. */
export const publicView = (view: InvoiceView) => ({
  ID: view.ID,
  date: view.date,
  comment: view.comment,
  reversed: view.reversed,
  reversal: view.reversal,
  facility: { name: view.facility.name, address: view.facility.address, time_zone: view.facility.time_zone },
  customer: view.customer && { first_name: view.customer.first_name, last_name: view.customer.last_name },
  invoice_items: view.invoice_items.map(({ ID, new_product, price, quantity, comment, total }) => ({
    ID, product: new_product?.name ?? '', price, quantity, comment, total,
  })),
  discounts: view.discounts.map(({ ID, amount, comment, discount }) => ({ ID, amount, name: discount?.name ?? comment })),
  payments: view.payments.map(({ ID, amount, type, CreatedAt, reversal, refund }) => ({ ID, amount, type, CreatedAt, reversal, refund })),
  invoiced: view.invoiced, taxes: view.taxes, fees: view.fees, total: view.total,
  discounted: view.discounted, paid: view.paid, balance: view.balance,
});

