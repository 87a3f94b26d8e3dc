import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../core/api/scoreboards';
import { createDatabase, databaseUrl, dropDatabase } from '../../server/db/admin';
import { openPostgres, type Database } from '../../server/db/client';
import { jobs, payments, terminalCheckouts } from '../../server/db/schema';
import { seedReference } from '../../server/db/seed';
import { WAITLIST_MAIL } from '../../server/domain/classes/promotionMail';
import { enqueue } from '../../server/services/jobs';
import { DEMO_PASSWORD } from '../../server/db/seed/staff';
import { TEST_SCRYPT_LOG_N } from './harness';
import { insertCustomer } from './support/customers';
import { deadlineJobs, reachDeadline } from './support/deadline';
import { connectBoard, connectBrowser, createBoard, type SocketClient } from './scoreboardSocket';
import { S3_ENV, startS3, type LocalS3 } from './support/s3';
import { startServer, type ServerProcess } from './support/serverProcess';

// Several instances, proven (issue 28 item 3; ARCHITECTURE.md "Scale"): two real server processes, each
// with a DATA_DIR of its own, on one PostgreSQL database and one S3 bucket (s3rver, started here). A
// session made on one works on the other; a file uploaded through one is served by the other byte for
// byte; a scoreboard update sent to one reaches a board connected to the other; nothing lands under
// either DATA_DIR/files; and the durable jobs of a process killed mid-job (a mail being sent, a Square
// checkout being settled at its deadline) are finished by the other, once (issue 28 item 4). PostgreSQL only (vitest.config.ts POSTGRES_ONLY): PGlite is one process.

const SECRET = 'instances-scoreboard-secret';

