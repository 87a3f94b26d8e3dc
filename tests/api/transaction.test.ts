import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../server/db/transaction';
import { CONCURRENT_CHANGE, errorHandler } from '../../server/http/errorHandler';
import { createTestContext, type TestContext } from './harness';

// Transactions that raced another one (deadlock 40P01, serialization failure 40001) are run again,
// and when they keep failing answer 409 on any route, never 500.

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

/** An error as drizzle throws it: the driver's error, with its SQLSTATE, as the cause. */
const raced = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code }) });

describe('transaction()', () => {
  it('runs a transaction again after a deadlock or serialization failure, keeping only the last run', async () => {
    const { db } = ctx.database;
    await db.execute(sql`create table retry_probe (n int)`);
    let runs = 0;
    const result = await transaction(db, async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into retry_probe values (${runs})`);
      if (runs < 3) throw raced(runs === 1 ? '40P01' : '40001');
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
    const rows = (await db.execute(sql`select n from retry_probe`) as unknown as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('gives up after a few runs, and does not repeat other failures', async () => {
    let runs = 0;
    await expect(transaction(ctx.database.db, async () => { runs += 1; throw raced('40P01'); })).rejects.toThrow();
    expect(runs).toBe(4);
    runs = 0;
    await expect(transaction(ctx.database.db, async () => { runs += 1; throw raced('23505'); })).rejects.toThrow();
    expect(runs).toBe(1);
  });
});

describe('error handler', () => {
  it('answers a deadlock or serialization failure with 409 and a message to act on', async () => {
    const app = Fastify();
    errorHandler(app);
    app.get('/deadlock', async () => { throw raced('40P01'); });
    app.get('/serialization', async () => { throw raced('40001'); });
    for (const url of ['/deadlock', '/serialization']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: CONCURRENT_CHANGE });
    }
    await app.close();
  });
});
