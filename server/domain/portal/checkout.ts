import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OFFERING_MESSAGES, type PortalCheckout } from '../../../core/api/portalOfferings';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { classes, customers, portalHolds, waiverSignatures, waiverVersions, waitlists } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { claimOrWait, requestHash } from '../../http/idempotency';
import type { Mailer } from '../../services/mail/mailer';
import type { Square, SquarePayment } from '../../services/square';
import type { ClassRow } from '../classes/access';
import { classInvoice, enrolHeld } from '../classes/enrolment';
import { PAYING_SECONDS, seatsTaken } from '../classes/seats';
import { balanceOf, invoiceFigures } from '../invoices/access';
import { recordInvoiceChange } from '../invoices/audit';
import { recordSquarePayment } from '../square/record';
import { chargedOf, classPricing, holdPrice, invoiceHoldPrice, type KeptCheckout } from './holdPrice';
import { familyHold, quote, type HoldRow } from './holds';
import { chargeReference, enqueueChargeRecovery, refusedCharge, unconfirmed, type ChargeFlow } from './pendingCharge';
import { mailReceipt, type Receipt } from './receipt';

// Checkout (issue 44 item 3): a hold becomes its registrations, one invoice and a card payment, all or
// nothing. As the portal's invoice payment does it (./invoices.ts): first a claim — the class and the
// hold locked, the key's earlier result answered, the waivers checked, the price reckoned (the sibling
// discount, a required membership bought with it: ./holdPrice.ts), the hold marked paying (it keeps its
// seats whatever the clock says while Square is asked) — then Square charges with the key, then one
// transaction makes the invoice, the attendees (marked online), the discounts, the memberships and the
// payment, and the receipt mailed. A declined card puts the hold back as it was, to expire at its time;
// an unknown outcome (Square did not answer) keeps it paying for the job of ./pendingCharge.ts; a retry
// with the key answers the first result. Once done, the hold keeps what it was charged (KeptCheckout).


type Claim = { kind: 'claimed'; hold: HoldRow; cls: ClassRow; amount: number } | { kind: 'replay'; answer: PortalCheckout } | { kind: 'wait' };

/** The participants without a signature of the facility's current waiver (none when it has no waiver). */
export async function unsigned(tx: Tx, facilityId: number, ids: number[]): Promise<number[]> {
  const [current] = await tx.select({ ID: waiverVersions.ID }).from(waiverVersions).where(eq(waiverVersions.facility_id, facilityId)).orderBy(desc(waiverVersions.ID)).limit(1);
  if (!current) return [];
  const signed = await tx.select({ ID: waiverSignatures.customer_id }).from(waiverSignatures)
    .where(and(eq(waiverSignatures.version_id, current.ID), inArray(waiverSignatures.customer_id, ids)));
  return ids.filter((id) => !signed.some((s) => s.ID === id));
}

/** The hold's class then the hold, locked in that order (every writer of both takes it). */
async function lockHold(tx: Tx, holder: PortalUser, holdId: number) {
  const found = await familyHold(tx, holder, holdId);
  const [cls] = await tx.select().from(classes).where(eq(classes.ID, found.class_id!)).for('update');
  const hold = await familyHold(tx, holder, holdId, true);
  return { cls, hold };
}

async function claim(db: Db, holder: PortalUser, holdId: number, key: string, hash: string): Promise<Claim> {
  return db.transaction(async (tx) => {
    const { cls, hold } = await lockHold(tx, holder, holdId);
    const now = nowSeconds();
    // Paying: in flight, or past its lease while the job of ./pendingCharge.ts settles its charge.
    const inFlight = hold.status === 'paying';
    if (hold.checkout_key === key) {
      if (hold.checkout_hash !== hash) throw conflict(OFFERING_MESSAGES.keyReused);
      if (hold.status === 'done') return { kind: 'replay', answer: (hold.answer as KeptCheckout).checkout! };
      if (inFlight) return { kind: 'wait' };
    } else if (inFlight) {
      throw conflict(OFFERING_MESSAGES.inProgress);
    }
    if (hold.status === 'done') throw conflict(OFFERING_MESSAGES.notHeld);
    if (hold.status === 'released' || hold.expires_at <= now) throw conflict(OFFERING_MESSAGES.expired);
    const ids = hold.participant_ids;
    if ((await unsigned(tx, cls.facility_id, ids)).length) throw conflict(OFFERING_MESSAGES.waiver);
    const { total, membershipMissing } = await holdPrice(tx, classPricing(cls), hold, await quote(tx, cls, hold.seats), now);
    if (membershipMissing) throw conflict(OFFERING_MESSAGES.membership);
    const [paying] = await tx.update(portalHolds).set({ status: 'paying', paying_since: now, checkout_key: key, checkout_hash: hash })
      .where(eq(portalHolds.ID, hold.ID)).returning();
    await enqueueChargeRecovery(tx, { flow: 'hold', id: hold.ID }, now);
    return { kind: 'claimed', hold: paying, cls, amount: total };
  });
}

