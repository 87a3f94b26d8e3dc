import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAGUE_PRODUCT_TYPES, PRODUCT_TYPE } from '../../core/constants';
import { applyRate } from '../../core/money';
import { defaultTimeZone } from '../../core/time';
import { EARLY_BIRD_COMMENT, feeOptions, signupCharge } from '../../core/validation/leagues';
import { leaguePrices } from '../../server/domain/leagues/access';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import {
  discountApplications, integrations, invoiceItems, jobs, leagues, teamSignups, loginAttempts, portalCalendars, portalLoginTokens, portalPasswords, portalPayments, portalOrders, portalHolds, portalWaitlists, freeAgents, portalSessions, sessions, waiverVersions, squareSimCheckouts, squareSimPayments, squareSimRefunds, terminalCheckouts, userTokens,
} from '../../server/db/schema';
import { isEmpty, seedDemo } from '../../server/db/seed';
import { DEMO_STAFF } from '../../server/db/seed/staff';
import { TABLES_IN_DEPENDENCY_ORDER } from '../../server/db/seed/writer';
import { seedScale } from '../../bench/scale';
import { seedLeagues } from '../../bench/scaleLeagues';
import { createTestContext, TEST_SCRYPT_LOG_N, type TestContext } from './harness';
import { invoiceTotalsBoth } from './support/invoiceTotals';
import { salesDaysBoth } from './support/salesDays';

// The demo network at a small scale on a fresh database: every table filled, money that adds up,
// children's emails as spec 1 §4 builds them, the facilities' time zones, and the same data on
// every run for the same instant.

/** A fixed instant (Wednesday 2025-05-14 15:00 UTC), so two runs can be compared. */
const NOW = 1_747_234_800;
const DAY = 86400;
const SCALE = 0.2;

let ctx: TestContext;
let demo: Database;
beforeAll(async () => {
  // The harness gives this file a database of its own (on the server under api-pg); the demo goes
  // into a second, empty one next to it.
  ctx = await createTestContext();
  demo = ctx.database.kind === 'postgres' ? await siblingDatabase(ctx.database) : await openPglite();
  await demo.migrate();
  await seedDemo(demo.db, { scryptLogN: TEST_SCRYPT_LOG_N, scale: SCALE, now: NOW });
}, 180_000);
afterAll(async () => {
  await demo?.close();
  await dropSibling?.();
  await ctx?.close();
});

let dropSibling: (() => Promise<void>) | undefined;
async function siblingDatabase(of: Database): Promise<Database> {
  const name = `touchline_seed_${randomBytes(6).toString('hex')}`;
  await of.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  dropSibling = async () => void (await ctx.database.db.execute(sql.raw(`drop database if exists ${name} with (force)`)));
  return openPostgres(url.toString(), 2);
}

const rows = async <T>(query: ReturnType<typeof sql>, database = demo) => (await database.db.execute(query) as unknown as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0];

