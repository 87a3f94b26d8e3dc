import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { conflict } from './errors';

// Idempotency-Key (issue 10, reliability; issue 22 item 3 for every create of money or a booking): the
// key is claimed inside the write's own transaction, by an insert on the unique (scope, key) index. A
// concurrent request with the same key waits on that index until the first commits, then finds its
// answer; if the first fails, its claim rolls back with it and the retry runs afresh. So a retry
// answers the first result and never writes twice; the same key with another request answers 409.
// Keys are the sender's: stored per user (`${user.ID}:${key}`). The key arrives checked: serve()
// (./endpoint.ts) reads it for a declaration marked `idempotent`.

export interface Replay {
  status: number;
  body: unknown;
}

export const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** How long a retry waits for the first request with its key to finish (a card payment: Square's answer), polling every CLAIM_POLL_MS. */
const CLAIM_WAIT_MS = 20_000;
const CLAIM_POLL_MS = 100;

/**
 * Claims a key whose first request runs outside one transaction (the portal's card payments: the claim is
 * committed before Square is asked): `claim` answers `wait` while another request holds the key, and is
 * asked again until it answers anything else; past CLAIM_WAIT_MS, 409 with `busyMessage`.
 */
export async function claimOrWait<C extends { kind: string }>(claim: () => Promise<C>, busyMessage: string): Promise<Exclude<C, { kind: 'wait' }>> {
  for (let waited = 0; ; waited += CLAIM_POLL_MS) {
    if (waited > CLAIM_WAIT_MS) throw conflict(busyMessage);
    if (waited > 0) await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
    const claimed = await claim();
    if (claimed.kind !== 'wait') return claimed as Exclude<C, { kind: 'wait' }>;
  }
}

/** Claims `key` for this request; answers the stored answer when an earlier request holds it. */
export async function claimKey(tx: Tx, scope: string, key: string, hash: string, conflictMessage: string): Promise<Replay | null> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, request_hash: hash })
    .onConflictDoNothing()
    .returning({ ID: idempotencyKeys.ID });
  if (claimed) return null;
  const [earlier] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (earlier.request_hash !== hash) throw conflict(conflictMessage);
  return { status: earlier.status_code ?? 200, body: earlier.response };
}

/** Stores the answer of the request that claimed `key`, in the same transaction as its write. */
export async function storeAnswer(tx: Tx, scope: string, key: string, answer: Replay): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status_code: answer.status, response: answer.body })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

/**
 * For a request that calls Square before its transaction: the stored answer of an earlier request with
 * `key` (so a retry answers it without asking Square again), or null. Another request under the same
 * key answers 409. The transaction still claims the key (claimKey), which settles two racing requests.
 */
export async function storedAnswer(db: Db, scope: string, key: string, hash: string, conflictMessage: string): Promise<Replay | null> {
  const [earlier] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!earlier) return null;
  if (earlier.request_hash !== hash) throw conflict(conflictMessage);
  return earlier.response === null ? null : { status: earlier.status_code ?? 200, body: earlier.response };
}

/** The answer to the same key sent with another request. */
export const KEY_REUSED = 'This Idempotency-Key was used for another request: send a new key for a new one';

/**
 * A create under the request's Idempotency-Key (`key`: the header serve() checked for an `idempotent`
 * declaration), if it has one: in one transaction the key is
 * claimed, `write` runs and its answer is stored with the key. A repeat of the request answers the first
 * answer (its status too) without writing; without a key, `write` alone. `scope` names what the keys are
 * for ('event', 'contract' …).
 */
export async function idempotentCreate<T>(
  db: Db, user: SessionUser, key: string | undefined, scope: string, input: unknown, write: (tx: Tx) => Promise<T>, status = 201,
): Promise<{ status: number; body: T }> {
  if (!key) return { status, body: await db.transaction(write) };
  const scoped = `${user.ID}:${key}`;
  const answer = await db.transaction(async (tx) => {
    const replay = await claimKey(tx, scope, scoped, requestHash(input), KEY_REUSED);
    if (replay) return replay;
    const first = { status, body: await write(tx) };
    await storeAnswer(tx, scope, scoped, first);
    return first;
  });
  return answer as { status: number; body: T };
}
