import { eq, inArray, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import {
  attendees, classes, contracts, customers, eplayerSignups, eplayers, events, families, fields, invoices, leagues, memberships, payments,
  players, teams, trialAssistants, waitlists,
} from '../../server/db/schema';
import { MERGE_SAME_KIND } from '../../server/routes/customers/merge';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';
import { statusCounts } from './support/races';

// POST /customer/merge/{id}: everything pointing at the merged customers moves to the kept one, in one
// transaction; the check below finds every customer foreign key of the schema by itself.

let ctx: TestContext;
let admin: string;
let manager: string;
let mod: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager, mod } = await ctx.signInStaff());
});
afterAll(async () => { await ctx?.close(); });

const customer = (values: Partial<typeof customers.$inferInsert> = {}) => insertCustomer(ctx.database.db, values);

/** Every (table, column) of the schema with a foreign key to customers. */
const customerColumns = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const config = getTableConfig(table);
    return config.foreignKeys
      .filter((fk) => getTableConfig(fk.reference().foreignTable).name === 'customers')
      .flatMap((fk) => fk.reference().columns.map((column) => ({ table: config.name, column: column.name })));
  });

/** How many rows of any table still point at one of `ids`. */
async function rowsPointingAt(ids: number[]) {
  const found: string[] = [];
  for (const { table, column } of customerColumns) {
    const result = await ctx.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
    );
    const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
    if (n > 0) found.push(`${table}.${column}: ${n}`);
  }
  return found;
}

async function world() {
  const { db } = ctx.database;
  const kept = await customer({ credits: 1000 });
  const dup = await customer({ credits: 500 });
  const dup2 = await customer();
  const kid = await customer({ is_kid: true });
  const [field] = await db.select().from(fields).where(eq(fields.facility_id, 1)).limit(1);
  const [cls] = await db.insert(classes).values({ name: 'Merge class', start_date: 1, end_date: 2, facility_id: 1 }).returning();
  const [event] = await db.insert(events).values({ product_type_id: 10, field_id: field.ID, facility_id: 1, start_date: 5, end_date: 6, class_id: cls.ID, customer_id: dup.ID }).returning();
  const [team] = await db.insert(teams).values({ name: 'Merge FC', facility_id: 1, captain_id: dup.ID }).returning();
  const [invoice] = await db.insert(invoices).values({ facility_id: 1, customer_id: dup.ID, date: 10 }).returning();
  await db.insert(payments).values({ invoice_id: invoice.ID, amount: 100, type: 'cash', player_customer_id: dup2.ID });
  await db.insert(families).values([{ parent_id: dup.ID, child_id: kid.ID }, { parent_id: kept.ID, child_id: kid.ID }, { parent_id: dup.ID, child_id: dup2.ID }]);
  await db.insert(memberships).values({ sub_customer_id: dup.ID, member_customer_id: dup2.ID, valid_until: 99 });
  await db.insert(contracts).values({ name: 'Merge block', facility_id: 1, customer_id: dup2.ID, product_type_id: 2 });
  // The same team and class for both: one place each is kept.
  await db.insert(players).values([{ team_id: team.ID, customer_id: kept.ID, registration_date: 1 }, { team_id: team.ID, customer_id: dup.ID, registration_date: 2 }]);
  await db.insert(attendees).values([{ class_id: cls.ID, customer_id: dup.ID }, { class_id: cls.ID, customer_id: dup2.ID }]);
  await db.insert(waitlists).values({ class_id: cls.ID, customer_id: dup.ID, parent_id: dup2.ID });
  await db.insert(trialAssistants).values({ class_id: cls.ID, customer_id: kid.ID, parent_id: dup.ID, event_id: event.ID });
  const [league] = await db.select({ ID: leagues.ID }).from(leagues).limit(1);
  const [e1] = await db.insert(eplayers).values({ customer_id: dup.ID, console_id: 'dup', console: 'XBOX' }).returning();
  await db.insert(eplayers).values({ customer_id: dup2.ID, console_id: 'dup2', console: 'PS4' });
  if (league) await db.insert(eplayerSignups).values({ eplayer_id: e1.ID, league_id: league.ID });
  return { kept, dup, dup2, kid, team, cls, invoice };
}