describe('the demo network', () => {
  it('fills every table but the ones only use fills (sessions, tokens, sign-in attempts, integrations, Square checkouts, jobs, the portal\'s)', async () => {
    // The demo's card and terminal payments are history; checkouts and the simulator's own books start at the first use,
    // as do the families' portal sign-ins, passwords, sessions, calendar links, card payments, seat holds, card orders,
    // free agents and the pickup games' and divisions' waitlists (joined online only) (each facility has its
    // waiver's text, signed for the customers marked so: see below).
    const runtime = new Set([sessions, userTokens, loginAttempts, integrations, terminalCheckouts, squareSimCheckouts, squareSimPayments, squareSimRefunds, jobs,
      portalLoginTokens, portalSessions, portalCalendars, portalPayments, portalPasswords, portalOrders, portalHolds, portalWaitlists, freeAgents]
      .map((t) => getTableConfig(t).name));
    const empty: string[] = [];
    for (const table of TABLES_IN_DEPENDENCY_ORDER) {
      const { name } = getTableConfig(table);
      const { n } = await one<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
      if (n === 0 && !runtime.has(name)) empty.push(name);
    }
    expect(empty).toEqual([]);
    expect(await isEmpty(demo.db)).toBe(false);
  });

  it('has hundreds of customers, the demo logins and staff in every role at every named facility', async () => {
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from customers`);
    expect(n).toBeGreaterThanOrEqual(200);
    const emails = (await rows<{ email: string }>(sql`select email from users`)).map((u) => u.email);
    for (const s of DEMO_STAFF) expect(emails).toContain(s.email);
    const gaps = await rows(sql`
      select f.id, r.role from facilities f cross join (values ('manager'), ('coach'), ('referee')) r(role)
      where f.id < 997 and not exists (select 1 from users u where u.facility_id = f.id and u.user_type = r.role)`);
    expect(gaps).toEqual([]);
  });

  it('gives each facility one waiver version to sign in the portal, recorded with its text\'s SHA-256', async () => {
    const versions = await demo.db.select().from(waiverVersions).orderBy(waiverVersions.facility_id);
    // Every facility families use (the hidden technical ones, ids ≥ 997, have no families).
    const facilityIds = (await rows<{ id: number }>(sql`select id from facilities where id < 997 order by id`)).map((f) => f.id);
    expect(facilityIds.length).toBeGreaterThan(10);
    expect(versions.map((v) => v.facility_id)).toEqual(facilityIds);
    for (const v of versions) {
      expect(v.sha256).toBe(createHash('sha256').update(v.text, 'utf8').digest('hex'));
      expect(v.text).toMatch(/^Release of liability — Touchline \w+/);
      expect(v.CreatedAt).toBeLessThan(NOW);
    }
  });

  it('records a signature of the facility\'s version for each customer marked signed, by a child\'s parent, and none for the others', async () => {
    const { marked, signed, unmarkedSigned, kidsSelfSigned, wrongHash } = await one<Record<string, number>>(sql`select
      (select count(*)::int from customers where waiver_signed and deleted_at is null) as marked,
      (select count(distinct s.customer_id)::int from waiver_signatures s join customers c on c.id = s.customer_id join waiver_versions v on v.id = s.version_id
        where c.waiver_signed and v.facility_id = c.facility_id) as signed,
      (select count(*)::int from waiver_signatures s join customers c on c.id = s.customer_id where not c.waiver_signed) as "unmarkedSigned",
      (select count(*)::int from waiver_signatures s join customers c on c.id = s.customer_id
        where c.is_kid and s.signed_by = c.id and exists (select 1 from families f where f.child_id = c.id)) as "kidsSelfSigned",
      (select count(*)::int from waiver_signatures s join waiver_versions v on v.id = s.version_id where s.sha256 <> v.sha256 or s.signed_at >= ${NOW}) as "wrongHash"`);
    expect(marked).toBeGreaterThan(100);
    expect(signed).toBe(marked);
    expect({ unmarkedSigned, kidsSelfSigned, wrongHash }).toEqual({ unmarkedSigned: 0, kidsSelfSigned: 0, wrongHash: 0 });
  });

  it('records most parents\' consent to their children\'s data leaving, not all, and only parents\'', async () => {
    const { parents, consents, strangers } = await one<{ parents: number; consents: number; strangers: number }>(sql`select
      (select count(distinct parent_id)::int from families) as parents, (select count(*)::int from child_data_consents) as consents,
      (select count(*)::int from child_data_consents k where not exists (select 1 from families f where f.parent_id = k.customer_id)) as strangers`);
    expect(consents).toBeGreaterThan(parents * 0.7);
    expect(consents).toBeLessThan(parents);
    expect(strangers).toBe(0);
  });

  it('stores the time zone of the spec for each facility', async () => {
    const facilities = await rows<{ id: number; time_zone: string }>(sql`select id, time_zone from facilities order by id`);
    expect(facilities.filter((f) => f.id <= 13).map((f) => f.id)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    for (const f of facilities) {
      const expected = f.id === 11 ? 'America/Chicago' : (f.id >= 6 && f.id <= 10) || f.id === 12 || f.id === 13 ? 'America/Los_Angeles' : 'America/New_York';
      expect(f.time_zone, `facility ${f.id}`).toBe(expected);
      expect(defaultTimeZone(f.id)).toBe(expected);
    }
  });

  it('gives children the parent email, ## and their own ID, and links them to that parent', async () => {
    const kids = await rows<{ id: number; email: string; parent_email: string; parent: string | null }>(sql`
      select k.id, k.email, k.parent_email, p.email as parent
      from customers k left join families f on f.child_id = k.id left join customers p on p.id = f.parent_id
      where k.is_kid`);
    expect(kids.length).toBeGreaterThan(20);
    for (const kid of kids) {
      expect(kid.parent, `child ${kid.id}`).not.toBeNull();
      expect(kid.email).toBe(`${kid.parent}##${kid.id}`);
      expect(kid.parent_email).toBe(kid.parent);
    }
    const { adults } = await one<{ adults: number }>(sql`select count(*)::int as adults from customers where not is_kid and email like '%#%'`);
    expect(adults).toBe(0);
  });

  it('computes every line\'s taxes and fees from its facility\'s rates through core/money', async () => {
    const items = await rows<{ id: number; price: string; quantity: number; taxes: string; fees: string; amount_taxes: string; amount_fees: string; tax_rate: string; processing_fee: string }>(sql`
      select i.id, i.price, i.quantity, i.taxes, i.fees, i.amount_taxes, i.amount_fees, f.tax_rate, f.processing_fee
      from invoice_items i join invoices v on v.id = i.invoice_id join facilities f on f.id = v.facility_id`);
    expect(items.length).toBeGreaterThan(500);
    for (const item of items) {
      const line = Number(item.price) * item.quantity;
      const taxed = Number(item.taxes) !== 0;
      const charged = Number(item.fees) !== 0;
      if (taxed) expect(Number(item.taxes), `item ${item.id}`).toBeCloseTo(Number(item.tax_rate) * 100, 6);
      if (charged) expect(Number(item.fees), `item ${item.id}`).toBeCloseTo(Number(item.processing_fee) * 100, 6);
      expect(Number(item.amount_taxes), `item ${item.id}`).toBe(taxed ? applyRate(line, Number(item.tax_rate)) : 0);
      expect(Number(item.amount_fees), `item ${item.id}`).toBe(charged ? applyRate(line, Number(item.processing_fee)) : 0);
    }
  });

  it('never pays or discounts an invoice beyond its total', async () => {
    const invoices = await rows<{ id: number; invoiced: string; taxes: string; fees: string; discounted: string; paid: string; reversal_of_id: number | null }>(sql`
      select v.id, v.reversal_of_id,
        coalesce((select sum(price * quantity) from invoice_items i where i.invoice_id = v.id), 0) as invoiced,
        coalesce((select sum(amount_taxes) from invoice_items i where i.invoice_id = v.id), 0) as taxes,
        coalesce((select sum(amount_fees) from invoice_items i where i.invoice_id = v.id), 0) as fees,
        coalesce((select sum(amount) from discount_applications d where d.invoice_id = v.id), 0) as discounted,
        coalesce((select sum(amount) from payments p where p.invoice_id = v.id), 0) as paid
      from invoices v`);
    expect(invoices.length).toBeGreaterThan(500);
    let paidInFull = 0;
    for (const v of invoices) {
      const total = Number(v.invoiced) + Number(v.taxes) + Number(v.fees) - Number(v.discounted);
      if (v.reversal_of_id) {
        expect(Number(v.invoiced), `reversal ${v.id}`).toBeLessThan(0);
        continue;
      }
      expect(Number(v.discounted), `invoice ${v.id}`).toBeLessThanOrEqual(Number(v.invoiced));
      expect(Number(v.paid), `invoice ${v.id}`).toBeGreaterThanOrEqual(0);
      expect(Number(v.paid), `invoice ${v.id}`).toBeLessThanOrEqual(total);
      if (total > 0 && Number(v.paid) === total) paidInFull++;
    }
    expect(paidInFull / invoices.length).toBeGreaterThan(0.5);
  });

  it('cancels a reversed invoice line by line, and links both ways', async () => {
    const pairs = await rows<{ original: number; reversal: number; back: number | null; sum: string }>(sql`
      select o.id as original, r.id as reversal, o.reversed_by_id as back,
        (select sum(price * quantity) from invoice_items i where i.invoice_id in (o.id, r.id)) as sum
      from invoices r join invoices o on o.id = r.reversal_of_id`);
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) {
      expect(p.back).toBe(p.reversal);
      expect(Number(p.sum)).toBe(0);
    }
  });

  it('records confirmed refunds as negative payments linked to what they refund', async () => {
    const refunds = await rows<{ status: string; amount: string; refund_payment: number | null; refunded_amount: string | null; refund_of: number | null; payment_id: number; refunded_by: number | null; paid: string }>(sql`
      select r.refund_status as status, r.amount, r.refund_payment_id as refund_payment, n.amount as refunded_amount,
        n.refund_of_id as refund_of, r.payment_id, p.refunded_by_id as refunded_by, p.amount as paid
      from refunds r join payments p on p.id = r.payment_id left join payments n on n.id = r.refund_payment_id`);
    expect(new Set(refunds.map((r) => r.status))).toEqual(new Set(['Pending', 'Confirmed', 'Denied']));
    for (const r of refunds) {
      expect(Number(r.amount)).toBeLessThanOrEqual(Number(r.paid));
      if (r.status === 'Confirmed') {
        expect(Number(r.refunded_amount)).toBe(-Number(r.amount));
        expect(r.refund_of).toBe(r.payment_id);
        expect(r.refunded_by).toBe(r.refund_payment);
      } else {
        expect(r.refund_payment).toBeNull();
      }
    }
  });

  it('bills team sign-ups on team invoices (type 2) and memberships under product type 18', async () => {
    const teamItems = await rows<{ invoice_type_id: number; team_id: number | null; product_type_id: number }>(sql`
      select v.invoice_type_id, v.team_id, v.product_type_id from invoice_items i join invoices v on v.id = i.invoice_id where i.team_signup_id is not null`);
    expect(teamItems.length).toBeGreaterThan(0);
    for (const t of teamItems) {
      expect(t.invoice_type_id).toBe(2);
      expect(t.team_id).not.toBeNull();
      expect(LEAGUE_PRODUCT_TYPES as readonly number[]).toContain(t.product_type_id);
    }
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from invoices where product_type_id = ${PRODUCT_TYPE.MEMBERSHIP}`);
    expect(n).toBeGreaterThan(0);
  });

  it('bills a team sign-up as the server does (signupCharge): one line at the fee charged, the early bird\'s while it ran, taxed on it', async () => {
    const signed = await demo.db.select({ league: leagues, signedAt: teamSignups.CreatedAt, line: invoiceItems.price, comment: invoiceItems.comment, tax: invoiceItems.amount_taxes, taxes: invoiceItems.taxes, invoiceId: invoiceItems.invoice_id })
      .from(invoiceItems).innerJoin(teamSignups, eq(teamSignups.ID, invoiceItems.team_signup_id)).innerJoin(leagues, eq(leagues.ID, teamSignups.league_id));
    const earlyBirds = await demo.db.select({ ID: discountApplications.ID }).from(discountApplications).where(eq(discountApplications.comment, EARLY_BIRD_COMMENT));
    expect(earlyBirds).toEqual([]);
    const kinds = new Set<string>();
    for (const { league, signedAt, line, comment, tax, taxes } of signed) {
      const options = feeOptions(await leaguePrices(demo.db, league), league, signedAt);
      const fee = options.find((o) => o.kind === 'early_bird') ?? options[0];
      kinds.add(fee.kind);
      const charge = signupCharge(fee, league.name);
      expect(line).toBe(charge.line);
      expect(comment).toBe(charge.comment);
      expect(tax).toBe(applyRate(line, Number(taxes) / 100));
    }
    // Both rules are shown: teams that signed up early and teams that did not.
    expect([...kinds].sort()).toEqual(['early_bird', 'full']);
  });

  it('books the past four weeks and the coming four, never two events on a field at once', async () => {
    const span = await one<{ first: string; last: string }>(sql`select min(start_date) as first, max(start_date) as last from events`);
    expect(Number(span.first)).toBeLessThanOrEqual(NOW - 27 * DAY);
    expect(Number(span.last)).toBeGreaterThanOrEqual(NOW + 24 * DAY);
    const { overlaps } = await one<{ overlaps: number }>(sql`
      select count(*)::int as overlaps from events a join events b
        on a.field_id = b.field_id and a.id < b.id and a.start_date < b.end_date and b.start_date < a.end_date`);
    expect(overlaps).toBe(0);
  });

  it('gives every product type of the spec its id, and leagues and tournaments their light blue', async () => {
    const types = await rows<{ id: number; name: string; color: string; show_in_calendar: boolean }>(sql`select id, name, color, show_in_calendar from product_types order by id`);
    expect(types.map((t) => t.id)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(types.find((t) => t.id === PRODUCT_TYPE.MEMBERSHIP)!.name).toBe('Membership');
    const blues = new Set(types.filter((t) => (LEAGUE_PRODUCT_TYPES as readonly number[]).includes(t.id)).map((t) => t.color));
    expect(blues.size).toBe(1);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from events e join product_types t on t.id = e.product_type_id where not t.show_in_calendar`);
    expect(n).toBe(0);
  });

  it('is the same on every run for the same instant', async () => {
    const again = await openPglite();
    try {
      await again.migrate();
      await seedDemo(again.db, { scryptLogN: TEST_SCRYPT_LOG_N, scale: SCALE, now: NOW });
      const fingerprint = sql`
        select (select count(*) from events)::int as events, (select sum(amount) from payments)::text as paid,
          (select string_agg(email, ',' order by id) from customers) as emails,
          (select string_agg(start_date::text, ',' order by id) from events) as starts`;
      expect((await rows(fingerprint, again))[0]).toEqual((await rows(fingerprint))[0]);
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('sales_days and the invoices\' sums (kept by the database)', () => {
  it('hold the sums of the demo\'s items, discounts and payments, and of bench/scale\'s and bench/scaleLeagues\' bulk loads on top of them', async () => {
    const before = await salesDaysBoth(demo.db);
    expect(before.stored.length).toBeGreaterThan(10);
    expect(before.stored).toEqual(before.expected);
    const totalsBefore = await invoiceTotalsBoth(demo.db);
    expect(totalsBefore.stored.filter(([, invoiced]) => invoiced !== 0).length).toBeGreaterThan(10);
    expect(totalsBefore.stored).toEqual(totalsBefore.expected);
    const added = await seedScale(demo.db, { events: 3000, invoices: 3000, now: NOW });
    expect(added.payments).toBeGreaterThan(50);
    // bench/scaleLeagues: every team a sign-up with its invoice and a roster of 10.
    const leagues = await seedLeagues(demo.db, { leagues: 20, now: NOW });
    expect(leagues.leagues).toBe(20);
    expect(leagues.players).toBe(leagues.teams * 10);
    const after = await salesDaysBoth(demo.db);
    expect(after.stored).toEqual(after.expected);
    const totalsAfter = await invoiceTotalsBoth(demo.db);
    expect(totalsAfter.stored.length).toBe(totalsBefore.stored.length + added.invoices + leagues.teams);
    expect(totalsAfter.stored).toEqual(totalsAfter.expected);
    expect(after.stored.reduce((n, [, s]) => n + s.count, 0)).toBe(before.stored.reduce((n, [, s]) => n + s.count, 0) + added.payments + leagues.payments);
  }, 120_000);
});
