import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, databaseUrl, dropDatabase } from '../../../server/db/admin';
import { openPglite, openPostgres } from '../../../server/db/client';
import { seedReference } from '../../../server/db/seed';

// The API projects' global setup: the databases every test file starts from, made once per run. Each
// file used to migrate and seed a database of its own, some two hundred times a run: 3.4 s each on
// PGlite, 1.3 s on PostgreSQL. Now PGlite opens a copy of a data directory, and PostgreSQL copies a
// template database (CREATE DATABASE … TEMPLATE). Two of each: migrated only (emptyDatabase), and
// with the reference data and demo staff seeded as createTestContext gives them. tests/api/harness.ts reads them.

/** The demo staff's password hashes in tests: scrypt at a cost cheap enough for hundreds of sign-ins. */
export const TEST_SCRYPT_LOG_N = 10;

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a data directory's tar file; PostgreSQL: a template database's name. */
    migratedTemplate: string;
    seededTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = project.config.env as Record<string, string | undefined>;
  if (env.TEST_DB === 'postgres') {
    const url = env.TEST_DATABASE_URL!;
    const suffix = randomBytes(6).toString('hex');
    const [migrated, seeded] = [`touchline_migrated_${suffix}`, `touchline_seeded_${suffix}`];
    await createDatabase(url, migrated);
    const first = openPostgres(databaseUrl(url, migrated), 1);
    await first.migrate();
    await first.close();
    await createDatabase(url, seeded, migrated);
    const second = openPostgres(databaseUrl(url, seeded), 1);
    await seedReference(second.db, { scryptLogN: TEST_SCRYPT_LOG_N });
    await second.close();
    project.provide('migratedTemplate', migrated);
    project.provide('seededTemplate', seeded);
    return async () => {
      await dropDatabase(url, seeded);
      await dropDatabase(url, migrated);
    };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-templates-'));
  const save = async (name: string) => {
    const file = path.join(folder, `${name}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await database.snapshot!()).arrayBuffer()));
    return file;
  };
  const database = await openPglite();
  await database.migrate();
  project.provide('migratedTemplate', await save('migrated'));
  await seedReference(database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
  project.provide('seededTemplate', await save('seeded'));
  await database.close();
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}