describe('POST /customer/merge/{id}', () => {
  it('finds the customer foreign keys of the schema', () => {
    expect(customerColumns.length).toBeGreaterThanOrEqual(20);
    expect(customerColumns).toContainEqual({ table: 'payments', column: 'player_customer_id' });
  });

  it('moves every row to the kept customer, soft-deletes the others and leaves nothing pointing at them', async () => {
    const { db } = ctx.database;
    const { kept, dup, dup2, kid, team, cls, invoice } = await world();
    const res = await ctx.as(manager, { method: 'POST', url: `/api/customer/merge/${kept.ID}`, payload: { customer_ids: [dup.ID, dup2.ID] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ID: kept.ID, merged: [dup.ID, dup2.ID] });

    expect(await rowsPointingAt([dup.ID, dup2.ID])).toEqual([]);
    const gone = await db.select().from(customers).where(inArray(customers.ID, [dup.ID, dup2.ID]));
    expect(gone.every((c) => c.deleted_at !== null && c.credits === 0)).toBe(true);
    const [after] = await db.select().from(customers).where(eq(customers.ID, kept.ID));
    expect(after).toMatchObject({ deleted_at: null, credits: 1500 });
    expect((await db.select().from(invoices).where(eq(invoices.ID, invoice.ID)))[0].customer_id).toBe(kept.ID);
    expect(await db.$count(players, eq(players.team_id, team.ID))).toBe(1);
    expect(await db.$count(attendees, eq(attendees.class_id, cls.ID))).toBe(1);
    expect(await db.select({ p: families.parent_id, c: families.child_id }).from(families).where(eq(families.child_id, kid.ID))).toEqual([{ p: kept.ID, c: kid.ID }]);
    expect(await db.$count(eplayers, eq(eplayers.customer_id, kept.ID))).toBe(1);

    const profile = await ctx.as(manager, { method: 'GET', url: `/api/customer/${kept.ID}` });
    expect(profile.json().totals.paid).toBe(1);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/customer/${dup.ID}` })).statusCode).toBe(404);
  });

  it('changes nothing when one id is unknown or in another facility', async () => {
    const { db } = ctx.database;
    const { kept, dup } = await world();
    const other = await customer({ facility_id: 2 });
    for (const ids of [[dup.ID, 99_999_999], [dup.ID, other.ID]]) {
      const res = await ctx.as(manager, { method: 'POST', url: `/api/customer/merge/${kept.ID}`, payload: { customer_ids: ids } });
      expect(res.statusCode).toBe(404);
    }
    expect(await db.$count(invoices, eq(invoices.customer_id, dup.ID))).toBe(1);
    expect(await db.$count(families, eq(families.parent_id, dup.ID))).toBe(2);
    const [still] = await db.select().from(customers).where(eq(customers.ID, dup.ID));
    expect(still).toMatchObject({ deleted_at: null, credits: 500 });
  });

  it('refuses to merge a child with an adult, changing nothing; two children keep one trial per event', async () => {
    const { db } = ctx.database;
    const { kept, kid, cls } = await world();
    const mixed = await ctx.as(manager, { method: 'POST', url: `/api/customer/merge/${kept.ID}`, payload: { customer_ids: [kid.ID] } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(MERGE_SAME_KIND);
    expect((await db.select().from(customers).where(eq(customers.ID, kid.ID)))[0].deleted_at).toBeNull();

    const twin = await customer({ is_kid: true, email: `twin${kid.ID}@example.com##0` });
    const [trial] = await db.select().from(trialAssistants).where(eq(trialAssistants.customer_id, kid.ID));
    await db.insert(trialAssistants).values({ class_id: cls.ID, customer_id: twin.ID, event_id: trial.event_id });
    const res = await ctx.as(manager, { method: 'POST', url: `/api/customer/merge/${kid.ID}`, payload: { customer_ids: [twin.ID] } });
    expect(res.statusCode).toBe(200);
    expect(await db.select({ customer: trialAssistants.customer_id }).from(trialAssistants).where(eq(trialAssistants.event_id, trial.event_id)))
      .toEqual([{ customer: kid.ID }]);
  });

  it('needs other customers, and an admin or manager', async () => {
    const kept = await customer();
    for (const payload of [{ customer_ids: [] }, { customer_ids: [kept.ID] }, {}]) {
      const res = await ctx.as(admin, { method: 'POST', url: `/api/customer/merge/${kept.ID}`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('No customers selected for merging');
    }
    const dup = await customer();
    expect((await ctx.as(mod, { method: 'POST', url: `/api/customer/merge/${kept.ID}`, payload: { customer_ids: [dup.ID] } })).statusCode).toBe(403);
  });
});

describe('concurrent merges (issue 8 items 1 and 2)', () => {
  const merge = (kept: number, other: number) =>
    ctx.as(admin, { method: 'POST', url: `/api/customer/merge/${kept}`, payload: { customer_ids: [other] } });
  const creditsOf = async (ids: number[]) =>
    (await ctx.database.db.select().from(customers).where(inArray(customers.ID, ids)).orderBy(customers.ID));

  it('moves the credit exactly once when the same merge arrives 50 times at once', async () => {
    const kept = await customer({ credits: 500 });
    const dup = await customer({ credits: 1000 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => merge(kept.ID, dup.ID)));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 49 });
    expect(answers.find((res) => res.statusCode === 409)!.json().message)
      .toBe(`${dup.first_name} ${dup.last_name} (customer ${dup.ID}) has already been merged or deleted; reload the page to see who is left`);
    const [after, gone] = await creditsOf([kept.ID, dup.ID]);
    expect(after).toMatchObject({ credits: 1500, deleted_at: null });
    expect(gone).toMatchObject({ credits: 0, deleted_at: expect.any(Number) });
  });

  it('serves 25 A←B and 25 B←A at once without a 5xx, one of them winning, every credit counted once', async () => {
    const a = await customer({ credits: 1000 });
    const b = await customer({ credits: 500 });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? merge(a.ID, b.ID) : merge(b.ID, a.ID))));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 49 });
    const rows = await creditsOf([a.ID, b.ID]);
    expect(rows.filter((row) => row.deleted_at === null)).toMatchObject([{ credits: 1500 }]);
    expect(rows.reduce((sum, row) => sum + row.credits, 0)).toBe(1500);
  });
});
