import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from '../../../server/db/admin';
import { openPglite, openPostgres, type Database } from '../../../server/db/client';
import { seedReference } from '../../../server/db/seed';
import { DEMO_PASSWORD } from '../../../server/db/seed/staff';
import { TEST_SCRYPT_LOG_N } from '../harness';

// A database for real server processes (support/serverProcess.ts) of the test file's kind: a PGlite
// data directory (the api project) or a database of its own on the PostgreSQL server (api-pg), with
// the environment that points `npm run serve` (and the CLIs) at it. A server holds a PGlite directory
// alone: open() it only while no server runs on it.

export interface ServerDatabase {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR (always: kept files, the outbox), and DATABASE_URL on PostgreSQL; SEED=none. */
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A fresh database, migrated and (unless `empty`) holding the reference data and the demo staff. */
export async function serverDatabase(options: { empty?: boolean } = {}): Promise<ServerDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-server-'));
  const base = { DATA_DIR: dataDir, SEED: 'none', SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N) };
  let target: Omit<ServerDatabase, 'dataDir' | 'drop'> & { dropDatabase(): Promise<void> };
  if (process.env.TEST_DB === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `touchline_test_${randomBytes(6).toString('hex')}`;
    await createDatabase(admin, name);
    const url = databaseUrl(admin, name);
    target = { kind: 'postgres', env: { ...base, DATABASE_URL: url }, open: async () => openPostgres(url, 3), dropDatabase: () => dropDatabase(admin, name) };
  } else {
    target = { kind: 'pglite', env: base, open: () => openPglite(path.join(dataDir, 'db')), dropDatabase: async () => {} };
  }
  if (!options.empty) {
    const database = await target.open();
    await database.migrate();
    await seedReference(database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
    await database.close();
  }
  return {
    kind: target.kind, env: target.env, open: target.open, dataDir,
    async drop() {
      await target.dropDatabase().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls to a server process at `base` (http://127.0.0.1:PORT). */
export function httpClient(base: string) {
  const client = {
    call(method: string, url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
      return fetch(`${base}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    /** A demo staff member's bearer token ('manager@touchline.test'). */
    async login(email: string): Promise<string> {
      const user_type = email.split('@')[0].replace(/\d+$/, '');
      const res = await client.call('POST', '/user/login', { email, password: DEMO_PASSWORD, user_type });
      const answer = await res.json();
      expect(answer.token, JSON.stringify(answer)).toEqual(expect.any(String));
      return answer.token as string;
    },
  };
  return client;
}
