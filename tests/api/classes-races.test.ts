import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../core/validation/classes';
import { attendees, invoices, waitlists } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { createClass, family, registration } from './support/classes';
import { statusCounts } from './support/races';

// Concurrency on a PostgreSQL server (issue 26 item 7): the class row is locked before its attendees are
// counted, so concurrent registrations, moves and promotions never put more than max_kids in a class;
// places freed at once promote as many waitlist entries, in order. (PGlite has one connection.)

describe.runIf(process.env.TEST_DB === 'postgres')('concurrent registrations on PostgreSQL', () => {
  let ctx: TestContext;
  let admin: string;
  let mod: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ admin, mod } = await ctx.signInStaff());
  });
  afterAll(async () => { await ctx?.close(); });

  it('10 concurrent registrations into one free place make one attendee and refuse the rest', async () => {
    const cls = await createClass(ctx, admin, { max_kids: 1 });
    const kids = await Promise.all(Array.from({ length: 10 }, () => family(ctx.database.db)));
    const answers = await Promise.all(kids.map((k) => ctx.api(mod, 'POST', '/class/registration', registration(cls.ID, k.child.ID))));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 9 });
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set([CLASS_MESSAGES.full]));
    // The one saved is the winner's: its child, with its invoice.
    const winner = answers.find((a) => a.statusCode === 201)!.json() as { ID: number; customer_id: number; invoice_id: number };
    const saved = await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID));
    expect(saved.map((r) => [r.ID, r.customer_id, r.invoice_id])).toEqual([[winner.ID, winner.customer_id, winner.invoice_id]]);
    const bills = await ctx.database.db.select().from(invoices).where(eq(invoices.class_id, cls.ID));
    expect(bills.map((b) => b.ID)).toEqual([winner.invoice_id]);
  });

  it('the two last places taken at once by 10 families who accept the waitlist: 2 attendees, 8 waiting', async () => {
    const cls = await createClass(ctx, admin, { max_kids: 2 });
    const kids = await Promise.all(Array.from({ length: 10 }, () => family(ctx.database.db)));
    const answers = await Promise.all(kids.map((k) => ctx.api(mod, 'POST', '/class/registration', registration(cls.ID, k.child.ID, 240, { waitlist: true }))));
    expect(statusCounts(answers)).toEqual({ 201: 10 });
    // The two who got places are the attendees saved; the eight others wait.
    const placed = answers.map((a) => a.json() as { customer_id: number; waitlisted: boolean }).filter((a) => !a.waitlisted).map((a) => a.customer_id);
    expect(placed).toHaveLength(2);
    const seated = await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID));
    expect(seated.map((r) => r.customer_id).sort((x, y) => x - y)).toEqual(placed.sort((x, y) => x - y));
    const waiting = await ctx.database.db.select().from(waitlists).where(eq(waitlists.class_id, cls.ID));
    expect(waiting.map((r) => r.customer_id).sort((x, y) => x - y)).toEqual(kids.map((k) => k.child.ID).filter((id) => !placed.includes(id)).sort((x, y) => x - y));
  });

  it('two places freed at once promote the two oldest entries, and new registrations find no place meanwhile', async () => {
    const cls = await createClass(ctx, admin, { max_kids: 2 });
    const [a, b, c, d, e] = await Promise.all(Array.from({ length: 5 }, () => family(ctx.database.db)));
    const regA = (await ctx.api(mod, 'POST', '/class/registration', registration(cls.ID, a.child.ID))).json();
    const regB = (await ctx.api(mod, 'POST', '/class/registration', registration(cls.ID, b.child.ID))).json();
    for (const k of [c, d]) await ctx.api(mod, 'POST', '/class/registration', registration(cls.ID, k.child.ID, 240, { waitlist: true }));
    const answers = await Promise.all([
      ctx.api(mod, 'DELETE', `/class/registration/${regA.ID}`),
      ctx.api(mod, 'DELETE', `/class/registration/${regB.ID}`),
      ctx.api(mod, 'POST', '/class/registration', registration(cls.ID, e.child.ID)),
    ]);
    // Each delete promotes in its own transaction, so no moment shows a free place to the newcomer.
    expect(statusCounts(answers)).toEqual({ 200: 2, 409: 1 });
    expect(answers[2].json().message).toBe(CLASS_MESSAGES.full);
    const rows = await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, cls.ID));
    expect(rows.map((r) => r.customer_id).sort((x, y) => x - y)).toEqual([c.child.ID, d.child.ID].sort((x, y) => x - y));
    expect(rows.every((r) => r.invoice_id !== null)).toBe(true);
    expect(await ctx.database.db.$count(waitlists, eq(waitlists.class_id, cls.ID))).toBe(0);
  });
});
