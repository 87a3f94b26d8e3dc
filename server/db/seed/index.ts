import { sql } from 'drizzle-orm';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../client';
import { seedCatalog } from './catalog';
import { seedDemoNetwork } from './demo';
import { seedFacilities } from './facilities';
import { seedFields } from './fields';
import { seedMediaFiles, type FileSink } from './mediaFiles';
import { seedStaff } from './staff';
import { Writer, type Executor } from './writer';

export interface SeedOptions {
  scryptLogN: number;
  /** Demo only: multiplies the volume (1 ≈ 1,200 customers and nine weeks of bookings; 167 ≈ 200,000 customers). */
  scale?: number;
  /** Demo only: the instant the network is built around (unix seconds); now by default. */
  now?: number;
  /** Demo only: where the demo photos' files go (the server's storage); none drawn without it. */
  files?: FileSink;
  /** The demo logins' password hash, when the caller started it beforehand (npm start: while PGlite creates its directory). */
  passwordHash?: Promise<string>;
}

/**
 * Reference data every database needs: facilities, demo staff, field types and fields, product
 * types, GLs, seasons, age groups, taxes, fees, products and their per-facility variations.
 * Tests start from this. Returns nothing; the demo staff's shared password hash stays internal.
 */
export async function seedReference(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => void (await reference(tx, options)));
}

/** The network's reference data without any login: what a production database starts from. */
export async function seedNetwork(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const writer = new Writer(tx);
    network(writer);
    await writer.finish();
  });
}

/**
 * What an empty database gets at start (SEED): the demo, the network's reference data or nothing;
 * a database holding data is left as it is ('kept').
 */
export async function seedEmpty(db: Db, options: SeedOptions & { seed: 'demo' | 'reference' | 'none' }): Promise<'demo' | 'reference' | 'none' | 'kept'> {
  if (!(await isEmpty(db))) return 'kept';
  if (options.seed === 'demo') await seedDemo(db, options);
  if (options.seed === 'reference') await seedNetwork(db);
  return options.seed;
}

/** The whole demo network, on an empty database, in one transaction: all of it or nothing. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const passwordHash = await reference(tx, options);
    await seedDemoNetwork(tx, passwordHash, { scale: options.scale ?? 1, now: options.now ?? nowSeconds() });
  });
  // Fresh statistics for the planner: right after a bulk load it believes the tables are empty and
  // picks sequential scans (a customer profile took 400 ms instead of 1 ms at 200,000 customers). The
  // vacuum also settles the bulk-loaded pages and indexes (outside the transaction: it cannot run in one).
  await db.execute(sql`vacuum (analyze)`);
  if (options.files) await seedMediaFiles(db, options.files);
}

async function reference(db: Executor, options: SeedOptions): Promise<string> {
  const writer = new Writer(db);
  const passwordHash = await seedStaff(writer, options.scryptLogN, options.passwordHash);
  network(writer);
  await writer.finish();
  return passwordHash;
}

function network(writer: Writer): void {
  seedFacilities(writer);
  seedFields(writer);
  seedCatalog(writer);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as n from facilities`);
  const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
  return rows[0].n === 0;
}
