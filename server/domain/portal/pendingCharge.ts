import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PORTAL_MESSAGES } from '../../../core/api/portal';
import { nowSeconds } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../http/errors';
import { enqueue } from '../../services/jobs';
import type { Square, SquarePayment } from '../../services/square';
import { PAYING_SECONDS } from '../classes/seats';

// A portal card charge whose request died between Square's charge and its record (issue 44 item 8). The
// three card flows (an invoice paid, a hold checked out, a team order) claim first, then ask Square, then
// record. Each claim enqueues, in its own transaction, a durable job due when the claim's lease ends: if
// the claim is still pending then, the job asks Square for the charge by the reference the claim sent
// (Square has no lookup by idempotency key: the reference is derived from it) and records it, or releases
// the claim when Square took nothing. Record and release lock the claim's row and act only on a claim
// still pending, so the job, a second process's job and a slow request settle it once. A retry with the
// key meanwhile waits for that and then answers the recorded result. The request itself releases its
// claim only on Square's definite refusal (a declined card, a request refused: nothing was charged); an
// unknown outcome (no answer, a 5xx) leaves the claim to the job and answers 503 (PORTAL_MESSAGES.unconfirmed).

export const CHARGE_RECOVERY_JOB = 'portal.charge_recovery';
/** How long a claim is its request's (a hold's paying time): past it, the request is taken for dead and the job settles the claim. */
export const CHARGE_LEASE_SECONDS = PAYING_SECONDS;

export type ChargeFlowName = 'payment' | 'hold' | 'order';
export interface PendingCharge { flow: ChargeFlowName; id: number }

/** How one card flow's claims are settled by the job. */
export interface ChargeFlow {
  /** The claim while it is pending (null: recorded or released): the facility whose Square took the charge, when it was claimed, and its key sent to Square. */
  pending(id: number): Promise<{ facilityId: number; since: number; squareKey: string } | null>;
  /** Records what Square took, once (the claim locked; nothing when it is no longer pending). */
  record(id: number, taken: SquarePayment): Promise<unknown>;
  /** Removes the claim and what it reserved (the claim locked; nothing when it is no longer pending). */
  release(id: number): Promise<void>;
}

/**
 * The reference_id sent to Square with a charge, derived from its idempotency key (within Square's 40
 * characters): a retry with the key sends the same request, and the job finds the charge by it.
 */
export const chargeReference = (squareKey: string) => `portal-${createHash('sha256').update(squareKey).digest('base64url').slice(0, 32)}`;

/** Whether a failed charge is Square's definite refusal (a 4xx: a declined card, a refused request or token, no account): nothing was charged, the claim may go. */
export const refusedCharge = (error: unknown) => error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500;

/**
 * A charge whose outcome is unknown (no answer from Square, a 5xx, a failure of ours while asking): the
 * charge may exist, so the claim stays for the job, which asks Square and records or releases it. The
 * 503 the family gets says so.
 */
export function unconfirmed(log: FastifyBaseLogger, error: unknown, claim: PendingCharge): HttpError {
  log.warn({ err: error, claim }, 'portal card charge: Square\'s answer unknown; the claim is kept for the recovery job');
  return new HttpError(503, PORTAL_MESSAGES.unconfirmed);
}

/** Enqueues, in the claim's transaction, the job that settles the claim if its request dies. */
export const enqueueChargeRecovery = (tx: Tx | Db, charge: PendingCharge, since: number) =>
  enqueue(tx, CHARGE_RECOVERY_JOB, [charge], { delayMs: Math.max(0, since + CHARGE_LEASE_SECONDS - nowSeconds()) * 1000 });

const isTaken = (p: SquarePayment) => p.status === 'COMPLETED' || p.status === 'APPROVED';

/** The charge Square took for a claim made at `since`: its payments from a little before then to now, by reference. */
async function findCharge(square: Square, facilityId: number, reference: string, since: number): Promise<SquarePayment | null> {
  const { payments, cut } = await square.listPayments(facilityId, { begin: since - 300, end: nowSeconds() + 60 });
  const found = payments.find((p) => p.reference_id === reference && isTaken(p));
  // Not found in a list cut short: unknown, not absent (the job tries again later).
  if (!found && cut) throw new Error(`Square's payments since ${since} were not read to their end: ${reference} is looked for again later`);
  return found ?? null;
}

/** The job: settles a claim still pending after its lease; one still in its lease is looked at again when it ends. */
export async function settleCharge(deps: { db: Db; square: Square; flows: Record<ChargeFlowName, ChargeFlow> }, charge: PendingCharge) {
  const flow = deps.flows[charge.flow];
  const claim = await flow.pending(charge.id);
  if (!claim) return;
  if (claim.since + CHARGE_LEASE_SECONDS > nowSeconds()) return enqueueChargeRecovery(deps.db, charge, claim.since);
  const payment = await findCharge(deps.square, claim.facilityId, chargeReference(claim.squareKey), claim.since);
  if (payment) await flow.record(charge.id, payment);
  else await flow.release(charge.id);
}
