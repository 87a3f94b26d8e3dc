import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  checkPending, confirmCheckout, initCheckout, initMembershipCheckout, SQUARE_MESSAGES, terminalDevices,
  type CheckoutInput, type CheckoutStart, type CheckoutState, type PendingCheck,
} from '../../../core/api/square';
import { toCents } from '../../../core/money';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import { terminalCheckouts } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import type { TerminalCheckout } from '../../services/square';
import { findCustomer } from '../../domain/customers/access';
import { findInvoice } from '../../domain/invoices/access';
import { membershipProduct } from '../../domain/memberships/sale';
import { claimKey, requestHash, storeAnswer, storedAnswer } from '../../http/idempotency';
import { enqueueCheckoutDeadline } from './deadline';
import { assertPayable } from '../../domain/square/record';
import { settleCheckout, confirmed } from '../../domain/square/settle';

// Terminal checkout (spec 2 §4, §7). The payment dialog lists the facility's terminals (getdevices),
// checks the chosen one for a pending checkout (check_pending: SUCCESS, PENDING or NOT_FOUND), starts
// a checkout (init-checkout: SUCCESS with Square's checkout id) and polls confirm every 3 s: SUCCESS
// once the terminal completed it (the payment is recorded then, exactly once: the checkout's row is
// locked and keeps the payment's id), CANCELED, or PENDING. init-checkout/membership sells a
// membership at the terminal: the membership, its invoice and the payment are written at completion.
// The body's checkout.reference_id names the invoice paid.

const SCOPE = 'terminal-checkout';

/** The facility a terminal call works in: the user's own; an admin names one. */
function terminalFacility(user: SessionUser, requested: number | undefined): number {
  const facility = facilityScope(user, requested);
  if (facility === null) throw badRequest('Please select a facility');
  return facility;
}

/**
 * Still able to take the money: waiting (PENDING), the buyer on it (IN_PROGRESS), or a cancel asked
 * while the buyer was on it (CANCEL_REQUESTED: the device decides, it may still complete). Square
 * cancels a PENDING one at its deadline (5 minutes) itself: CANCELED, cancel_reason TIMED_OUT.
 */
const isOpen = (c: TerminalCheckout) => c.status === 'PENDING' || c.status === 'IN_PROGRESS' || c.status === 'CANCEL_REQUESTED';

