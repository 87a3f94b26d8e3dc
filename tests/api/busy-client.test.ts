import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from './harness';
import { BUSY_CLIENT, takeBusyQueries } from './support/busyClientGuard';

// The guard of the api-pg project (issue 41 item 14): queries sent at once on a transaction's client
// are seen (and fail the test they happen in), queries one after another are not. Its setup file only
// runs on PostgreSQL, so this file does too (vitest.config.ts POSTGRES_ONLY).

describe('the busy-client guard', () => {
  it('sees queries sent at once on a transaction, and not queries one after another', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      expect(takeBusyQueries()).toEqual([]);
      await database.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select pg_sleep(0.05)`), tx.execute(sql`select 2`), tx.execute(sql`select 3`)]);
      });
      const seen = takeBusyQueries();
      // The second and third query each, and node-postgres's own warning for the third (the first time in this process).
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.every((entry) => entry.includes(BUSY_CLIENT))).toBe(true);
      // Queries on the pool (not a transaction) take a client each: never busy.
      await Promise.all([database.db.execute(sql`select pg_sleep(0.05)`), database.db.execute(sql`select 2`)]);
      expect(takeBusyQueries()).toEqual([]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