/** A declined or failed charge: the hold is held again (until its own expiry), its key free for a new attempt. */
const unclaim = (db: Db, holdId: number) =>
  db.update(portalHolds).set({ status: 'held', paying_since: null, checkout_key: null, checkout_hash: null }).where(and(eq(portalHolds.ID, holdId), eq(portalHolds.status, 'paying')));

export interface CheckoutDeps { db: Db; square: Square; mailer: Mailer; log: FastifyBaseLogger }

/** The key Square gets for a holder's key. */
const squareKeyOf = (customerId: number, key: string) => `portal-hold:${customerId}:${key}`;

/** POST /portal/holds/{id}/checkout. */
export async function checkoutHold(deps: CheckoutDeps, holder: PortalUser, holdId: number, body: { idempotency_key: string; source_id: string }): Promise<PortalCheckout> {
  const { db, square } = deps;
  const hash = requestHash({ hold: holdId, source_id: body.source_id });
  const claimed = await claimOrWait(() => claim(db, holder, holdId, body.idempotency_key, hash), OFFERING_MESSAGES.inProgress);
  if (claimed.kind === 'replay') return claimed.answer;
  const { hold, cls, amount } = claimed;
  // Nothing to pay (a prorated class with no session left, a full discount): registered without a charge.
  if (amount <= 0) return (await recordCheckout(deps, holder, hold.ID, { key: body.idempotency_key, hash }, null)).answer;

  let taken: SquarePayment;
  try {
    const squareKey = squareKeyOf(holder.customer_id, body.idempotency_key);
    taken = await square.createPayment(cls.facility_id, {
      idempotencyKey: squareKey, sourceId: body.source_id, amount, note: `${cls.name} (online)`, referenceId: chargeReference(squareKey),
    });
  } catch (error) {
    if (!refusedCharge(error)) throw unconfirmed(deps.log, error, { flow: 'hold', id: hold.ID });
    await unclaim(db, hold.ID);
    // Square's own words for a decline ('Card declined.') with what it means for the hold.
    if (error instanceof HttpError && error.statusCode === 402) throw new HttpError(402, `${error.message} ${OFFERING_MESSAGES.notCharged}`);
    throw error;
  }
  if (taken.status !== 'COMPLETED' && taken.status !== 'APPROVED') {
    await unclaim(db, hold.ID);
    throw new HttpError(402, OFFERING_MESSAGES.notCharged);
  }
  const { answer, receipt } = await recordCheckout(deps, holder, hold.ID, { key: body.idempotency_key, hash }, taken);
  await mailReceipt(deps, receipt);
  return answer;
}

/**
 * Step 3: the registrations, the invoice and the payment Square took (none when nothing was due), once
 * (the class and the hold locked); with the receipt to mail when this call recorded a payment.
 */
