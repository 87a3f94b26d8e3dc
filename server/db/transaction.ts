import type { Db, Tx } from './client';

// PostgreSQL may abort a transaction that raced another one: a deadlock (40P01) or, under stricter
// isolation, a serialization failure (40001). Nothing of it was written, so running it again is safe
// and usually succeeds; when it keeps failing the error handler answers 409 (server/http/errorHandler).

/** SQLSTATEs after which a whole transaction may simply be run again. */
export const RETRYABLE_CODES = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/** The SQLSTATE of a database error, looking through drizzle's wrapping `cause`s. */
export function pgCode(error: unknown): string | undefined {
  for (let e: any = error; e; e = e.cause) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/**
 * db.transaction(work), run again (after a short random pause) when PostgreSQL aborted it for a
 * deadlock or serialization failure. `work` must only touch the database through `tx`, so that a
 * repeat has nothing else to undo.
 */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE_CODES.has(pgCode(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
