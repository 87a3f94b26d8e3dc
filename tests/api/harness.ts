import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import { seedReference } from '../../server/db/seed';
import { DEMO_PASSWORD } from '../../server/db/seed/staff';
import type { Mailer, MailMessage } from '../../server/services/mail/mailer';

// One fresh, migrated, reference-seeded database per test file: in-memory PGlite, or (TEST_DB=postgres)
// a database of its own on the server named by TEST_DATABASE_URL, dropped at the end.

export const TEST_SCRYPT_LOG_N = 10;

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Mail the app sent, when the test did not pass a mailer of its own. */
  outbox: MailMessage[];
  /** Signs a demo staff member in and returns their bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** app.inject with the bearer token set. */
  as(token: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function createDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { database: await openPglite(), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `touchline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 5);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // pool.end() resolves before its sockets have closed: forcing the drop while they say goodbye
      // would kill them mid-way and surface as an unhandled error, so wait (briefly) for them to leave.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestContext(options: { mailer?: Mailer; env?: Record<string, string> } = {}): Promise<TestContext> {
  const { database, drop } = await createDatabase();
  await database.migrate();
  const config = loadConfig({ SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N), PUBLIC_URL: 'http://touchline.test', DATA_DIR: '/tmp/touchline-test', ...options.env });
  await seedReference(database.db, { scryptLogN: config.scryptLogN });
  const outbox: MailMessage[] = [];
  const mailer = options.mailer ?? { send: async (m: MailMessage) => void outbox.push(m) };
  const app = await buildApp({ config, db: database.db, mailer });
  await app.ready();

  const ctx: TestContext = {
    app, database, config, outbox,
    async login(email, password = DEMO_PASSWORD) {
      const user_type = email.startsWith('coach') ? 'referee' : email.split('@')[0].replace(/\d+$/, '');
      const res = await app.inject({ method: 'POST', url: '/user/login', payload: { email, password, user_type } });
      const body = res.json();
      if (!body.token) throw new Error(`login failed for ${email}: ${res.body}`);
      return body.token as string;
    },
    as(token, opts) {
      return app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
  return ctx;
}