async function recordCheckout(deps: Pick<CheckoutDeps, 'db' | 'log'>, holder: PortalUser, holdId: number, claim: { key: string; hash: string }, taken: SquarePayment | null): Promise<{ answer: PortalCheckout; receipt: Receipt | null }> {
  return deps.db.transaction(async (tx) => {
    const { cls: locked, hold: now } = await lockHold(tx, holder, holdId);
    // No longer paying in its lease (released, or a checkout stuck past PAYING_SECONDS): the money is
    // taken, so the seats are taken again if they are free; otherwise the card's charge stands for staff to refund.
    if (now.status !== 'paying' || now.checkout_key !== claim.key || now.paying_since! <= nowSeconds() - PAYING_SECONDS) {
      if (now.status === 'done') return { answer: (now.answer as KeptCheckout).checkout!, receipt: null };
      if (await seatsTaken(tx, locked.ID) + now.seats > locked.max_kids) {
        deps.log.error({ hold: now.ID, square_id: taken?.id }, 'portal checkout: charged after its hold was released and the class filled');
        throw conflict(OFFERING_MESSAGES.expired);
      }
    }
    const priced = await holdPrice(tx, classPricing(locked), now, await quote(tx, locked, now.seats));
    const names = await tx.select({ ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name }).from(customers).where(inArray(customers.ID, now.participant_ids));
    const comment = `${names.map((n) => `${n.first_name} ${n.last_name}`).join(', ')} — ${locked.name} (online)`;
    const invoice = await classInvoice(tx, null, locked, holder.customer_id, comment);
    const registrations: PortalCheckout['registrations'] = [];
    for (const customer_id of now.participant_ids) {
      const parent_id = customer_id === holder.customer_id ? null : holder.customer_id;
      const attendee = await enrolHeld(tx, locked, { customer_id, parent_id, uniform_size: null, source: 'online' }, priced.price, invoice);
      registrations.push({ ID: attendee.ID, customer_id });
    }
    await invoiceHoldPrice(tx, invoice, priced, holder.customer_id);
    await recordInvoiceChange(tx, null, invoice, 'create');
    const recorded = taken && await recordSquarePayment(tx, null, invoice, { amount: taken.amount_money.amount, type: 'card', squareId: taken.id, note: 'Paid online at registration' });
    if (now.waitlist_id !== null) await tx.delete(waitlists).where(eq(waitlists.ID, now.waitlist_id));
    const answer: PortalCheckout = {
      hold_id: now.ID, invoice_id: invoice.ID, registrations, payment_id: recorded?.payment.ID ?? null, square_id: taken?.id ?? null,
      amount: taken ? toDollars(taken.amount_money.amount) : 0, balance: recorded?.balance ?? toDollars(balanceOf(await invoiceFigures(tx, invoice.ID))),
    };
    const kept: KeptCheckout = { checkout: answer, charged: chargedOf(priced) };
    await tx.update(portalHolds).set({ status: 'done', invoice_id: invoice.ID, answer: kept, checkout_key: claim.key, checkout_hash: claim.hash }).where(eq(portalHolds.ID, now.ID));
    const receipt = recorded && { customer_id: holder.customer_id, invoice_id: invoice.ID, payment: { payment_id: recorded.payment.ID, square_id: answer.square_id, amount: answer.amount, balance: answer.balance } };
    return { answer, receipt };
  });
}

/** The checkouts' claims as the job settles them (./pendingCharge.ts): a charge whose class filled meanwhile is logged for staff to refund, and its hold released. */
export function holdCharges(deps: Pick<CheckoutDeps, 'db' | 'mailer' | 'log'>): ChargeFlow {
  const pending = async (id: number) => {
    const [hold] = await deps.db.select().from(portalHolds).where(eq(portalHolds.ID, id));
    if (hold?.status !== 'paying') return null;
    return { facilityId: hold.facility_id, since: hold.paying_since!, squareKey: squareKeyOf(hold.customer_id, hold.checkout_key!), hold };
  };
  return {
    pending,
    async record(id, taken) {
      const claim = await pending(id);
      if (!claim) return;
      const { customer_id, checkout_key, checkout_hash } = claim.hold;
      try {
        // The job acts for the holder, in no session of theirs.
        const { receipt } = await recordCheckout(deps, { customer_id, session_id: 0 }, id, { key: checkout_key!, hash: checkout_hash! }, taken);
        await mailReceipt(deps, receipt);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
        await deps.db.update(portalHolds).set({ status: 'released' }).where(and(eq(portalHolds.ID, id), eq(portalHolds.status, 'paying')));
      }
    },
    release: async (id) => { await unclaim(deps.db, id); },
  };
}
