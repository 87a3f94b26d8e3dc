import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { enqueue, JobWorker } from '../../server/services/jobs';
import { createTestContext, describeOnPostgres, emptyDatabase } from './harness';

// The durable jobs module (server/services/jobs): enqueued in the caller's transaction, run once,
// retried with backoff, given up after the last attempt, re-claimed after a lost lease, never run by two
// workers at once (PostgreSQL: two pools, as two server processes would have), and run by the app's worker.

let database: Database;
let drop: () => Promise<void>;
let url: string | null;

beforeAll(async () => {
  ({ database, drop, url } = await emptyDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const row = async (kind: string) => (await database.db.select().from(jobs).where(eq(jobs.kind, kind)))[0];

describe('durable jobs', () => {
  it('runs each enqueued job once, and its done hook in the transaction that marks it done', async () => {
    const ran: number[] = [];
    const marked: number[] = [];
    const worker = new JobWorker(database.db, { pollMs: 20 });
    worker.register<{ n: number }>('once', {
      run: async ({ n }) => void ran.push(n),
      done: async (tx, { n }) => {
        // The hook sees the job as done inside the same transaction.
        const [mine] = await tx.select().from(jobs).where(sql`${jobs.kind} = 'once' and ${jobs.payload}->>'n' = ${String(n)}`);
        expect(mine.done_at).not.toBeNull();
        marked.push(n);
      },
    });
    await database.db.transaction((tx) => enqueue(tx, 'once', [{ n: 1 }, { n: 2 }, { n: 3 }]));
    worker.start();
    await until(() => marked.length === 3);
    // stop() waits for the jobs in hand: their transactions have committed when it returns.
    await worker.stop();
    expect(ran.sort()).toEqual([1, 2, 3]);
    expect(marked.sort()).toEqual([1, 2, 3]);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'once'));
    expect(rows.every((r) => r.done_at && r.attempts === 1 && r.locked_by === null)).toBe(true);
  });

  it('enqueues nothing when the caller\'s transaction rolls back', async () => {
    await expect(database.db.transaction(async (tx) => {
      await enqueue(tx, 'rolled-back', [{}]);
      throw new Error('abort');
    })).rejects.toThrow('abort');
    expect(await row('rolled-back')).toBeUndefined();
  });

  it('retries a failed job after a backoff, then succeeds', async () => {
    let calls = 0;
    const worker = new JobWorker(database.db, { backoffMs: 60_000 });
    worker.register('flaky', {
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('SMTP said 421');
      },
    });
    await enqueue(database.db, 'flaky', [{}]);
    const before = await row('flaky');
    expect(await worker.runOnce()).toBe(1);
    const failed = await row('flaky');
    expect(failed).toMatchObject({ attempts: 1, last_error: 'SMTP said 421', done_at: null, failed_at: null, locked_by: null });
    // Due again a backoff (a minute) after the failure, and not before.
    expect(failed.run_at.getTime() - before.run_at.getTime()).toBeGreaterThanOrEqual(60_000);
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(1);
    // The backoff over (its due time reached), it runs again and is done.
    await database.db.update(jobs).set({ run_at: sql`now()` }).where(eq(jobs.ID, failed.ID));
    expect(await worker.runOnce()).toBe(1);
    const job = await row('flaky');
    expect(calls).toBe(2);
    expect(job.attempts).toBe(2);
    expect(job.done_at).not.toBeNull();
    expect(job.last_error).toBe('SMTP said 421');
  });

  it('gives a job up after its last attempt, with the error and the failed hook', async () => {
    const failed: string[] = [];
    const worker = new JobWorker(database.db, { pollMs: 10, backoffMs: 5 });
    worker.register('doomed', {
      maxAttempts: 3,
      run: async () => { throw new Error('mailbox unavailable'); },
      failed: async (_tx, _payload, error) => void failed.push(error),
    });
    await enqueue(database.db, 'doomed', [{}]);
    worker.start();
    await until(() => failed.length === 1);
    // stop() waits for the job in hand: its failure is committed when it returns.
    await worker.stop();
    const job = await row('doomed');
    expect(job.attempts).toBe(3);
    expect(job.failed_at).not.toBeNull();
    expect(job.done_at).toBeNull();
    expect(failed).toEqual(['mailbox unavailable']);
  });

  it('waits for a delayed job until it is due', async () => {
    let ran = 0;
    const worker = new JobWorker(database.db, { pollMs: 10 });
    worker.register('later', { run: async () => void ran++ });
    const asked = Date.now();
    await enqueue(database.db, 'later', [{}], { delayMs: 60_000 });
    const job = await row('later');
    expect(job.run_at.getTime()).toBeGreaterThanOrEqual(asked + 59_000);
    expect(await worker.runOnce()).toBe(0);
    expect(ran).toBe(0);
    // Its time come, it runs.
    await database.db.update(jobs).set({ run_at: sql`now()` }).where(eq(jobs.ID, job.ID));
    expect(await worker.runOnce()).toBe(1);
    expect(ran).toBe(1);
  });

  it('takes a job again once the lease of a worker that stopped answering runs out; the late finisher changes nothing', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => { release = resolve; });
    const done: string[] = [];
    const first = new JobWorker(database.db, { leaseMs: 60_000 });
    first.register('leased', { run: () => stuck, done: async () => void done.push('first') });
    const second = new JobWorker(database.db, { leaseMs: 60_000 });
    second.register('leased', { run: async () => {}, done: async () => void done.push('second') });
    await enqueue(database.db, 'leased', [{}]);

    const firstRun = first.runOnce();
    await until(async () => (await row('leased')).locked_by === first.id);
    // Within the lease nobody else takes it.
    expect(await second.runOnce()).toBe(0);
    // The lease runs out (the first worker never answered).
    await database.db.update(jobs).set({ locked_until: sql`now() - interval '1 second'` }).where(eq(jobs.kind, 'leased'));
    expect(await second.runOnce()).toBe(1);
    release();
    await firstRun;
    expect(done).toEqual(['second']);
    const job = await row('leased');
    expect(job.attempts).toBe(2);
    expect(job.done_at).not.toBeNull();
  });

  it('the app starts its worker when ready, runs a registered kind on wake, and stops it on close', async () => {
    const ctx = await createTestContext();
    const seen: string[] = [];
    ctx.app.jobs.register<{ word: string }>('app.echo', { run: async ({ word }) => void seen.push(word) });
    await enqueue(ctx.database.db, 'app.echo', [{ word: 'hello' }]);
    ctx.app.jobs.wake();
    await until(() => seen.length === 1);
    await ctx.close();
    expect(seen).toEqual(['hello']);
  }, 90_000);
});

