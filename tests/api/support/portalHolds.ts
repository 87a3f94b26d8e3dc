import { and, eq, sql } from 'drizzle-orm';
import { nowSeconds, wallClock, zonedTime } from '../../../core/time';
import { fieldTypes, fields, jobs, portalHolds, productVariations } from '../../../server/db/schema';
import { PRODUCT } from '../../../server/db/seed/catalog';
import { FIELD_TYPE } from '../../../server/db/seed/fields';
import type { TestContext } from '../harness';

// Fixtures of the portal holds tests: a hold's expiry job run now, a field of Brooklyn (facility 1) of its
// own (so no demo booking is in its way), a pickup session on it, and Brooklyn's wall-clock times.

const DAY = 86_400;
const BROOKLYN = 'America/New_York';
let serial = 0;

/** Runs the hold's expiry job now, as if its time had come, and waits until it is released. */
export async function expireNow(ctx: TestContext, holdId: number) {
  const db = ctx.database.db;
  await db.update(portalHolds).set({ expires_at: nowSeconds() - 1 }).where(eq(portalHolds.ID, holdId));
  await db.update(jobs).set({ run_at: sql`now()` }).where(and(eq(jobs.kind, 'portal.hold_expiry'), sql`${jobs.payload}->>'hold' = ${String(holdId)}`, sql`${jobs.done_at} is null`));
  ctx.app.jobs.wake();
  const end = Date.now() + 10_000;
  for (;;) {
    const [row] = await db.select({ status: portalHolds.status }).from(portalHolds).where(eq(portalHolds.ID, holdId));
    if (row.status === 'released') return;
    if (Date.now() > end) throw new Error(`hold ${holdId} not released`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `hour`:00 in Brooklyn, `days` days from today. */
export function brooklyn(days: number, hour: number): number {
  const today = wallClock(nowSeconds() + days * DAY, BROOKLYN);
  return zonedTime(today.year, today.month, today.day, hour * 60, BROOKLYN);
}

/** A new field of Brooklyn, open 8:00 to midnight: of a new field type holding `capacity` players, else an indoor 5v5 (rented online). */
export async function ownField(ctx: TestContext, capacity?: number): Promise<number> {
  const db = ctx.database.db;
  serial += 1;
  const typeId = capacity === undefined ? FIELD_TYPE.FIVE
    : (await db.insert(fieldTypes).values({ name: `Cage ${serial}`, capacity, available_online: false }).returning())[0].ID;
  const [field] = await db.insert(fields).values({
    number: 100 + serial, name: `Test field ${serial}`, new_field_type_id: typeId, facility_id: 1,
    weekday_open_time: 8, weekday_close_time: 23.99, weekend_open_time: 8, weekend_close_time: 23.99,
    weekday_peak_time_start: 18, weekday_peak_time_end: 22, weekend_peak_time_start: 10, weekend_peak_time_end: 14,
  }).returning();
  return field.ID;
}

/** A pickup session (staff's POST /pickup) on `fieldId` with a game of an hour at each start; its ID and games' event IDs. */
export async function pickupSession(ctx: TestContext, adminToken: string, fieldId: number, starts: number[]) {
  const [variation] = await ctx.database.db.select().from(productVariations)
    .where(and(eq(productVariations.new_product_id, PRODUCT.PICKUP), eq(productVariations.facility_id, 1)));
  const first = wallClock(starts[0], BROOKLYN);
  const made = await ctx.api(adminToken, 'POST', '/pickup', {
    facility_id: 1, field_id: fieldId, product_id: variation.ID, day: first.weekday, time: first.hour, duration: 60,
    events: starts.map((start) => ({ field_id: fieldId, start_date: start, end_date: start + 3600 })),
  });
  if (made.statusCode !== 201) throw new Error(`pickup session: ${made.body}`);
  const session = (await ctx.api(adminToken, 'GET', `/pickup/${made.json().ID}`)).json() as { ID: number; events: Array<{ ID: number; start_date: number }> };
  return { ID: session.ID, games: session.events.map((e) => e.ID) };
}
