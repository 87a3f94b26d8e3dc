import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { httpClient, serverDatabase, type ServerDatabase } from './support/serverDatabase';
import { startServer, type ServerProcess } from './support/serverProcess';
import { startSmtpServer } from './support/smtp';

// A clean stop (issue 42 item 6; README "Stopping"), on real server processes (`tsx server/main.ts`)
// over one database, one after the other: on SIGTERM a server stops accepting connections, answers
// every request in flight (50 sign-ins whose bodies are still arriving), finishes the job it holds (a
// broadcast mail held mid-send by the mail server) and exits 0; a job that outlasts SHUTDOWN_SECONDS
// is left, the process exits 1, and the next server finishes the job once its lease has run out.

let database: ServerDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await serverDatabase();
  smtp = await startSmtpServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.close();
  await database?.drop();
});

/** A server on the test's database; LOG_LEVEL=debug logs each request's arrival. */
async function server(env: Record<string, string> = {}): Promise<ServerProcess> {
  const started = await startServer({ ...database.env, SMTP_URL: smtp.url, LOG_LEVEL: 'debug', ...env });
  servers.push(started);
  return started;
}

/** The JSON lines a server logged. */
const logLines = (s: ServerProcess) => s.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exited = (s: ServerProcess) => new Promise<number | null>((resolve) => {
  if (s.child.exitCode !== null) resolve(s.child.exitCode);
  else s.child.once('exit', (code) => resolve(code));
});

/**
 * A sign-in whose body arrives in two parts, on a connection of its own: the server has the request
 * (its headers and the first bytes) and waits for the rest until finish().
 */
function slowSignIn(port: number, n: number) {
  const body = JSON.stringify({ email: `nobody${n}@example.com`, password: 'not the password', user_type: 'admin' });
  const request = http.request({
    host: '127.0.0.1', port, method: 'POST', path: '/user/login', agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': `slow-${n}` },
  });
  const answer = new Promise<{ status: number; id: unknown }>((resolve, reject) => {
    request.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode!, id: res.headers['x-request-id'] }));
    });
    request.once('error', reject);
  });
  request.write(body.slice(0, 20));
  return { answer, finish: () => request.end(body.slice(20)) };
}

describe('SIGTERM', () => {
  it('stops accepting, answers the 50 requests in flight, and exits 0', async () => {
    const s = await server();
    const requests = Array.from({ length: 50 }, (_, n) => slowSignIn(s.port, n));
    const answers = Promise.allSettled(requests.map((r) => r.answer));
    const arrived = () => logLines(s).filter((l) => l.msg === 'incoming request' && String(l.requestId).startsWith('slow-')).length;
    await until('the 50 requests to arrive', () => arrived() === 50);

    s.child.kill('SIGTERM');
    await until('the server to stop listening', () => fetch(`${s.url}/api/health`).then(() => false, () => true));
    expect(s.child.exitCode).toBeNull();
    for (const r of requests) r.finish();

    const settled = await answers;
    const refused = settled.filter((a) => a.status === 'rejected').map((a) => String((a as PromiseRejectedResult).reason));
    expect(refused).toEqual([]);
    const answered = settled.map((a) => (a as PromiseFulfilledResult<{ status: number; id: unknown }>).value);
    expect(answered.map((a) => a.status)).toEqual(Array(50).fill(401));
    expect(answered.map((a) => a.id)).toEqual(requests.map((_, n) => `slow-${n}`));
    expect(await exited(s)).toBe(0);
  }, 120_000);

  it('finishes the job it holds before it exits, once', async () => {
    const s = await server();
    const client = httpClient(s.url);
    // An admin's list: a manager mails only the people of their facility's pages (issue 41 item 11).
    const token = await client.login('admin@touchline.test');
    const held = smtp.hold();
    const sent = await client.call('POST', '/api/broadcast', { subject: 'Held', html: '<p>Held</p>', recipients: ['held@example.com'], facility_id: 1, reply_to: '', sender: 'Desk' }, token);
    expect(sent.status, await sent.clone().text()).toBe(201);
    await held.arrived;

    s.child.kill('SIGTERM');
    await until('the server to stop listening', () => fetch(`${s.url}/api/health`).then(() => false, () => true));
    expect(s.child.exitCode).toBeNull();
    held.release();
    expect(await exited(s)).toBe(0);
    expect(smtp.received.filter((m) => m.envelopeTo.includes('held@example.com'))).toHaveLength(1);

    const db = await database.open();
    try {
      expect(rowsOf(await db.db.execute(sql`select attempts, done_at is not null as done from jobs`))).toEqual([{ attempts: 1, done: true }]);
      expect(rowsOf(await db.db.execute(sql`select sent_count from broadcasts where subject = 'Held'`))).toEqual([{ sent_count: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('leaves a job that outlasts SHUTDOWN_SECONDS to the next server, which finishes it once after its lease', async () => {
    const s = await server({ SHUTDOWN_SECONDS: '2', JOB_LEASE_SECONDS: '4' });
    const client = httpClient(s.url);
    // An admin's list: a manager mails only the people of their facility's pages (issue 41 item 11).
    const token = await client.login('admin@touchline.test');
    const hung = smtp.hold(); // never released: the mail hangs mid-send
    const sent = await client.call('POST', '/api/broadcast', { subject: 'Late', html: '<p>Late</p>', recipients: ['late@example.com'], facility_id: 1, reply_to: '', sender: 'Desk' }, token);
    expect(sent.status, await sent.clone().text()).toBe(201);
    await hung.arrived;

    s.child.kill('SIGTERM');
    expect(await exited(s)).toBe(1);
    expect(s.output()).toContain('still running after 2 s');
    expect(smtp.received.filter((m) => m.envelopeTo.includes('late@example.com'))).toHaveLength(0);

    const next = await server({ JOB_LEASE_SECONDS: '4' });
    await until('the next server to send the mail', () => smtp.received.some((m) => m.envelopeTo.includes('late@example.com')));
    next.child.kill('SIGTERM');
    expect(await exited(next)).toBe(0);
    expect(smtp.received.filter((m) => m.envelopeTo.includes('late@example.com'))).toHaveLength(1);

    const db = await database.open();
    try {
      expect(rowsOf(await db.db.execute(sql`select attempts, done_at is not null as done from jobs j
        join broadcasts b on b.id = (j.payload->>'broadcast_id')::int where b.subject = 'Late'`))).toEqual([{ attempts: 2, done: true }]);
      expect(rowsOf(await db.db.execute(sql`select sent_count from broadcasts where subject = 'Late'`))).toEqual([{ sent_count: 1 }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
