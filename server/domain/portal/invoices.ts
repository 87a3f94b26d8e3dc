import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PORTAL_MESSAGES, type PortalInvoice, type PortalInvoiceRow, type PortalPayment } from '../../../core/api/portal';
import { toCents, toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db, Tx } from '../../db/client';
import { invoices, portalOrders, portalPayments } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { claimOrWait, requestHash } from '../../http/idempotency';
import type { Square, SquarePayment } from '../../services/square';
import { assertOpen, balanceOf, invoiceFigures, type InvoiceRow } from '../invoices/access';
import { invoiceView, invoiceViews, publicView, type InvoiceView } from '../invoices/view';
import { recordSquarePayment } from '../square/record';
import { familyIds } from './family';
import { chargeReference, enqueueChargeRecovery, refusedCharge, unconfirmed, type ChargeFlow } from './pendingCharge';
import { mailReceipt, type Receipt, type ReceiptDeps } from './receipt';

// The family's invoices in the portal (issue 43 §5): those of its members, as the public invoice page
// shows them (no staff-only field) with refunds and balance; and paying one by card through the Square
// adapter. A payment is claimed first — the invoice row locked, the amount checked against the balance
// less the payments still in flight, a pending row kept under (holder, idempotency key) — then Square
// charges with the key, then the payment is recorded and the answer kept: so concurrent payments never
// exceed the balance, and a retry with the key answers the first result (waiting while it is in flight).
// A claim whose request died is settled by the job of ./pendingCharge.ts (recorded or dropped).

/** One of the family's invoices (locked for update when asked), else 404. */
async function familyInvoice(db: Db | Tx, holder: PortalUser, id: number, lock = false): Promise<InvoiceRow> {
  const ids = await familyIds(db, holder);
  const query = db.select().from(invoices).where(and(eq(invoices.ID, id), inArray(invoices.customer_id, ids)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('Invoice');
  return row;
}

const portalWire = (view: InvoiceView): PortalInvoice => ({
  ...publicView(view), balance_state: view.balance_state, refunds_pending: view.refunds_pending, refunded: view.refunded,
});

/** GET /portal/invoices: the family's invoices, newest first. */
export async function listFamilyInvoices(db: Db, holder: PortalUser): Promise<PortalInvoiceRow[]> {
  const ids = await familyIds(db, holder);
  const rows = await db.select({ ID: invoices.ID }).from(invoices).where(inArray(invoices.customer_id, ids)).orderBy(desc(invoices.date), desc(invoices.ID)).limit(500);
  const views = await invoiceViews(db, rows.map((r) => r.ID));
  return views.map((v) => ({
    ID: v.ID, date: v.date, customer_id: v.customer_id!, facility: { name: v.facility.name, time_zone: v.facility.time_zone },
    total: v.total, paid: v.paid, balance: v.balance, balance_state: v.balance_state,
  }));
}

/** GET /portal/invoices/{id}. */
export async function familyInvoiceView(db: Db, holder: PortalUser, id: number): Promise<PortalInvoice> {
  return portalWire(await invoiceView(db, await familyInvoice(db, holder, id)));
}

type Claim = { kind: 'claimed'; claimId: number; invoice: InvoiceRow } | { kind: 'replay'; answer: PortalPayment } | { kind: 'wait' };

/** Step 1: the key's earlier result, or a wait while it is in flight, or a new claim within the balance. */
async function claim(db: Db, holder: PortalUser, invoiceId: number, key: string, hash: string, amount: number): Promise<Claim> {
  return db.transaction(async (tx) => {
    const invoice = await familyInvoice(tx, holder, invoiceId, true);
    const now = nowSeconds();
    const [earlier] = await tx.select().from(portalPayments).where(and(eq(portalPayments.customer_id, holder.customer_id), eq(portalPayments.idempotency_key, key)));
    if (earlier) {
      if (earlier.request_hash !== hash) throw conflict(PORTAL_MESSAGES.keyReused);
      if (earlier.status === 'done') return { kind: 'replay', answer: earlier.answer!.body as PortalPayment };
      // In flight, or past its lease while the job settles it: its answer comes.
      return { kind: 'wait' };
    }
    assertOpen(invoice);
    // Every pending claim holds the balance until it is recorded or dropped (one past its lease may have been charged).
    const [inFlight] = await tx.select({ sum: sql<string>`coalesce(sum(${portalPayments.amount}), 0)` }).from(portalPayments)
      .where(and(eq(portalPayments.invoice_id, invoice.ID), eq(portalPayments.status, 'pending')));
    // A player's share being charged on a team's invoice (portal_orders, issue 44) holds the balance too.
    const [ordering] = await tx.select({ sum: sql<string>`coalesce(sum(${portalOrders.amount}), 0)` }).from(portalOrders)
      .where(and(eq(portalOrders.invoice_id, invoice.ID), eq(portalOrders.status, 'pending')));
    if (amount > balanceOf(await invoiceFigures(tx, invoice.ID)) - Number(inFlight.sum) - Number(ordering.sum)) throw badRequest(PORTAL_MESSAGES.overBalance);
    const [claimed] = await tx.insert(portalPayments).values({
      customer_id: holder.customer_id, invoice_id: invoice.ID, idempotency_key: key, request_hash: hash, amount, status: 'pending', CreatedAt: now,
    }).returning({ ID: portalPayments.ID });
    await enqueueChargeRecovery(tx, { flow: 'payment', id: claimed.ID }, now);
    return { kind: 'claimed', claimId: claimed.ID, invoice };
  });
}

/** Drops a claim still pending (a declined or failed charge, or none found by the job). */
const dropClaim = async (db: Db, claimId: number) => {
  await db.delete(portalPayments).where(and(eq(portalPayments.ID, claimId), eq(portalPayments.status, 'pending')));
};

const PAID_NOTE = 'Paid from the family portal';
/** The key Square gets for a holder's key (two families' equal keys never meet there). */
const squareKeyOf = (customerId: number, key: string) => `portal:${customerId}:${key}`;

/**
 * Step 3: the payment Square took on the claim's invoice and the answer a retry gets, once, with the
 * receipt to mail: the claim's answer (no receipt: it was mailed) when it was recorded already (by the
 * job). A claim the job dropped meanwhile (a request slower than its lease) still gets its payment
 * recorded: the money is taken.
 */
async function recordCharge(db: Db, customerId: number, claimId: number, invoiceId: number, taken: SquarePayment): Promise<{ answer: PortalPayment; receipt: Receipt | null }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.ID, invoiceId)).for('update');
    const [claim] = await tx.select().from(portalPayments).where(eq(portalPayments.ID, claimId)).for('update');
    if (claim?.status === 'done') return { answer: claim.answer!.body as PortalPayment, receipt: null };
    const recorded = await recordSquarePayment(tx, null, locked, { amount: taken.amount_money.amount, type: 'card', squareId: taken.id, note: PAID_NOTE, review: taken.review });
    const result: PortalPayment = { status: 'SUCCESS', payment_id: recorded.payment.ID, square_id: taken.id, amount: toDollars(taken.amount_money.amount), balance: recorded.balance };
    if (claim) await tx.update(portalPayments).set({ status: 'done', answer: { status: 200, body: result } }).where(eq(portalPayments.ID, claimId));
    return { answer: result, receipt: { customer_id: customerId, invoice_id: invoiceId, payment: result } };
  });
}

