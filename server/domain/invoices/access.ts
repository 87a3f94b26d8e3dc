import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { discountApplications, facilities, invoiceItems, invoices, payments } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

// The invoice a request works on: it exists and (for anyone but an admin) belongs to the user's
// facility, else 404 — another facility's invoice is indistinguishable from a missing one. Money
// writes take it with `lock`: SELECT … FOR UPDATE, so that every write on one invoice (payments,
// discounts, items, reversal) queues behind the others and checks the balance it will change.

export type InvoiceRow = typeof invoices.$inferSelect;

export const INVOICE_MESSAGES = {
  closed: 'This invoice is reversed or a reversal: it takes no more payments, discounts or items',
  hasPayments: 'This invoice has payments: revert them before deleting it',
  noCustomer: 'No customer in invoice',
} as const;

/** The invoice by ID (in one facility, for non-admins), optionally locked: four statements, each prepared once. */
const prepareFind = (lock: boolean, inFacility: boolean) => (db: Db) => {
  const query = db.select().from(invoices)
    .where(and(eq(invoices.ID, sql.placeholder('id')), inFacility ? eq(invoices.facility_id, sql.placeholder('facility')) : undefined));
  return (lock ? query.for('update') : query).prepare(`invoice_find${lock ? '_locked' : ''}${inFacility ? '_in_facility' : ''}`);
};
const finds = [false, true].flatMap((lock) => [false, true].map((inFacility) => ({ lock, inFacility, prepare: prepareFind(lock, inFacility), cache: new WeakMap<Db, ReturnType<ReturnType<typeof prepareFind>>>() })));

export async function findInvoice(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<InvoiceRow> {
  const facility = facilityScope(user);
  const find = finds.find((f) => f.lock === (options.lock ?? false) && f.inFacility === (facility !== null))!;
  const [row] = await prepared(find.cache, db, find.prepare).execute({ id, facility });
  if (!row) throw notFound('Invoice');
  return row;
}

/** Reversed and reversal invoices take no more payments, discounts or items (spec 2 §4). */
export function assertOpen(invoice: InvoiceRow): void {
  if (invoice.reversed !== null || invoice.reversal !== null) throw conflict(INVOICE_MESSAGES.closed);
}

/** An invoice's figures in cents: every total of the invoice view is a sum of these. */
export interface Figures {
  /** Σ quantity × price, before taxes and fees. */
  invoiced: number;
  taxes: number;
  fees: number;
  discounted: number;
  paid: number;
}

/** The figures of one invoice, in one round trip (a payment's balance check runs it inside its transaction). */
export async function invoiceFigures(db: Db | Tx, invoiceId: number): Promise<Figures> {
  const [row] = await db.select(figureColumns(sql`${invoiceId}`)).from(sql`(select 1) as one`);
  return figuresOf(row);
}

/** The figures of the invoice `invoiceId` (a value or a column of an outer query) as select columns. */
export function figureColumns(invoiceId: SQL) {
  const of = (table: typeof invoiceItems | typeof discountApplications | typeof payments, sum: SQL) =>
    sql<string>`(select coalesce(sum(${sum}), 0) from ${table} where ${table.invoice_id} = ${invoiceId})`;
  return {
    invoiced: of(invoiceItems, sql`${invoiceItems.quantity} * ${invoiceItems.price}`),
    taxes: of(invoiceItems, sql`${invoiceItems.amount_taxes}`),
    fees: of(invoiceItems, sql`${invoiceItems.amount_fees}`),
    discounted: of(discountApplications, sql`${discountApplications.amount}`),
    paid: of(payments, sql`${payments.amount}`),
  };
}

/** Figures read with figureColumns (sums arrive as text). */
export const figuresOf = (row: Record<keyof Figures, string>): Figures => ({
  invoiced: Number(row.invoiced), taxes: Number(row.taxes), fees: Number(row.fees),
  discounted: Number(row.discounted), paid: Number(row.paid),
});

/** What is left to pay, in cents: items with taxes and fees, less discounts, less payments. */
export const balanceOf = (f: Figures) => f.invoiced + f.taxes + f.fees - f.discounted - f.paid;

/** The facility's tax rate and processing fee (fractions), which an invoice's new lines apply. */
export async function facilityRates(db: Db | Tx, facilityId: number) {
  const [row] = await db
    .select({ tax_rate: facilities.tax_rate, processing_fee: facilities.processing_fee })
    .from(facilities)
    .where(eq(facilities.ID, facilityId));
  return row ?? { tax_rate: 0, processing_fee: 0 };
}