export async function terminalRoutes(app: FastifyInstance) {
  const { db, square } = app.deps;

  async function assertDevice(facilityId: number, deviceId: string) {
    const devices = await square.listDevices(facilityId);
    if (!devices.some((d) => d.id === deviceId)) throw badRequest(SQUARE_MESSAGES.unknownDevice);
  }

  /** Cancels the checkouts still open on a device (Confirm after 'pending' starts a new one there). */
  async function cancelOpen(facilityId: number, deviceId: string) {
    const open = await db.select().from(terminalCheckouts)
      .where(and(eq(terminalCheckouts.facility_id, facilityId), eq(terminalCheckouts.device_id, deviceId), eq(terminalCheckouts.status, 'PENDING')));
    for (const row of open) {
      const current = await square.getCheckout(facilityId, row.checkout_id);
      // A cancel already asked is not asked again (Square refuses it; the adapter takes that as done).
      if (current.status === 'PENDING' || current.status === 'IN_PROGRESS') await square.cancelCheckout(facilityId, row.checkout_id);
    }
  }

  /** Starts the checkout at Square and stores it with the key's answer (see storedAnswer for retries). */
  async function startCheckout(user: SessionUser, facilityId: number, key: string, hash: string, checkout: CheckoutInput, target: { invoice_id: number | null; membership: typeof terminalCheckouts.$inferInsert['membership'] }): Promise<CheckoutStart> {
    await assertDevice(facilityId, checkout.device_options.device_id);
    await cancelOpen(facilityId, checkout.device_options.device_id);
    const scoped = `${user.ID}:${key}`;
    const created = await square.createCheckout(facilityId, {
      idempotencyKey: scoped, amount: checkout.amount_money.amount, deviceId: checkout.device_options.device_id, note: checkout.note, referenceId: checkout.reference_id,
    });
    const answer = await db.transaction(async (tx) => {
      const replay = await claimKey(tx, SCOPE, scoped, hash, SQUARE_MESSAGES.keyReused);
      if (replay) return replay;
      const [row] = await tx.insert(terminalCheckouts).values({
        checkout_id: created.id, facility_id: facilityId, device_id: created.device_options.device_id, amount: created.amount_money.amount,
        invoice_id: target.invoice_id, membership: target.membership, user_id: user.ID,
      }).onConflictDoNothing().returning({ ID: terminalCheckouts.ID });
      if (row) await enqueueCheckoutDeadline(tx, row.ID);
      const stored = { status: 200, body: { status: 'SUCCESS', id: created.id, message: '' } satisfies CheckoutStart };
      await storeAnswer(tx, SCOPE, scoped, stored);
      return stored;
    });
    // A replay answers what the first start stored.
    return answer.body as CheckoutStart;
  }

  serve(app, terminalDevices, async ({ user, query: { facility_id } }) => {
    return square.listDevices(terminalFacility(user, facility_id));
  });

  serve(app, checkPending, async ({ user, query }): Promise<PendingCheck> => {
    const facilityId = terminalFacility(user, query.facility_id);
    const devices = await square.listDevices(facilityId);
    if (!devices.some((d) => d.id === query.terminal_id)) return { status: 'NOT_FOUND', message: SQUARE_MESSAGES.unknownDevice };
    const open = await db.select().from(terminalCheckouts)
      .where(and(eq(terminalCheckouts.facility_id, facilityId), eq(terminalCheckouts.device_id, query.terminal_id), eq(terminalCheckouts.status, 'PENDING')));
    for (const row of open) {
      const current = await square.getCheckout(facilityId, row.checkout_id);
      if (isOpen(current)) return { status: 'PENDING', id: row.checkout_id };
      if (current.status === 'CANCELED') await db.update(terminalCheckouts).set({ status: 'CANCELED' }).where(eq(terminalCheckouts.ID, row.ID));
    }
    return { status: 'SUCCESS' };
  });

  serve(app, initCheckout, async ({ user, body }) => {
    const hash = requestHash(body);
    const replay = await storedAnswer(db, SCOPE, `${user.ID}:${body.idempotency_key}`, hash, SQUARE_MESSAGES.keyReused);
    if (replay) return replay.body as CheckoutStart;
    const invoiceId = /^[0-9]{1,10}$/.test(body.checkout.reference_id) ? Number(body.checkout.reference_id) : 0;
    if (!invoiceId) throw badRequest('checkout.reference_id: must be the invoice ID');
    const invoice = await findInvoice(db, user, invoiceId);
    await assertPayable(db, invoice, body.checkout.amount_money.amount);
    return startCheckout(user, invoice.facility_id, body.idempotency_key, hash, body.checkout, { invoice_id: invoice.ID, membership: null });
  });

  serve(app, initMembershipCheckout, async ({ user, body }) => {
    const hash = requestHash(body);
    const replay = await storedAnswer(db, SCOPE, `${user.ID}:${body.idempotency_key}`, hash, SQUARE_MESSAGES.keyReused);
    if (replay) return replay.body as CheckoutStart;
    const facilityId = terminalFacility(user, body.facility_id);
    const { product, holder } = await db.transaction(async (tx) => ({
      product: await membershipProduct(tx, body.new_product_id),
      holder: await findCustomer(tx, user, body.sub_customer_id),
    }));
    const price = toCents(body.base_price) || product.base_price;
    if (price <= 0 || body.checkout.amount_money.amount <= 0) throw badRequest(SQUARE_MESSAGES.membershipPrice);
    return startCheckout(user, facilityId, body.idempotency_key, hash, body.checkout, {
      invoice_id: null,
      membership: { sub_customer_id: holder.ID, new_product_id: product.ID, duration: body.duration, price },
    });
  });

  serve(app, confirmCheckout, async ({ user, query: { id } }): Promise<CheckoutState> => {
    const facility = facilityScope(user);
    const [row] = await db.select().from(terminalCheckouts)
      .where(and(eq(terminalCheckouts.checkout_id, id), facility === null ? undefined : eq(terminalCheckouts.facility_id, facility)));
    if (!row) throw notFound('Checkout');
    if (row.payment_id !== null) return confirmed(row.payment_id, row.invoice_id);
    return settleCheckout(db, user, row, await square.getCheckout(row.facility_id, row.checkout_id));
  });
}