/** A mail server that keeps what it receives, and can hang on the next message's data (a send in flight). */
async function startSmtp() {
  const received: string[] = [];
  const state = { hangNext: false, hung: false };
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onData(stream, _session, callback) {
      if (state.hangNext) {
        state.hangNext = false;
        state.hung = true;
        stream.resume();
        return; // never answers: the sender waits until it dies
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => { received.push(Buffer.concat(chunks).toString('utf8')); callback(); });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('two server processes on one database and one bucket', () => {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `touchline_test_${randomBytes(6).toString('hex')}`;
  let database: Database;
  let s3: LocalS3;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let dirs: string[] = [];
  let servers: ServerProcess[] = [];
  const sockets: SocketClient[] = [];

  beforeAll(async () => {
    await createDatabase(admin, name);
    database = openPostgres(databaseUrl(admin, name), 3);
    await database.migrate();
    await seedReference(database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
    s3 = await startS3('touchline-instances');
    smtp = await startSmtp();
    dirs = [0, 1].map((i) => fs.mkdtempSync(path.join(os.tmpdir(), `touchline-instance-${i}-`)));
    const env = (dataDir: string) => ({
      ...S3_ENV, DATABASE_URL: databaseUrl(admin, name), DATA_DIR: dataDir, S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint,
      SEED: 'none', SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N), SCOREBOARD_SECRET: SECRET, SMTP_URL: smtp.url, JOB_LEASE_SECONDS: '3',
    });
    // One after the other: each migrates the database at start.
    for (const dir of dirs) servers.push(await startServer(env(dir)));
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
    await dropDatabase(admin, name).catch(() => undefined);
    await s3?.close();
    await smtp?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const [A, B] = [0, 1];
  const call = (i: number, url: string, init: RequestInit = {}, token?: string) =>
    fetch(`${servers[i].url}${url}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });
  const login = async (i: number, email: string, user_type: string) => {
    const res = await call(i, '/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD, user_type }) });
    const body = await res.json();
    expect(body.token, JSON.stringify(body)).toEqual(expect.any(String));
    return body.token as string;
  };
  const upload = (i: number, url: string, token: string, bytes: Buffer, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
    return call(i, url, { method: 'POST', body: form }, token);
  };

  it('take a session made on one on the other, and a logout on the other ends it on both', async () => {
    const token = await login(A, 'manager@touchline.test', 'manager');
    expect((await call(B, '/api/media', {}, token)).status).toBe(200);
    expect((await call(A, '/api/media', {}, token)).status).toBe(200);
    await call(B, '/user/logout', { method: 'POST' }, token);
    expect((await call(A, '/api/media', {}, token)).status).toBe(401);
  });

  it('serve a file uploaded through one from the other, byte for byte, from the bucket only', async () => {
    const token = await login(B, 'admin@touchline.test', 'admin');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4caf50' } }).jpeg({ quality: 90 }).toBuffer();
    const created = await upload(A, '/api/media?facility_id=1', token, photo, 'image/jpeg');
    expect(created.status).toBe(201);
    const row = await created.json();
    const served = await call(B, row.s3_url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    const thumb = await call(B, row.thumbnail);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });

    // A scoreboard background the other way round.
    const background = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#000' } }).png().toBuffer();
    const set = await upload(B, '/api/scoreboard/background?facility_id=1', token, background, 'image/png');
    expect(set.status).toBe(200);
    const image = await call(A, (await set.json()).background);
    expect(Buffer.from(await image.arrayBuffer()).equals(background)).toBe(true);

    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'files')), dir).toBe(false);
  });

  it('bring a scoreboard update sent to one to a board connected to the other', async () => {
    const token = await login(A, 'admin@touchline.test', 'admin');
    const boardId = await createBoard(database.db, 1, 43001);
    const ws = (i: number) => `${servers[i].url.replace(/^http/, 'ws')}${SOCKET_PATH}`;
    const board = await connectBoard(ws(B), 43001, SECRET);
    const browser = await connectBrowser(ws(A), token);
    sockets.push(board, browser);

    const reset = await call(A, '/api/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: boardId, action: 'reset', origin: 'scoreboard' }) }, token);
    expect(reset.status).toBe(200);
    expect(await board.next((f) => f.action === 'reset')).toEqual({ action: 'reset' });

    board.send({ action: 'set', home: 'North', away: 'South' });
    board.send({ action: 'update', home_score: 2, away_score: 1, timer: 600 });
    expect((await browser.next((f) => f.action === 'scoreboard' && f.scoreboard.ID === boardId && f.scoreboard.game?.home_score === 2)).scoreboard.game)
      .toMatchObject({ home: 'North', away: 'South', home_score: 2, away_score: 1 });
  });

  it('outlive PostgreSQL closing their idle connections (a restart, a failover), and answer on fresh ones', async () => {
    await login(A, 'manager@touchline.test', 'manager');
    await login(B, 'manager@touchline.test', 'manager');
    const { rows } = await database.db.execute(sql`select count(*)::int as n from (
      select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) t`) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0].n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Both processes are still up (an unhandled pool 'error' event would have killed them) and reconnect.
    expect(await login(A, 'admin@touchline.test', 'admin')).toEqual(expect.any(String));
    expect(await login(B, 'admin@touchline.test', 'admin')).toEqual(expect.any(String));
  });

  // Last: it kills one of the two processes.
  it('finish the jobs of a process killed mid-job on the other, exactly once: a mail, a Square checkout at its deadline', async () => {
    const { db } = database;
    const token = await login(A, 'manager@touchline.test', 'manager');
    const post = (i: number, url: string, body?: object) => call(i, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }, token);
    /** A $20 invoice paid at a simulated terminal, completed there and never confirmed. */
    const completedCheckout = async (device: string) => {
      const customer = await insertCustomer(db, { facility_id: 1 });
      const invoice = await (await post(A, '/api/invoice', { facility_id: 1, customer_id: customer.ID, invoice_items: [{ price: 20, amount_taxes: 0, amount_fees: 0 }] })).json();
      const started = await (await post(A, '/api/square/terminal/init-checkout', {
        idempotency_key: `instances-${device}`, checkout: { amount_money: { amount: 2000, currency: 'USD' }, device_options: { device_id: device }, reference_id: String(invoice.ID) },
      })).json();
      expect((await post(B, `/api/square/simulator/checkouts/${started.id}/complete`)).status).toBe(200);
      return { invoiceId: invoice.ID as number, checkoutId: started.id as string };
    };
    const first = await completedCheckout('SIM-1-DESK');
    const second = await completedCheckout('SIM-1-BAR');
    const waiting = async () => (await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`) as unknown as { rows: Array<{ n: number }> }).rows[0].n;
    const holder = async (checkoutId: string) => (await deadlineJobs(db, checkoutId))[0].locked_by;

    // The test holds both checkouts' rows, so a job settling one waits there, mid-job.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => { locked = resolve; });
    const lock = db.transaction(async (tx) => {
      await tx.select().from(terminalCheckouts).where(sql`${terminalCheckouts.checkout_id} in (${first.checkoutId}, ${second.checkoutId})`).for('update');
      locked();
      await held;
    });
    await holding;
    // The first deadline falls due: one process takes it and waits on the row, its worker busy with it.
    await reachDeadline(db, first.checkoutId);
    await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
    const busy = await holder(first.checkoutId);
    // Then a mail and the second deadline, at once: the other process, the only one free, takes both.
    smtp.state.hangNext = true;
    const mail = { to: 'parent@example.com', subject: 'Sam has a place in Tiny Class', text: 'Good news\n' };
    await db.transaction(async (tx) => {
      await enqueue(tx, WAITLIST_MAIL, [mail]);
      await reachDeadline(tx, second.checkoutId);
    });
    await expect.poll(() => smtp.state.hung, { timeout: 20_000 }).toBe(true);
    await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
    const [claimed] = await db.select().from(jobs).where(eq(jobs.kind, WAITLIST_MAIL));
    expect(claimed).toMatchObject({ attempts: 1, done_at: null });
    expect(await holder(second.checkoutId)).toBe(claimed.locked_by);
    expect(claimed.locked_by).not.toBe(busy);
    // The process holding them (its worker id is host:pid:random) dies without a word; the rows are let go.
    const pid = Number(claimed.locked_by!.split(':').at(-2));
    process.kill(pid, 'SIGKILL');
    release();
    await lock;

    // The other settles its own checkout, then takes both jobs once the lease (JOB_LEASE_SECONDS=3) has run out.
    const finished = async () => (await db.select().from(jobs).where(sql`${jobs.done_at} is null`)).length;
    await expect.poll(finished, { timeout: 30_000, interval: 250 }).toBe(0);
    const [sent] = await db.select().from(jobs).where(eq(jobs.ID, claimed.ID));
    expect(sent).toMatchObject({ attempts: 2, locked_by: null });
    expect((await deadlineJobs(db, first.checkoutId))[0].attempts).toBe(1);
    expect((await deadlineJobs(db, second.checkoutId))[0].attempts).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Subject: Sam has a place in Tiny Class');
    const recorded = () => db.select({ invoice_id: payments.invoice_id, amount: payments.amount }).from(payments)
      .where(sql`${payments.invoice_id} in (${first.invoiceId}, ${second.invoiceId})`).orderBy(payments.invoice_id);
    expect(await recorded()).toEqual([{ invoice_id: first.invoiceId, amount: 2000 }, { invoice_id: second.invoiceId, amount: 2000 }]);
    // Nothing runs them again.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(smtp.received).toHaveLength(1);
    expect(await recorded()).toHaveLength(2);
  }, 60_000);
});
