import { and, asc, eq } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import { admission, CLASS_MESSAGES, promotions } from '../../../core/validation/classes';
import { INVOICE_TYPE } from '../../../core/constants';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { attendees, customers, invoices, payments, waitlists } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { MailMessage } from '../../services/mail/mailer';
import { recordChange } from '../../services/changelog';
import { enqueue } from '../../services/jobs';
import { facilityRates, type InvoiceRow } from '../invoices/access';
import { recordInvoiceChange } from '../invoices/audit';
import { addLine } from '../invoices/lines';
import { auditClass, priceNow, productOf, variationAt, type ClassRow } from './access';
import { offeredEntries, offerSeat } from './offers';
import { seatsTaken } from './seats';
import { issuePublicLink } from '../invoices/publicLink';
import { promotionMail, WAITLIST_MAIL } from './promotionMail';

// A child's place in a class and its money (spec 3 §4–§5, issue 26 items 5 and 7). Every function here
// runs inside the caller's transaction with the class row locked (access.ts lockClasses), so the
// count of attendees it reads cannot change under it: a class never holds more than max_kids.
//
// - enrol: an attendee with its invoice (the class's product at the price, the facility's tax and fee);
// - waitlist: a waiting entry, no invoice;
// - promote: when places free up, the oldest waitlist entries (join date, then ID) become attendees at
//   the class's price now, each with its invoice, a changelog entry and an e-mail to the parent — sent
//   by the caller once the transaction committed.

export type AttendeeRow = typeof attendees.$inferSelect;
export type WaitlistEntryRow = typeof waitlists.$inferSelect;

export interface Place { customer_id: number; parent_id: number | null; uniform_size: AttendeeRow['uniform_size']; source?: AttendeeRow['source'] }

async function nameOf(tx: Tx, customerId: number) {
  const [row] = await tx.select({ first_name: customers.first_name, last_name: customers.last_name, email: customers.email })
    .from(customers).where(eq(customers.ID, customerId));
  return row;
}

/** The line of a registration on `invoiceId`: the class's product at `priceCents`, taxed and charged the fee at the facility's rates. */
async function classLine(tx: Tx, cls: ClassRow, invoiceId: number, priceCents: number) {
  const product_id = cls.product_id ?? (cls.new_product_id ? await variationAt(tx, cls.new_product_id, cls.facility_id) : null);
  await addLine(tx, invoiceId, await facilityRates(tx, cls.facility_id), {
    product_id, new_product_id: cls.new_product_id, event_id: null, team_signup_id: null, price: toDollars(priceCents), quantity: 1, comment: cls.name,
  });
}

/** A registration invoice of `cls` for `payer`, no line yet. */
export async function classInvoice(tx: Tx, user: SessionUser | null, cls: ClassRow, payer: number, comment: string) {
  const product = await productOf(tx, cls);
  const [invoice] = await tx.insert(invoices).values({
    facility_id: cls.facility_id, customer_id: payer, invoice_type_id: INVOICE_TYPE.GENERAL,
    product_type_id: product?.product_type_id ?? null, class_id: cls.ID, date: nowSeconds(), comment, user_id: user?.ID ?? null,
  }).returning();
  return invoice;
}

/** The invoice of a registration, with its line. */
async function invoiceFor(tx: Tx, user: SessionUser | null, cls: ClassRow, place: Place, priceCents: number) {
  const child = await nameOf(tx, place.customer_id);
  const invoice = await classInvoice(tx, user, cls, place.parent_id ?? place.customer_id, `${child.first_name} ${child.last_name} — ${cls.name}`);
  await classLine(tx, cls, invoice.ID, priceCents);
  const view = await recordInvoiceChange(tx, user, invoice, 'create');
  return { invoice, view };
}

async function assertNotIn(tx: Tx, cls: ClassRow, customerId: number) {
  const [attending] = await tx.select({ ID: attendees.ID }).from(attendees).where(and(eq(attendees.class_id, cls.ID), eq(attendees.customer_id, customerId)));
  if (attending) throw conflict(CLASS_MESSAGES.already);
}

async function admit(tx: Tx, user: SessionUser | null, cls: ClassRow, place: Place, invoiceId: number) {
  const [row] = await tx.insert(attendees).values({ class_id: cls.ID, ...place, invoice_id: invoiceId }).returning();
  await recordChange(tx, { object: 'attendee', object_id: row.ID, action: 'create', user_id: user?.ID ?? null, new_value: row });
  return row;
}

/** A new attendee of `cls` (locked) with its invoice at `priceCents`; 409 when the class is full. */
export async function enrol(tx: Tx, user: SessionUser | null, cls: ClassRow, place: Place, priceCents: number) {
  if (cls.is_container) throw badRequest(CLASS_MESSAGES.season);
  await assertNotIn(tx, cls, place.customer_id);
  if (admission(cls.max_kids, await seatsTaken(tx, cls.ID), false) !== 'attendee') throw conflict(CLASS_MESSAGES.full);
  const { invoice, view } = await invoiceFor(tx, user, cls, place, priceCents);
  return { attendee: await admit(tx, user, cls, place, invoice.ID), invoice, view };
}