/** The invoice payments' claims as the job settles them (./pendingCharge.ts). */
export function invoiceCharges(deps: ReceiptDeps): ChargeFlow {
  const { db } = deps;
  const pending = async (id: number) => {
    const [row] = await db.select({ claim: portalPayments, facilityId: invoices.facility_id })
      .from(portalPayments).innerJoin(invoices, eq(invoices.ID, portalPayments.invoice_id)).where(eq(portalPayments.ID, id));
    if (row?.claim.status !== 'pending') return null;
    const { claim, facilityId } = row;
    return { facilityId, since: claim.CreatedAt, squareKey: squareKeyOf(claim.customer_id, claim.idempotency_key), invoiceId: claim.invoice_id, customerId: claim.customer_id };
  };
  return {
    pending,
    async record(id, taken) {
      const claim = await pending(id);
      if (!claim) return;
      const { receipt } = await recordCharge(db, claim.customerId, id, claim.invoiceId, taken);
      await mailReceipt(deps, receipt);
    },
    release: (id) => dropClaim(db, id),
  };
}

export type PayDeps = ReceiptDeps & { square: Square };

/** POST /portal/invoices/{id}/pay. */
export async function payFamilyInvoice(deps: PayDeps, holder: PortalUser, invoiceId: number, body: { idempotency_key: string; source_id: string; amount: number }): Promise<PortalPayment> {
  const { db, square } = deps;
  const amount = toCents(body.amount);
  if (amount <= 0) throw badRequest(PORTAL_MESSAGES.notPositive);
  const hash = requestHash({ invoice: invoiceId, amount, source_id: body.source_id });
  const claimed = await claimOrWait(() => claim(db, holder, invoiceId, body.idempotency_key, hash, amount), PORTAL_MESSAGES.inProgress);
  if (claimed.kind === 'replay') return claimed.answer;
  const { claimId, invoice } = claimed;

  // Step 2: Square, with a key of the holder's (two families' equal keys never meet there). Square's
  // refusal drops the claim: a retry asks Square again with the same key, which never charges twice. An
  // unknown outcome keeps it (and the balance it holds) for the job.
  let taken: Awaited<ReturnType<Square['createPayment']>>;
  try {
    taken = await square.createPayment(invoice.facility_id, {
      idempotencyKey: squareKeyOf(holder.customer_id, body.idempotency_key), sourceId: body.source_id, amount, note: `Invoice ${invoice.ID}`,
      referenceId: chargeReference(squareKeyOf(holder.customer_id, body.idempotency_key)),
    });
  } catch (error) {
    if (!refusedCharge(error)) throw unconfirmed(deps.log, error, { flow: 'payment', id: claimId });
    await dropClaim(db, claimId);
    throw error;
  }
  if (taken.status !== 'COMPLETED' && taken.status !== 'APPROVED') {
    await dropClaim(db, claimId);
    throw new HttpError(402, PORTAL_MESSAGES.notCharged);
  }

  const { answer, receipt } = await recordCharge(db, holder.customer_id, claimId, invoice.ID, taken);
  await mailReceipt(deps, receipt);
  return answer;
}
