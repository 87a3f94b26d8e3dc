import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { transaction } from '../../db/transaction';

// Durable jobs (issue 28 item 4, issue 29 item 3): work that must happen once across server processes
// and survive a restart. A job is a row of `jobs`, enqueued inside the caller's transaction (so it exists
// exactly when the caller's write does). Every process runs a worker that claims due jobs with
// FOR UPDATE SKIP LOCKED (two workers never claim one job) under a lease: locked_until. A worker that
// dies mid-job leaves its lease to run out, and then another takes the job again. A handler that throws
// is retried with exponential backoff until its attempts run out. The database's clock (now()) is the
// one every process compares leases and due times against. Works the same on PGlite and PostgreSQL.

/** What a handler is told about the job it runs. */
export interface JobContext {
  id: number;
  /** 1 on the first run. */
  attempt: number;
}

/** How one kind of job runs. */
export interface JobHandler<P> {
  /** The work; throwing schedules a retry (or gives up after maxAttempts). */
  run(payload: P, job: JobContext): Promise<void>;
  /** Runs in the transaction that marks the job done, only for the worker that still holds it. */
  done?(tx: Tx, payload: P): Promise<void>;
  /** Runs in the transaction that gives the job up after its last attempt. */
  failed?(tx: Tx, payload: P, error: string): Promise<void>;
  /** Runs before giving up; default 5. */
  maxAttempts?: number;
  /** The first retry's delay for this kind, when not the worker's (a job that waits on someone). */
  backoffMs?: number;
}

export interface WorkerOptions {
  /** How long a claimed job stays the worker's; past it another worker may take it. Default 60 s. */
  leaseMs?: number;
  /** The pause when nothing is due (an enqueue in this process wakes the worker sooner). Default 1 s. */
  pollMs?: number;
  /** Jobs claimed (and run concurrently) at once. Default 20. */
  batch?: number;
  /** The first retry's delay, doubled each attempt up to maxBackoffMs. Default 1 s. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Where a failed job's error and a failing claim are reported. */
  log?: { warn(object: object, message: string): void };
}

interface Claimed { id: number; kind: string; payload: unknown; attempts: number }

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Adds jobs of one kind, one row per payload in one multi-row insert, in the caller's transaction (or
 * on its own on `db`). delayMs postpones them. Call the worker's wake() after the commit to start sooner.
 */
export async function enqueue(tx: Tx | Db, kind: string, payloads: readonly unknown[], options: { delayMs?: number } = {}): Promise<void> {
  if (payloads.length === 0) return;
  // One statement and two parameters however many jobs: the payloads travel as one JSON array.
  await tx.execute(sql`insert into jobs (kind, payload, run_at)
    select ${kind}, value, now() + ${options.delayMs ?? 0} * interval '1 millisecond'
    from jsonb_array_elements(${JSON.stringify(payloads)}::jsonb) with ordinality as p(value, n) order by n`);
}

/** A process's worker: the handler registry by kind, and the loop that claims and runs due jobs. */
export class JobWorker {
  /** Who holds a claimed job (locked_by): unique per worker, so a late finish after a lost lease is told apart. */
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler<any>>();
  private readonly options: Required<Omit<WorkerOptions, 'log'>> & Pick<WorkerOptions, 'log'>;
  private loop: Promise<void> | null = null;
  private running = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(private readonly db: Db, options: WorkerOptions = {}) {
    this.options = { leaseMs: 60_000, pollMs: 1000, batch: 20, backoffMs: 1000, maxBackoffMs: 10 * 60_000, ...options };
  }

  /** Sets how jobs of `kind` run; a worker claims only kinds it has a handler for. */
  register<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`A job handler for ${kind} is already registered`);
    this.handlers.set(kind, handler);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.work();
  }

  /** Stops claiming and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
  }

  /** Looks for due jobs now rather than after the poll pause (after an enqueue has committed). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Claims one batch of due jobs and runs them; how many it ran. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    const ran = await Promise.all(claimed.map((job) => this.execute(job)));
    await this.finish(claimed.filter((_, i) => ran[i]));
    return claimed.length;
  }

  private async work(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let ran = 0;
      try {
        ran = await this.runOnce();
      } catch (error) {
        this.options.log?.warn({ err: error }, 'jobs: claiming failed');
      }
      if (ran === 0 && this.running && !this.woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wakeUp = () => { clearTimeout(timer); resolve(); };
        });
        this.wakeUp = null;
      }
    }
  }

  private async claim(): Promise<Claimed[]> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
    const result = await this.db.execute(sql`
      update jobs set locked_by = ${this.id}, locked_until = now() + ${this.options.leaseMs} * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= now()
          and (locked_until is null or locked_until < now())
          and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
        order by run_at, id
        limit ${this.options.batch}
        for update skip locked)
      returning id, kind, payload, attempts`);
    return rowsOf<Claimed>(result).map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Runs one job; true when it succeeded (and is to be marked done), false when it failed. */
  private async execute(job: Claimed): Promise<boolean> {
    const handler = this.handlers.get(job.kind)!;
    try {
      await handler.run(job.payload, { id: job.id, attempt: job.attempts });
      return true;
    } catch (error) {
      await this.fail(job, handler, errorText(error));
      return false;
    }
  }

  /**
   * Marks a batch's succeeded jobs done in one transaction rather than one each: on PGlite's single
   * connection twenty small transactions per batch queued every request behind them (issue 29).
   */
  private async finish(jobs: Claimed[]): Promise<void> {
    if (jobs.length === 0) return;
    const byId = new Map(jobs.map((job) => [job.id, job]));
    await transaction(this.db, async (tx) => {
      // Only the jobs still ours: after a lost lease the worker that took one over finishes it.
      const mine = rowsOf<{ id: number }>(await tx.execute(sql`update jobs set done_at = now(), locked_by = null, locked_until = null
        where id in (${sql.join([...byId.keys()].map((id) => sql`${id}`), sql`, `)}) and locked_by = ${this.id} and done_at is null
        returning id`));
      for (const id of mine.map((row) => Number(row.id)).sort((a, b) => a - b)) {
        const job = byId.get(id)!;
        await this.handlers.get(job.kind)!.done?.(tx, job.payload);
      }
    });
  }

  private async fail(job: Claimed, handler: JobHandler<unknown>, error: string): Promise<void> {
    this.options.log?.warn({ job: job.id, kind: job.kind, attempt: job.attempts, error }, 'jobs: a job failed');
    const last = job.attempts >= (handler.maxAttempts ?? 5);
    const delay = Math.min((handler.backoffMs ?? this.options.backoffMs) * 2 ** (job.attempts - 1), this.options.maxBackoffMs);
    await transaction(this.db, async (tx) => {
      const mine = await tx.execute(last
        ? sql`update jobs set failed_at = now(), last_error = ${error}, locked_by = null, locked_until = null
            where id = ${job.id} and locked_by = ${this.id} and done_at is null returning id`
        : sql`update jobs set run_at = now() + ${delay} * interval '1 millisecond', last_error = ${error}, locked_by = null, locked_until = null
            where id = ${job.id} and locked_by = ${this.id} and done_at is null returning id`);
      if (last && rowsOf(mine).length > 0) await handler.failed?.(tx, job.payload, error);
    });
  }
}
