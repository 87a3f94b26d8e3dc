import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { conflict } from '../../http/errors';

// Idempotency-Key (issue 10, reliability): the key is claimed inside the write's own transaction, by an
// insert on the unique (scope, key) index. A concurrent request with the same key waits on that index
// until the first commits, then finds its answer; if the first fails, its claim rolls back with it and
// the retry runs afresh. So a retry answers the first result and never writes twice; the same key
// with another request answers 409. The key arrives checked (server/http/endpoint.ts serve, for a
// declaration marked `idempotent`).

export interface Replay {
  status: number;
  body: unknown;
}

export const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

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