/**
 * An attendee of `cls` (locked) from an online checkout: its seat was counted when the family's hold
 * was made (not again now), its line added to the checkout's one invoice.
 */
export async function enrolHeld(tx: Tx, cls: ClassRow, place: Place, priceCents: number, invoice: InvoiceRow) {
  if (cls.is_container) throw badRequest(CLASS_MESSAGES.season);
  await assertNotIn(tx, cls, place.customer_id);
  await classLine(tx, cls, invoice.ID, priceCents);
  return admit(tx, null, cls, place, invoice.ID);
}

/** Adds a child to the waitlist of `cls` (locked), which must be full. */
export async function joinWaitlist(tx: Tx, user: SessionUser | null, cls: ClassRow, place: Place) {
  if (cls.is_container) throw badRequest(CLASS_MESSAGES.season);
  await assertNotIn(tx, cls, place.customer_id);
  const [waiting] = await tx.select({ ID: waitlists.ID }).from(waitlists).where(and(eq(waitlists.class_id, cls.ID), eq(waitlists.customer_id, place.customer_id)));
  if (waiting) throw conflict(CLASS_MESSAGES.alreadyWaiting);
  const [row] = await tx.insert(waitlists).values({ class_id: cls.ID, ...place }).returning();
  await recordChange(tx, { object: 'waitlist', object_id: row.ID, action: 'create', user_id: user?.ID ?? null, new_value: row });
  return row;
}

/**
 * Fills the free places of `cls` (locked) from its waitlist, oldest first, at the class's price now.
 * The parents' e-mails are durable jobs enqueued in the same transaction (./promotionMail.ts), each with
 * the amount due (tax and fees included) and a link to view and pay the invoice under `publicUrl`;
 * answers how many, so the caller wakes the worker after the commit.
 */
export async function promote(tx: Tx, user: SessionUser | null, cls: ClassRow, publicUrl: string): Promise<number> {
  if (cls.is_container) return 0;
  const taken = await seatsTaken(tx, cls.ID);
  if (taken >= cls.max_kids) return 0;
  const offered = await offeredEntries(tx, cls.ID);
  const waiting = (await tx.select().from(waitlists).where(eq(waitlists.class_id, cls.ID)).orderBy(asc(waitlists.CreatedAt), asc(waitlists.ID)).for('update'))
    .filter((entry) => !offered.has(entry.ID));
  const chosen = promotions(cls.max_kids, taken, waiting);
  if (!chosen.length) return 0;
  const { price } = await priceNow(tx, cls);
  const mails: MailMessage[] = [];
  let offers = 0;
  for (const entry of chosen) {
    // Joined online: the seat is offered (held), not given with an invoice.
    if (entry.source === 'online') {
      await offerSeat(tx, cls, entry, publicUrl);
      offers += 1;
      continue;
    }
    await tx.delete(waitlists).where(eq(waitlists.ID, entry.ID));
    const { attendee, invoice, view } = await enrol(tx, user, cls, { customer_id: entry.customer_id, parent_id: entry.parent_id, uniform_size: entry.uniform_size }, price);
    const child = await nameOf(tx, entry.customer_id);
    const name = `${child.first_name} ${child.last_name}`;
    await auditClass(tx, user, cls, 'waitlist_promote', {
      promotion: { customer_id: entry.customer_id, name, attendee_id: attendee.ID, invoice_id: invoice.ID, price: toDollars(price), waitlist_id: entry.ID },
    });
    const to = (await nameOf(tx, entry.parent_id ?? entry.customer_id)).email;
    if (to) {
      const { link } = await issuePublicLink(tx, invoice.ID, publicUrl);
      mails.push(promotionMail(to.split('#')[0], name, cls.name, { ID: invoice.ID, due: view.balance, link }));
    }
  }
  await enqueue(tx, WAITLIST_MAIL, mails);
  return mails.length + offers;
}

/** The invoice of a registration, locked, with whether a payment was ever recorded on it. */
export async function registrationInvoice(tx: Tx, invoiceId: number | null) {
  if (!invoiceId) return null;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.ID, invoiceId)).for('update');
  if (!invoice) return null;
  const [payment] = await tx.select({ ID: payments.ID }).from(payments).where(eq(payments.invoice_id, invoiceId)).limit(1);
  return { invoice, everPaid: Boolean(payment) };
}

/** Removes a registration's invoice when nothing was ever paid on it (one whose payments were reverted is kept). */
export async function dropInvoice(tx: Tx, user: SessionUser, found: Awaited<ReturnType<typeof registrationInvoice>>) {
  if (!found) return;
  await recordInvoiceChange(tx, user, found.invoice, 'delete');
  if (!found.everPaid) await tx.delete(invoices).where(eq(invoices.ID, found.invoice.ID));
}
