import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, databaseUrl, dropDatabase } from '../../server/db/admin';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../../server/db/client';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../server/db/seed/staff';
import { createHubspotClient, type HubspotClient } from '../../server/services/hubspot';
import type { Mailer, MailMessage } from '../../server/services/mail/mailer';
import { createSquare, type Square } from '../../server/services/square';
import { createStorage, type Storage } from '../../server/services/storage';
import { TEST_SCRYPT_LOG_N } from './support/databaseTemplates';

// One fresh, migrated, reference-seeded database per test file: in-memory PGlite, or (TEST_DB=postgres)
// a database of its own on the server named by TEST_DATABASE_URL, dropped at the end.

export { TEST_SCRYPT_LOG_N };

/**
 * A block of PostgreSQL-only tests (races, concurrent writes: PGlite has one connection) inside a file
 * that runs on both: registered in the api-pg project only, so the PGlite project neither runs them nor
 * counts them as skipped. Whether api-pg ran at all, the run says (vitest.config.ts).
 */
export function describeOnPostgres(name: string, body: () => void): void {
  if (process.env.TEST_DB === 'postgres') describe(name, body);
}

/** The demo staff's emails by their name: admin@touchline.test is admin. */
type StaffName = 'admin' | 'manager' | 'manager2' | 'mod' | 'coach' | 'referee';
export type StaffTokens = Record<StaffName, string>;

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The URL of the file's own PostgreSQL database (another pool on it is another server process's); null on PGlite. */
  databaseUrl: string | null;
  config: Config;
  /** Mail the app sent, when the test did not pass a mailer of its own. */
  outbox: MailMessage[];
  /** Signs a demo staff member in and returns their bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Signs every demo staff member in: their tokens by the name of their email (admin, manager2, coach…). */
  signInStaff(): Promise<StaffTokens>;
  /** app.inject with the bearer token set. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A call to /api{url} with the bearer token set, and a JSON body when there is a payload. */
  api(token: string, method: HTTPMethods, url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database of the test file's kind, a copy of one of the run's templates (tests/api/support/databaseTemplates.ts), and how to drop it. */
async function freshDatabase(kind: 'migratedTemplate' | 'seededTemplate'): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const template = inject(kind);
  if (process.env.TEST_DB !== 'postgres') {
    const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(template)]), extensions: PGLITE_EXTENSIONS });
    return { database: await openPglite(undefined, client), url: null, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `touchline_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(url, name, template);
  return { database: openPostgres(databaseUrl(url, name), 5), url: databaseUrl(url, name), drop: () => dropDatabase(url, name) };
}

/** A fresh database of the test file's kind, migrated and empty (nothing seeded), and how to drop it. */
export const emptyDatabase = () => freshDatabase('migratedTemplate');

// The kept files' directory is the worker's own: test files of two workers run at once, and each
// database numbers its records from 1.
export async function createTestContext(options: { mailer?: Mailer; hubspot?: HubspotClient; square?: Square; storage?: Storage; env?: Record<string, string>; build?: BuildOptions } = {}): Promise<TestContext> {
  // Seeded with the reference data and the demo staff, their passwords hashed at TEST_SCRYPT_LOG_N.
  const { database, url, drop } = await freshDatabase('seededTemplate');
  const config = loadConfig({ SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N), PUBLIC_URL: 'http://touchline.test', DATA_DIR: `/tmp/touchline-test-${process.env.VITEST_POOL_ID ?? '0'}`, ...options.env });
  const outbox: MailMessage[] = [];
  const mailer = options.mailer ?? { send: async (m: MailMessage) => void outbox.push(m) };
  // HubSpot: the real client at HUBSPOT_API_URL (a test's fake server, passed in env), unless given one.
  const hubspot = options.hubspot ?? createHubspotClient(config);
  // Square: the simulator, or the real adapter when the test's env sets SQUARE_ENV (and SQUARE_API_URL).
  const square = options.square ?? createSquare(config, database.db);
  const storage = options.storage ?? createStorage(config);
  const app = await buildApp({ config, db: database.db, connections: database.stats, mailer, hubspot, square, storage }, options.build);
  await app.ready();

  const ctx: TestContext = {
    app, database, databaseUrl: url, config, outbox,
    async login(email, password = DEMO_PASSWORD) {
      const user_type = email.startsWith('coach') ? 'referee' : email.split('@')[0].replace(/\d+$/, '');
      const res = await app.inject({ method: 'POST', url: '/user/login', payload: { email, password, user_type } });
      const body = res.json();
      if (!body.token) throw new Error(`login failed for ${email}: ${res.body}`);
      return body.token as string;
    },
    async signInStaff() {
      const tokens = await Promise.all(DEMO_STAFF.map(async (s) => [s.email.split('@')[0], await ctx.login(s.email)] as const));
      return Object.fromEntries(tokens) as StaffTokens;
    },
    as(token, opts) {
      return app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
    },
    api(token, method, url, payload, headers) {
      return ctx.as(token, { method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
  return ctx;
}