describeOnPostgres('durable jobs across processes', () => {
  it('two workers on their own connections never run one job twice', async () => {
    const other = openPostgres(url!, 5);
    try {
      const runs = new Map<number, number>();
      const byWorker = new Map<string, number>();
      const count = 300;
      const make = (db: Database['db']) => {
        const worker = new JobWorker(db, { pollMs: 5, batch: 7 });
        worker.register<{ n: number }>('race', {
          run: async ({ n }) => {
            runs.set(n, (runs.get(n) ?? 0) + 1);
            byWorker.set(worker.id, (byWorker.get(worker.id) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          },
        });
        return worker;
      };
      const a = make(database.db);
      const b = make(other.db);
      await enqueue(database.db, 'race', Array.from({ length: count }, (_, n) => ({ n })));
      a.start();
      b.start();
      await until(async () => {
        const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from jobs where kind = 'race' and done_at is null`) as unknown as { rows: Array<{ n: number }> }).rows;
        return n === 0;
      }, 20_000);
      await Promise.all([a.stop(), b.stop()]);
      expect(runs.size).toBe(count);
      expect([...runs.values()].every((v) => v === 1)).toBe(true);
      // Both took part: the race was real.
      expect(byWorker.get(a.id)).toBeGreaterThan(0);
      expect(byWorker.get(b.id)).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
