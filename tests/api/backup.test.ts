import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { zonedTime } from '../../core/time';
import { rowsOf } from '../../server/db/client';
import { events, payments } from '../../server/db/schema';
import { insertCustomer } from './support/customers';
import { invoiceTotalsBoth } from './support/invoiceTotals';
import { httpClient, serverDatabase } from './support/serverDatabase';
import { startServer } from './support/serverProcess';

// Backup and restore (issue 42 item 4; README "Backup and restore"), for real: a server process serves
// while four callers take payments and book fields; `npm run backup` copies the database (PGlite:
// through the running server; PostgreSQL: pg_dump) and the kept files in the middle of it; `npm run
// restore` loads the copy into a fresh data directory or database. Every payment and booking
// acknowledged before the backup began is in the copy, the invoices' kept sums agree with their
// payments, the planner has statistics, and a server started on the copy serves it. Runs on both
// databases (the api and api-pg projects).

const ROOT = path.resolve(import.meta.dirname, '../..');
const NY = 'America/New_York';
const MARACANA = 1;
const SAN_SIRO = 3;

/** Runs the backup CLI (`npm run backup` / `npm run restore`) with `env`: its exit code and output. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/backup.ts', ...args], {
      cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

interface Acknowledged { ID: number; at: number }

describe('npm run backup and npm run restore', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('copy the database and its files while payments and bookings go on, and restore them into a fresh one that serves', async () => {
    const source = await serverDatabase();
    cleanup.push(() => source.drop());
    // Customers, and a kept file (a media file as the server stores them).
    const seeded = await source.open();
    const customers = [];
    for (let i = 0; i < 8; i++) customers.push(await insertCustomer(seeded.db, { facility_id: 1 }));
    await seeded.close();
    const keptFile = path.join('files', 'media', 'media-0123456789abcdef0123456789abcdef.png');
    const keptBytes = Buffer.from(`not really a png ${Date.now()}`);
    fs.mkdirSync(path.dirname(path.join(source.dataDir, keptFile)), { recursive: true });
    fs.writeFileSync(path.join(source.dataDir, keptFile), keptBytes);

    const server = await startServer(source.env);
    cleanup.push(() => server.stop());
    const http = httpClient(server.url);
    const token = await http.login('manager@touchline.test');
    const invoiceIds: number[] = [];
    for (const customer of customers) {
      const res = await http.call('POST', '/api/invoice', { facility_id: 1, customer_id: customer.ID, invoice_items: [{ price: 1000, amount_taxes: 0, amount_fees: 0 }] }, token);
      expect(res.status, await res.clone().text()).toBe(201);
      invoiceIds.push((await res.json()).ID);
    }

    // Four callers: two take payments of a few dollars, two book an hour each, until told to stop.
    const paid: Acknowledged[] = [];
    const booked: Acknowledged[] = [];
    let writing = true;
    let slot = 0;
    const payer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const res = await http.call('POST', '/api/payment', { invoice_id: invoiceIds[(n + i) % invoiceIds.length], amount: 1 + ((n * 7 + i) % 100) / 100, type: 'cash' }, token);
        expect(res.status, await res.clone().text()).toBe(201);
        paid.push({ ID: (await res.json()).ID, at: Date.now() });
      }
    };
    const booker = async (field_id: number) => {
      while (writing) {
        const hour = slot++;
        // Weekday evenings, when the fields are open: 16:00 to 24:00 from January 6, 2031 (a Monday) on.
        const day = Math.floor(hour / 8);
        const start = zonedTime(2031, 1, 6 + 7 * Math.floor(day / 5) + (day % 5), (16 + (hour % 8)) * 60, NY);
        const res = await http.call('POST', '/api/event', { field_id, product_type_id: 1, start_date: start, end_date: start + 3600 }, token);
        expect(res.status, await res.clone().text()).toBe(201);
        booked.push({ ID: (await res.json()).ID, at: Date.now() });
      }
    };
    let failure: unknown = null;
    const writers = Promise.all([payer(0), payer(1), booker(MARACANA), booker(SAN_SIRO)]).catch((error) => { failure = error; });
    const until = async (done: () => boolean) => {
      while (!done()) {
        if (failure) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await until(() => paid.length >= 20 && booked.length >= 10);
      const backupFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-backup-')), 'touchline.backup');
      cleanup.push(async () => fs.rmSync(path.dirname(backupFile), { recursive: true, force: true }));
      const began = Date.now();
      const backup = await cli(['backup', backupFile], source.env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(source.kind === 'pglite' ? 'through the running server' : 'pg_dump');
      // The writes went on during the backup, and after it.
      const lastBefore = paid.length;
      await until(() => paid.length >= lastBefore + 5);
      writing = false;
      await writers;
      if (failure) throw failure;

      const target = await serverDatabase({ empty: true });
      cleanup.push(() => target.drop());
      const restored = await cli(['restore', backupFile], target.env);
      expect(restored.code, restored.output).toBe(0);
      // Once it holds data, a second restore is refused without --force, and nothing changes.
      const again = await cli(['restore', backupFile], target.env);
      expect(again.code).not.toBe(0);
      expect(again.output).toContain('is not empty; nothing was changed');

      const copy = await target.open();
      try {
        const { db } = copy;
        const before = (list: Acknowledged[]) => list.filter((a) => a.at < began).map((a) => a.ID);
        const paidBefore = before(paid);
        const bookedBefore = before(booked);
        expect(paidBefore.length).toBeGreaterThanOrEqual(20);
        const restoredPayments = await db.select({ ID: payments.ID }).from(payments).where(inArray(payments.ID, paidBefore));
        expect(restoredPayments.map((p) => p.ID).sort((a, b) => a - b)).toEqual([...paidBefore].sort((a, b) => a - b));
        const restoredEvents = await db.select({ ID: events.ID }).from(events).where(inArray(events.ID, bookedBefore));
        expect(restoredEvents).toHaveLength(bookedBefore.length);
        // A copy of one instant: no payment acknowledged only after the backup ended, and every invoice's
        // kept sums equal its own items and payments.
        const all = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from payments`))[0].n;
        expect(all).toBeGreaterThanOrEqual(paidBefore.length);
        expect(all).toBeLessThan(paid.length);
        const { stored, expected } = await invoiceTotalsBoth(db);
        expect(stored).toEqual(expected);
        expect(stored.reduce((sum, [, , , paidCents]) => sum + paidCents, 0)).toBeGreaterThan(0);
        // VACUUM (ANALYZE) ran: the planner knows how many rows the restored tables hold.
        const [{ tuples }] = rowsOf<{ tuples: number }>(await db.execute(sql`select reltuples::int as tuples from pg_class where relname = 'payments'`));
        expect(tuples).toBe(all);
      } finally {
        await copy.close();
      }
      expect(fs.readFileSync(path.join(target.dataDir, keptFile))).toEqual(keptBytes);

      const restoredServer = await startServer(target.env);
      cleanup.push(() => restoredServer.stop());
      const restoredHttp = httpClient(restoredServer.url);
      const manager = await restoredHttp.login('manager@touchline.test');
      const invoice = await (await restoredHttp.call('GET', `/api/invoice/${invoiceIds[0]}`, undefined, manager)).json();
      expect(invoice.ID).toBe(invoiceIds[0]);
      expect(invoice.payments.length).toBeGreaterThan(0);
    } finally {
      writing = false;
      await writers;
    }
  }, 300_000);
});
