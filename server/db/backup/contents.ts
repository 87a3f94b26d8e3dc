import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client';

/**
 * Whether a database holds the product's data: a restore refuses to replace it unless told (--force).
 * A database with no tables, or migrated with no facility (SEED=none), holds none.
 */
export async function holdsData(db: Db): Promise<boolean> {
  const [{ migrated }] = rowsOf<{ migrated: boolean }>(await db.execute(sql`select to_regclass('public.facilities') is not null as migrated`));
  if (!migrated) return false;
  const [{ found }] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (select 1 from facilities) as found`));
  return found;
}

/** Whether a database has any table of its own (a restore over one replaces them: pg_restore --clean). */
export async function hasTables(db: Db): Promise<boolean> {
  const [{ found }] = rowsOf<{ found: boolean }>(await db.execute(sql`select exists (
    select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema')) as found`));
  return found;
}
