import { eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, events, families, productVariations, users } from '../../server/db/schema';
import { TABLES_IN_DEPENDENCY_ORDER } from '../../server/db/seed/writer';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// The migrations build the whole schema on this database (PGlite, or the PostgreSQL server under
// api-pg), and the database itself enforces the model: foreign keys, unique indexes, checks.

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const db = () => ctx.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The PostgreSQL error code a failed statement carries (drizzle wraps the driver's error). */
async function refusal(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (error) {
    for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    }
    throw error;
  }
  return undefined;
}

const newCustomer = (fields: Partial<typeof customers.$inferInsert> = {}) => insertCustomer(db(), fields);

describe('the migrations', () => {
  it('create every table of the schema, with its columns', async () => {
    const tables = rowsOf<{ table_name: string }>(await db().execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )).map((r) => r.table_name);
    for (const table of TABLES_IN_DEPENDENCY_ORDER) {
      const { name, columns } = getTableConfig(table);
      expect(tables, name).toContain(name);
      const present = rowsOf<{ column_name: string }>(await db().execute(
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${name}`,
      )).map((r) => r.column_name);
      expect(present.sort(), name).toEqual(columns.map((c) => c.name).sort());
    }
    expect(TABLES_IN_DEPENDENCY_ORDER.length).toBeGreaterThanOrEqual(50);
  });

  it('order the tables parents first, as the seed writes them', () => {
    const position = new Map(TABLES_IN_DEPENDENCY_ORDER.map((t, i) => [t, i]));
    for (const table of TABLES_IN_DEPENDENCY_ORDER) {
      for (const fk of getTableConfig(table).foreignKeys) {
        const parent = fk.reference().foreignTable;
        if (parent !== table) expect(position.get(parent)!, getTableConfig(table).name).toBeLessThan(position.get(table)!);
      }
    }
  });

  it('build the customer search index without a pending list, so searches never scan unmerged rows', async () => {
    const [index] = rowsOf<{ reloptions: string[] | string | null }>(await db().execute(
      sql`select reloptions from pg_class where relname = 'customers_search_idx'`,
    ));
    expect(String(index.reloptions)).toContain('fastupdate=false');
  });
});

describe('the database enforces the model', () => {
  it('refuses a foreign key to nothing', async () => {
    expect(await refusal(db().insert(customers).values({ first_name: 'No', last_name: 'Where', facility_id: 4242 }))).toBe('23503');
  });

  it('refuses to delete a facility its fields still use', async () => {
    expect(await refusal(db().execute(sql`delete from facilities where id = 1`))).toBe('23503');
  });

  it('refuses a second variation of a product at the same facility', async () => {
    const [existing] = await db().select().from(productVariations).limit(1);
    const { ID: _id, ...copy } = existing;
    expect(await refusal(db().insert(productVariations).values(copy))).toBe('23505');
  });

  it('keeps a live staff email unique whatever its case', async () => {
    const staff = { user_type: 'mod' as const, facility_id: 1 };
    await db().insert(users).values({ ...staff, email: 'Case.Test@touchline.test' });
    expect(await refusal(db().insert(users).values({ ...staff, email: 'case.test@TOUCHLINE.test' }))).toBe('23505');
  });

  it('refuses an event that ends before it starts, or on a field of another facility', async () => {
    const field = rowsOf<{ id: number; facility_id: number }>(await db().execute(sql`select id, facility_id from fields where facility_id = 1 limit 1`))[0];
    const event = { product_type_id: 1, field_id: field.id, facility_id: field.facility_id, start_date: 2_000_000_000, end_date: 2_000_003_600 };
    expect(await refusal(db().insert(events).values({ ...event, end_date: 1_999_999_999 }))).toBe('23514');
    expect(await refusal(db().insert(events).values({ ...event, facility_id: 2 }))).toBe('23503');
    expect(await refusal(db().insert(events).values(event))).toBeUndefined();
  });

  it('refuses a family link twice, and a customer as their own parent', async () => {
    const [parent, child] = [await newCustomer(), await newCustomer({ is_kid: true })];
    await db().insert(families).values({ parent_id: parent.ID, child_id: child.ID, relation: 'Mother' });
    expect(await refusal(db().insert(families).values({ parent_id: parent.ID, child_id: child.ID }))).toBe('23505');
    expect(await refusal(db().insert(families).values({ parent_id: parent.ID, child_id: parent.ID }))).toBe('23514');
  });

  it('refuses negative customer credits', async () => {
    expect(await refusal(newCustomer({ credits: -1 }))).toBe('23514');
  });
});

describe('customer search', () => {
  it('keeps a lower-cased search column of every searchable field, phone digits included', async () => {
    const customer = await newCustomer({ first_name: 'Zoë', last_name: "O'Hara", phone: '+1 (718) 555-0142', address: '12 Elm St', state: 'NY' });
    const [row] = await db().select({ search: customers.search }).from(customers).where(eq(customers.ID, customer.ID));
    expect(row.search).toContain("zoë o'hara");
    expect(row.search).toContain('17185550142');
    expect(row.search).toContain('12 elm st');
    const found = await db().select({ ID: customers.ID }).from(customers)
      .where(sql`${customers.search} like ${'%hara%'} and ${customers.search} like ${'%0142%'}`);
    expect(found.map((c) => c.ID)).toEqual([customer.ID]);
  });

  it('has the trigram index behind it', async () => {
    const [index] = rowsOf<{ indexdef: string }>(await db().execute(sql`select indexdef from pg_indexes where indexname = 'customers_search_idx'`));
    expect(index.indexdef).toMatch(/USING gin \(facility_id, search gin_trgm_ops\)/);
  });
});
