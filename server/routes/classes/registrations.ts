import type { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  convertWaitlist, deleteWaitlist, moveRegistration, ONE_PARTICIPANT, PARENT_ADULT, register, unregister, updateAttendee, type RegistrationAnswer,
} from '../../../core/api/classes';
import { CHILD_WITHOUT_PARENT } from '../../../core/api/customers';
import { isKidCustomer } from '../../../core/validation/customer';
import { toCents, toDollars } from '../../../core/money';
import { admission, CLASS_MESSAGES, PRORATE_WARNING_CENTS, registrationDeletable } from '../../../core/validation/classes';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { transaction } from '../../db/transaction';
import { attendees, invoiceItems, invoices, waitlists } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, notFound } from '../../http/errors';
import { idempotentCreate } from '../../http/idempotency';
import { recordChange } from '../../services/changelog';
import { findCustomer, type CustomerRow } from '../../domain/customers/access';
import { insertCustomer, linkChild } from '../../domain/customers/create';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { lineAmounts } from '../../domain/invoices/lines';
import { findClass, lockClasses, payingParent, priceNow } from '../../domain/classes/access';
import { seatsTaken } from '../../domain/classes/seats';
import { attendeeAnswer, waitlistAnswer } from './people';
import { dropInvoice, enrol, joinWaitlist, promote, registrationInvoice } from '../../domain/classes/enrolment';
import { applySiblingDiscount, siblingDiscountLines } from '../../domain/portal/siblingDiscount';

// Registrations (spec 3 §7 Classes, issue 26 items 5 and 7): POST /class/registration (an attendee with
// its invoice, or with waitlist: true a waitlist entry when the class is full), DELETE and PUT (move)
// /class/registration/{id}, PUT /attendee/{id} (uniform size), DELETE and PUT (convert) /waitlist/{id}.
// Each runs in one transaction with the classes concerned locked; a freed place promotes the waitlist,
// and the parents' e-mails are durable jobs of that transaction, sent once it committed.

type RegisterBody = z.output<NonNullable<typeof register.body>>;

/**
 * The participant of a registration: an existing customer, or one made now in the registration's
 * transaction (issue 41 item 7) — an adult, or a child with its parent (on record or new) and their
 * family link — in the class's facility. A registration refused later leaves none of them behind.
 */
async function participant(tx: Tx, user: SessionUser, facility_id: number, body: RegisterBody): Promise<{ customer: CustomerRow; parent_id: number | null | undefined }> {
  const made = body.new_participant;
  if ((made === undefined) === (body.attendee.customer_id === undefined)) throw badRequest(ONE_PARTICIPANT);
  if (!made) return { customer: await findCustomer(tx, user, body.attendee.customer_id!), parent_id: body.parent_id };
  if (!made.customer.is_kid) {
    if (made.parent || body.parent_id) throw badRequest('An adult participant has no parent: leave new_participant.parent and parent_id out');
    return { customer: await insertCustomer(tx, user, made.customer, facility_id), parent_id: null };
  }
  if (made.parent && body.parent_id) throw badRequest(ONE_PARTICIPANT);
  const parent = made.parent ? await insertCustomer(tx, user, made.parent, facility_id) : body.parent_id ? await findCustomer(tx, user, body.parent_id) : null;
  if (!parent) throw badRequest(CHILD_WITHOUT_PARENT);
  if (isKidCustomer(parent) || !parent.email) throw badRequest(PARENT_ADULT);
  const child = await insertCustomer(tx, user, { ...made.customer, parent_email: parent.email }, facility_id);
  const linked = await linkChild(tx, user, { parent_id: parent.ID, child_id: child.ID, relation: '' }, parent.email);
  return { customer: linked.child, parent_id: parent.ID };
}

