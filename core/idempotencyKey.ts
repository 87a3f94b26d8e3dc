// An Idempotency-Key for a write that may be retried (server/http/idempotency.ts): a retry with the same
// key answers the first result instead of writing again.

/** 128 random bits as hex: from getRandomValues, which (unlike randomUUID) plain http pages have too. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
