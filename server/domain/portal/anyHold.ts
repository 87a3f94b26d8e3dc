import { eq, inArray } from 'drizzle-orm';
import { OFFERING_MESSAGES, type PortalCheckout, type PortalHold } from '../../../core/api/portalOfferings';
import { INVOICE_TYPE } from '../../../core/constants';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { customers, invoiceItems, invoices, portalHolds } from '../../db/schema';
import { conflict } from '../../http/errors';
import { requestHash } from '../../http/idempotency';
import { enqueueHoldExpiry, HOLD_SECONDS } from '../classes/seats';
import { balanceOf, facilityRates, invoiceFigures } from '../invoices/access';
import { recordInvoiceChange } from '../invoices/audit';
import { addLine } from '../invoices/lines';
import { cardOrder, type OrderKind } from './cardOrder';
import { checkoutHold, unsigned, type CheckoutDeps } from './checkout';
import { chargedOf, invoiceHoldPrice, undoMemberships, type KeptCheckout } from './holdPrice';
import { holdKind, kindHoldWire, kindPrice, type HoldRequest } from './holdKinds';
import { createHold, expireHold, familyHold, familyMembers } from './holds';

// Every kind of hold (issue 44 items 2–3): classes and camps as ./holds.ts and ./checkout.ts make and pay
// them; pickup games, divisions' individual registrations and rentals (./holdKinds.ts) made under their
// offering's lock, and paid through cardOrder — the claim (the offering then the hold locked, the waivers
// checked, one invoice: the registrations and a division's required membership bought with them as a
// class's is (./holdPrice.ts), the hold done), the card, the payment; a
// declined card undoes the claim and puts the hold back as it was, to expire at its time; a retry with
// the key answers the first result.

/** POST /portal/holds. */
export async function placeHold(db: Db, holder: PortalUser, body: HoldRequest): Promise<PortalHold> {
  const kind = holdKind(body.offering.type);
  if (!kind) return createHold(db, holder, body);
  const participants = await familyMembers(db, holder, body.participant_ids);
  return db.transaction(async (tx) => {
    const now = nowSeconds();
    const columns = await kind.take(tx, holder, body, participants, now);
    const expires_at = now + HOLD_SECONDS;
    const [hold] = await tx.insert(portalHolds).values({
      ...columns, customer_id: holder.customer_id, offering_type: body.offering.type, participant_ids: participants, seats: participants.length, expires_at,
    }).returning();
    await enqueueHoldExpiry(tx, hold.ID, expires_at);
    return kindHoldWire(tx, kind, hold);
  });
}

/** The hold of a card order, locked after its offering (the order every writer of both takes). */
async function lockOrderHold(tx: Tx, holdId: number) {
  const [found] = await tx.select().from(portalHolds).where(eq(portalHolds.ID, holdId));
  const kind = holdKind(found.offering_type)!;
  await kind.lock(tx, found);
  const [hold] = await tx.select().from(portalHolds).where(eq(portalHolds.ID, holdId)).for('update');
  return { kind, hold };
}

/**
 * A hold's card order from what it reserved alone (the hold's ID): undone or answered by the checkout,
 * or by the job of ./pendingCharge.ts that settles a claim whose request died.
 */
export const holdOrder: OrderKind<PortalCheckout> = {
  kind: 'hold',
  async undo(tx, reserved) {
    const { kind, hold } = await lockOrderHold(tx, reserved.hold_id!);
    await kind.unregister(tx, hold);
    await undoMemberships(tx, reserved.membership_ids);
    await tx.update(portalHolds).set({ status: 'held', invoice_id: null, answer: null }).where(eq(portalHolds.ID, hold.ID));
    await tx.delete(invoiceItems).where(eq(invoiceItems.invoice_id, hold.invoice_id!));
    await tx.delete(invoices).where(eq(invoices.ID, hold.invoice_id!));
    // Its expiry may have passed while the card was asked: the job releases it then.
    await enqueueHoldExpiry(tx, hold.ID, hold.expires_at);
  },
  async answer(tx, reserved, payment) {
    const [hold] = await tx.select().from(portalHolds).where(eq(portalHolds.ID, reserved.hold_id!));
    const registrations = (hold.answer as KeptCheckout).registrations!;
    return {
      hold_id: hold.ID, invoice_id: hold.invoice_id!, registrations, payment_id: payment?.payment_id ?? null, square_id: payment?.square_id ?? null,
      amount: payment?.amount ?? 0, balance: payment?.balance ?? toDollars(balanceOf(await invoiceFigures(tx, hold.invoice_id!))),
    };
  },
};