export async function registrationRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  /** Runs a write that may promote, then wakes the jobs worker for the promotion mails it enqueued. */
  async function withPromotions<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const answer = await transaction(db, work);
    app.jobs.wake();
    return answer;
  }

  /** A registration the user may reach (through its class), with its class locked. */
  async function lockAttendee(tx: Tx, user: SessionUser, id: number, extraClass?: number) {
    const [found] = await tx.select().from(attendees).where(eq(attendees.ID, id));
    if (!found) throw notFound('Participant');
    const locked = await lockClasses(tx, user, [found.class_id, ...(extraClass ? [extraClass] : [])]);
    const [attendee] = await tx.select().from(attendees).where(eq(attendees.ID, id)).for('update');
    if (!attendee || attendee.class_id !== found.class_id) throw conflict('This participant changed meanwhile: reload the page and try again');
    return { attendee, locked };
  }

  serve(app, register, async ({ user, body, idempotencyKey }, _request, reply) => {
    const answer = await idempotentCreate(db, user, idempotencyKey, 'class-registration', body, async (tx): Promise<RegistrationAnswer> => {
      const cls = await findClass(tx, user, body.attendee.class_id, { lock: true });
      const { customer, parent_id } = await participant(tx, user, cls.facility_id, body);
      if (customer.facility_id !== cls.facility_id && user.role !== 'admin') throw notFound('Customer');
      const place = { customer_id: customer.ID, parent_id: await payingParent(tx, customer, parent_id), uniform_size: body.attendee.uniform_size ?? null };
      const price = toCents(body.price);
      if (admission(cls.max_kids, await seatsTaken(tx, cls.ID), body.waitlist) === 'waitlist') {
        const entry = await joinWaitlist(tx, user, cls, place);
        return { ID: entry.ID, class_id: cls.ID, customer_id: customer.ID, waitlisted: true, invoice_id: null, price: body.price };
      }
      const [sibling] = await siblingDiscountLines(tx, { facility_id: cls.facility_id, program: { type: 'class', id: cls.ID }, participant_ids: [customer.ID] });
      const { attendee, invoice } = await enrol(tx, user, cls, place, price);
      if (sibling) await applySiblingDiscount(tx, invoice.ID, price, sibling, user.ID);
      return { ID: attendee.ID, class_id: cls.ID, customer_id: customer.ID, waitlisted: false, invoice_id: invoice.ID, price: toDollars(price) };
    });
    return reply.status(answer.status).send(answer.body);
  });

  serve(app, unregister, async ({ user, params: { id } }) => withPromotions(async (tx) => {
    const { attendee, locked } = await lockAttendee(tx, user, id);
    const found = await registrationInvoice(tx, attendee.invoice_id);
    if (!registrationDeletable(found?.invoice ?? null)) throw conflict(CLASS_MESSAGES.paid);
    const answer = await attendeeAnswer(tx, attendee);
    await tx.delete(attendees).where(eq(attendees.ID, id));
    await dropInvoice(tx, user, found);
    await recordChange(tx, { object: 'attendee', object_id: id, action: 'delete', user_id: user.ID, new_value: attendee });
    await promote(tx, user, locked.get(attendee.class_id)!, config.publicUrl);
    return answer;
  }));

  serve(app, moveRegistration, async ({ user, params: { attendeeId }, query: { new_class_id, old_class_id } }) => withPromotions(async (tx) => {
    const { attendee, locked } = await lockAttendee(tx, user, attendeeId, new_class_id);
    if (attendee.class_id !== old_class_id) throw notFound('Participant');
    if (new_class_id === old_class_id) throw badRequest(CLASS_MESSAGES.sameClass);
    const from = locked.get(old_class_id)!;
    const to = locked.get(new_class_id)!;
    if (to.facility_id !== from.facility_id) throw badRequest(CLASS_MESSAGES.otherFacility);
    if (to.is_container) throw badRequest(CLASS_MESSAGES.season);
    const [already] = await tx.select({ ID: attendees.ID }).from(attendees).where(and(eq(attendees.class_id, to.ID), eq(attendees.customer_id, attendee.customer_id)));
    if (already) throw conflict(CLASS_MESSAGES.already);
    if (admission(to.max_kids, await seatsTaken(tx, to.ID), false) !== 'attendee') throw conflict(CLASS_MESSAGES.full);
    const [moved] = await tx.update(attendees).set({ class_id: to.ID, UpdatedAt: Math.floor(Date.now() / 1000) }).where(eq(attendees.ID, attendee.ID)).returning();
    const found = await registrationInvoice(tx, attendee.invoice_id);
    if (found) {
      // The invoice follows the child; a prorated price higher by more than $10 replaces the line's price (spec 3 §5).
      const [oldPrice, newPrice] = [(await priceNow(tx, from)).price, (await priceNow(tx, to)).price];
      if (newPrice - oldPrice > PRORATE_WARNING_CENTS) {
        const [line] = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, found.invoice.ID)).limit(1);
        if (line) {
          await tx.update(invoiceItems).set({ price: newPrice, new_product_id: to.new_product_id, product_id: to.product_id ?? line.product_id, comment: to.name, ...lineAmounts(newPrice, line.quantity, line.taxes, line.fees) })
            .where(eq(invoiceItems.ID, line.ID));
        }
      }
      const [row] = await tx.update(invoices).set({ class_id: to.ID }).where(eq(invoices.ID, found.invoice.ID)).returning();
      await recordInvoiceChange(tx, user, row, 'change_class');
    }
    await recordChange(tx, { object: 'attendee', object_id: moved.ID, action: 'change_class', user_id: user.ID, new_value: moved });
    await promote(tx, user, from, config.publicUrl);
    return attendeeAnswer(tx, moved);
  }));

  serve(app, updateAttendee, async ({ user, params: { id }, body }) => transaction(db, async (tx) => {
    const [found] = await tx.select().from(attendees).where(eq(attendees.ID, id));
    if (!found) throw notFound('Participant');
    await findClass(tx, user, found.class_id);
    const [row] = await tx.update(attendees).set({ uniform_size: body.uniform_size, UpdatedAt: Math.floor(Date.now() / 1000) }).where(eq(attendees.ID, id)).returning();
    await recordChange(tx, { object: 'attendee', object_id: id, action: 'update', user_id: user.ID, new_value: row });
    return attendeeAnswer(tx, row);
  }));

  /** A waitlist entry the user may reach, its class locked. */
  async function lockEntry(tx: Tx, user: SessionUser, id: number) {
    const [found] = await tx.select().from(waitlists).where(eq(waitlists.ID, id));
    if (!found) throw notFound('Waitlist entry');
    const cls = await findClass(tx, user, found.class_id, { lock: true });
    const [entry] = await tx.select().from(waitlists).where(eq(waitlists.ID, id)).for('update');
    if (!entry) throw notFound('Waitlist entry');
    return { entry, cls };
  }

  serve(app, deleteWaitlist, async ({ user, params: { id } }) => transaction(db, async (tx) => {
    const { entry } = await lockEntry(tx, user, id);
    const found = await registrationInvoice(tx, entry.invoice_id);
    if (!registrationDeletable(found?.invoice ?? null)) throw conflict(CLASS_MESSAGES.paid);
    const answer = await waitlistAnswer(tx, entry);
    await tx.delete(waitlists).where(eq(waitlists.ID, id));
    await dropInvoice(tx, user, found);
    await recordChange(tx, { object: 'waitlist', object_id: id, action: 'delete', user_id: user.ID, new_value: entry });
    return answer;
  }));

  serve(app, convertWaitlist, async ({ user, params: { id } }) => transaction(db, async (tx): Promise<RegistrationAnswer> => {
    const { entry, cls } = await lockEntry(tx, user, id);
    if (admission(cls.max_kids, await seatsTaken(tx, cls.ID), false) !== 'attendee') throw conflict(CLASS_MESSAGES.fullConvert);
    const { price } = await priceNow(tx, cls);
    await tx.delete(waitlists).where(eq(waitlists.ID, id));
    const { attendee, invoice } = await enrol(tx, user, cls, { customer_id: entry.customer_id, parent_id: entry.parent_id, uniform_size: entry.uniform_size }, price);
    await recordChange(tx, { object: 'waitlist', object_id: id, action: 'convert', user_id: user.ID, new_value: { ...entry, attendee_id: attendee.ID } });
    return { ID: attendee.ID, class_id: cls.ID, customer_id: entry.customer_id, waitlisted: false, invoice_id: invoice.ID, price: toDollars(price) };
  }));
}
