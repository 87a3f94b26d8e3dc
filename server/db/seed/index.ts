import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { seedFacilities } from './facilities';
import { seedStaff } from './staff';

export interface SeedOptions {
  scryptLogN: number;
}

/** Reference data every database needs: facilities and the demo staff. Tests start from this. */
export async function seedReference(db: Db, options: SeedOptions): Promise<void> {
  await seedFacilities(db);
  await seedStaff(db, options.scryptLogN);
}

/** The whole demo network, on an empty database. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  await seedReference(db, options);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as n from facilities`);
  const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
  return rows[0].n === 0;
}