/** POST /portal/holds/{id}/checkout. */
export async function checkoutAnyHold(deps: CheckoutDeps, holder: PortalUser, holdId: number, body: { idempotency_key: string; source_id: string }): Promise<PortalCheckout> {
  const found = await familyHold(deps.db, holder, holdId);
  const kind = holdKind(found.offering_type);
  if (!kind) return checkoutHold(deps, holder, holdId, body);
  const hash = requestHash({ hold: holdId, source_id: body.source_id });
  const name = (await kind.describe(deps.db, found)).offering.name;
  return cardOrder(deps, holder, { key: body.idempotency_key, hash, sourceId: body.source_id, note: `${name} (online)` }, holdOrder, async (tx) => {
    await kind.lock(tx, found);
    const hold = await familyHold(tx, holder, holdId, true);
    const now = nowSeconds();
    if (hold.status === 'done') throw conflict(OFFERING_MESSAGES.notHeld);
    if (hold.status !== 'held' || hold.expires_at <= now) throw conflict(OFFERING_MESSAGES.expired);
    const bought = await kind.describe(tx, hold);
    const ids = hold.participant_ids;
    if ((await unsigned(tx, bought.facility_id, ids)).length) throw conflict(OFFERING_MESSAGES.waiver);
    const priced = await kindPrice(tx, bought, hold, now);
    if (priced.membershipMissing) throw conflict(OFFERING_MESSAGES.membership);
    const names = await tx.select({ first_name: customers.first_name, last_name: customers.last_name }).from(customers).where(inArray(customers.ID, ids));
    const [invoice] = await tx.insert(invoices).values({
      facility_id: bought.facility_id, customer_id: holder.customer_id, invoice_type_id: INVOICE_TYPE.GENERAL, product_type_id: bought.product_type_id,
      date: now, comment: `${names.map((n) => `${n.first_name} ${n.last_name}`).join(', ')} — ${bought.offering.name} (online)`, user_id: null,
    }).returning();
    await addLine(tx, invoice.ID, await facilityRates(tx, bought.facility_id), { ...bought.line, price: toDollars(bought.price), quantity: ids.length });
    const registrations = await kind.register(tx, holder, { ...hold, invoice_id: invoice.ID }, invoice.ID);
    // A division's required membership, for whoever has none: on the same invoice, made with the registration.
    const membership_ids = await invoiceHoldPrice(tx, invoice, priced, holder.customer_id);
    await recordInvoiceChange(tx, null, invoice, 'create');
    // Done now: the registrations hold the places while the card is charged.
    const kept: KeptCheckout = { registrations, charged: chargedOf(priced) };
    await tx.update(portalHolds).set({ status: 'done', invoice_id: invoice.ID, answer: kept }).where(eq(portalHolds.ID, hold.ID));
    return { invoice_id: invoice.ID, amount: balanceOf(await invoiceFigures(tx, invoice.ID)), reserved: { hold_id: hold.ID, membership_ids } };
  });
}

/** The expiry job of any hold: releases it when still held past its time (its places offered to the waitlist). Answers whether anything was released. */
export async function expireAnyHold(db: Db, holdId: number, publicUrl: string): Promise<boolean> {
  const [found] = await db.select().from(portalHolds).where(eq(portalHolds.ID, holdId));
  const kind = found ? holdKind(found.offering_type) : null;
  if (!kind) return expireHold(db, holdId, publicUrl);
  return db.transaction(async (tx) => {
    await kind.lock(tx, found);
    const [hold] = await tx.select().from(portalHolds).where(eq(portalHolds.ID, holdId)).for('update');
    if (hold.status !== 'held' || hold.expires_at > nowSeconds()) return false;
    await tx.update(portalHolds).set({ status: 'released' }).where(eq(portalHolds.ID, hold.ID));
    await kind.release(tx, hold, publicUrl);
    return true;
  });
}
