import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSignupPayload } from '../../core/signupLink';
import { buildApp } from '../../server/app';
import { createAdmin, FIRST_ADMIN_MESSAGES } from '../../server/auth/firstAdmin';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, databaseUrl, dropDatabase } from '../../server/db/admin';
import { openDatabase } from '../../server/db/client';
import { customers, events, facilities, productTypes, users } from '../../server/db/schema';
import { seedEmpty } from '../../server/db/seed';
import { DEMO_PASSWORD } from '../../server/db/seed/staff';
import { LINK_EXPIRED } from '../../server/routes/auth/signup';
import { createSquare } from '../../server/services/square';
import { createStorage } from '../../server/services/storage';
import { createHubspotClient } from '../../server/services/hubspot';
import { emptyDatabase, TEST_SCRYPT_LOG_N } from './harness';
import { startServer } from './support/serverProcess';

// Production is not the demo (issue 32 item 4): with NODE_ENV=production (or DATABASE_URL) an empty
// database gets the network's reference data and no login; the first admin comes from
// `npm run admin:create`, whose link sets the password once.

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://club.example', SCOREBOARD_SECRET: 'a-real-scoreboard-secret', LINK_SECRET: 'a-real-link-secret-value', SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N) };
const signupFields = { first_name: 'Olga', last_name: 'Owner', phone: '(917) 555-0123', password: 'the owner password' };

/** An app on a database as the server serves it, and its calls. */
function appOn(config: Config, db: Parameters<typeof buildApp>[0]['db']) {
  return buildApp({ config, db, mailer: { send: async () => undefined }, hubspot: createHubspotClient(config), square: createSquare(config, db), storage: createStorage(config) });
}
const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/user/login', payload: { email, password, user_type: 'admin' } });
const confirm = (app: FastifyInstance, link: string, fields = signupFields) => {
  const payload = decodeSignupPayload(new URL(link).searchParams.get('token'))!;
  return app.inject({ method: 'POST', url: '/user/confirm', payload: { id: payload.id, token: payload.token, ...fields } });
};

describe('a production start', () => {
  let fresh: Awaited<ReturnType<typeof emptyDatabase>>;
  let config: Config;
  let app: FastifyInstance;
  let seeded: string;
  beforeAll(async () => {
    fresh = await emptyDatabase();
    config = loadConfig({ ...PRODUCTION, DATA_DIR: '/tmp/touchline-test' });
    seeded = await seedEmpty(fresh.database.db, { seed: config.seed, scryptLogN: config.scryptLogN });
    app = await appOn(config, fresh.database.db);
  });
  afterAll(async () => {
    await app?.close();
    await fresh?.database.close();
    await fresh?.drop();
  });

  it('adds the network\'s reference data to an empty database, and no demo staff or demo network', async () => {
    const { db } = fresh.database;
    expect(seeded).toBe('reference');
    expect(await db.$count(facilities)).toBeGreaterThan(0);
    expect(await db.$count(productTypes)).toBeGreaterThan(0);
    expect([await db.$count(users), await db.$count(customers), await db.$count(events)]).toEqual([0, 0, 0]);
    expect((await login(app, 'admin@touchline.test', DEMO_PASSWORD)).statusCode).toBe(401);
    // Started again, it leaves the database as it is.
    expect(await seedEmpty(db, { seed: 'demo', scryptLogN: TEST_SCRYPT_LOG_N })).toBe('kept');
    expect(await db.$count(users)).toBe(0);
  });

  it('creates the first admin with a link that sets the password once', async () => {
    const { db } = fresh.database;
    const { id, link } = await createAdmin(db, config.publicUrl, { email: ' Owner@Club.example ' });
    expect(link).toMatch(/^https:\/\/club\.example\/signup\?/);
    const [row] = await db.select().from(users);
    expect(row).toMatchObject({ ID: id, email: 'owner@club.example', user_type: 'admin', password_hash: null });
    const done = await confirm(app, link);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ type: 'admin' });
    const again = await confirm(app, link, { ...signupFields, password: 'someone else now' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LINK_EXPIRED);
    expect((await login(app, 'owner@club.example', signupFields.password)).statusCode).toBe(200);
    expect((await login(app, 'owner@club.example', 'someone else now')).statusCode).toBe(401);
    await expect(createAdmin(db, config.publicUrl, { email: 'owner@club.example' })).rejects.toThrow(FIRST_ADMIN_MESSAGES.taken);
    await expect(createAdmin(db, config.publicUrl, { email: 'not an email' })).rejects.toThrow(FIRST_ADMIN_MESSAGES.email);
    await expect(createAdmin(db, config.publicUrl, { email: 'two@club.example', facilityId: 987654 })).rejects.toThrow(FIRST_ADMIN_MESSAGES.noFacility);
  });
});

describe('npm run admin:create', () => {
  it('migrates an empty database, adds the reference data and prints a single-use link for the admin', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-admin-'));
    const server = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL! : null;
    const name = `touchline_test_${randomBytes(6).toString('hex')}`;
    if (server) await createDatabase(server, name);
    const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION, DATA_DIR: dataDir, DATABASE_URL: server ? databaseUrl(server, name) : undefined };
    if (!server) delete env.DATABASE_URL;
    try {
      const { stdout } = await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['server/adminCreate.ts', '--email', 'boss@club.example'], { env });
      const link = /https:\/\/club\.example\/signup\?\S+/.exec(stdout)?.[0];
      expect(link, stdout).toBeDefined();
      const config = loadConfig(env);
      const database = await openDatabase(config);
      const app = await appOn(config, database.db);
      try {
        expect(await database.db.$count(users)).toBe(1);
        expect((await confirm(app, link!)).statusCode).toBe(200);
        expect((await confirm(app, link!)).statusCode).toBe(400);
        expect((await login(app, 'boss@club.example', signupFields.password)).statusCode).toBe(200);
      } finally {
        await app.close();
        await database.close();
      }
      const refused = await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['server/adminCreate.ts', '--email', 'boss@club.example'], { env }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1, stderr: `${FIRST_ADMIN_MESSAGES.taken}\n` });
    } finally {
      if (server) await dropDatabase(server, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('server/main.ts with NODE_ENV=production', () => {
  it('starts as its own process on an empty database, serves, and holds no demo staff', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-production-'));
    const server = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL! : null;
    const name = `touchline_test_${randomBytes(6).toString('hex')}`;
    if (server) await createDatabase(server, name);
    try {
      const started = await startServer({ ...PRODUCTION, DATA_DIR: dataDir, ...(server ? { DATABASE_URL: databaseUrl(server, name) } : {}) });
      try {
        expect(await (await fetch(`${started.url}/api/health`)).json()).toMatchObject({ status: 'ok' });
        // The demo's staff are not there: their sign-in is refused as any unknown one.
        const res = await fetch(`${started.url}/user/login`, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@touchline.test', password: DEMO_PASSWORD, user_type: 'admin' }),
        });
        expect(res.status).toBe(401);
      } finally {
        await started.stop();
      }
      expect(started.child.exitCode ?? started.child.signalCode).not.toBeNull();
    } finally {
      if (server) await dropDatabase(server, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
