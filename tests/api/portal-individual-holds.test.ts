import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { PORTAL_TEAM_MESSAGES } from '../../core/api/portalTeams';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { freeAgents, invoiceItems, invoices, memberships, payments, productVariations } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { expireNow } from './support/portalHolds';
import { onlineDivision } from './support/portalTeams';

// A division's individual registration held and paid online (issue 44 items 2–4), on both databases:
// where the division has enable_individual, a hold for family members, and a checkout that registers
// them as free agents (for staff to place) with the individual price on one invoice and the card; where
// it requires a membership, the facility's cheapest bought with it, as a class's registration does.

let ctx: TestContext;
let admin: string;
let family: PortalFamily;
const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');
const DAY = 86_400;
let serial = 0;
const key = () => `individual-test-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
});
afterAll(async () => { await ctx?.close(); });

/** An adult league division open online ($120 a player) taking individual registrations unless said. */
const division = async (overrides: Record<string, unknown> = {}) => (await onlineDivision(ctx, admin, { enable_individual: true, ...overrides })).ID;
const hold = (token: string, id: number, participant_ids: number[], type = 'league') => portal(ctx, token, 'POST', '/holds', { offering: { type, id }, participant_ids });
const checkout = (token: string, id: number, source_id = VISA, idempotency_key = key()) => portal(ctx, token, 'POST', `/holds/${id}/checkout`, { idempotency_key, source_id });

describe('individual registration holds', () => {
  it('is listed with the individual price; checkout registers free agents (online) with one invoice and the card; a retry answers the first result', async () => {
    const league = await division();
    const listed = (await portal(ctx, family.token, 'GET', '/offerings?facility_id=1')).json()
      .find((o: { ID: number; registration: string }) => o.ID === league && o.registration === 'individual');
    expect(listed).toMatchObject({ type: 'league', price: 120, seats_left: null });
    const made = await hold(family.token, league, [family.holderId]);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ offering: { type: 'league', id: league }, lines: [{ customer_id: family.holderId, price: 120 }], status: 'held' });
    const idempotency_key = key();
    const res = await checkout(family.token, made.json().ID, VISA, idempotency_key);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({ hold_id: made.json().ID, amount: made.json().total, balance: 0 });
    const [agent] = await ctx.database.db.select().from(freeAgents).where(eq(freeAgents.league_id, league));
    expect(agent).toMatchObject({ customer_id: family.holderId, registered_by: family.holderId, source: 'online', team_id: null });
    expect(paid.registrations).toEqual([{ ID: agent.ID, customer_id: family.holderId }]);
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, paid.invoice_id));
    expect(invoice).toMatchObject({ customer_id: family.holderId, facility_id: 1 });
    expect((await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, paid.invoice_id))).map((l) => [l.price, l.quantity])).toEqual([[12000, 1]]);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, paid.invoice_id))).map((p) => p.amount)).toEqual([Math.round(paid.amount * 100)]);
    expect((await checkout(family.token, made.json().ID, VISA, idempotency_key)).json()).toEqual(paid);
    // Staff read them to place them on a team.
    const staff = (await ctx.api(admin, 'GET', `/league/${league}/free_agents`)).json();
    expect(staff.map((a: { customer: { ID: number }; source: string }) => [a.customer.ID, a.source])).toEqual([[family.holderId, 'online']]);
    const again = await hold(family.token, league, [family.holderId]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PORTAL_TEAM_MESSAGES.alreadyFreeAgent);
  });

  it('refuses a division without individual registration (409), closed (409), asked as a tournament (404), another family\'s member (404), a member held twice (409)', async () => {
    const teamsOnly = await hold(family.token, await division({ enable_individual: false }), [family.holderId]);
    expect(teamsOnly.statusCode).toBe(409);
    expect(teamsOnly.json().message).toBe(PORTAL_TEAM_MESSAGES.noIndividual);
    const closed = await hold(family.token, await division({ registration_end_date: nowSeconds() - DAY, registration_start_date: nowSeconds() - 2 * DAY }), [family.holderId]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(PORTAL_TEAM_MESSAGES.notOpen);
    const league = await division();
    expect((await hold(family.token, league, [family.holderId], 'tournament')).statusCode).toBe(404);
    const other = await signedInFamily(ctx, admin);
    expect((await hold(family.token, league, [other.holderId])).statusCode).toBe(404);
    expect((await hold(family.token, league, [family.holderId])).statusCode).toBe(201);
    const twice = await hold(family.token, league, [family.holderId]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(OFFERING_MESSAGES.alreadyHeld);
  });

  it('a declined card keeps the hold (402) and registers no one; an expired hold cannot be paid', async () => {
    const league = await division();
    const made = (await hold(family.token, league, [family.holderId])).json();
    expect((await checkout(family.token, made.ID, DECLINED)).statusCode).toBe(402);
    expect(await ctx.database.db.select().from(freeAgents).where(eq(freeAgents.league_id, league))).toEqual([]);
    expect((await portal(ctx, family.token, 'GET', `/holds/${made.ID}`)).json().status).toBe('held');
    await expireNow(ctx, made.ID);
    const late = await checkout(family.token, made.ID);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(OFFERING_MESSAGES.expired);
    // Released: the member may be held again.
    expect((await hold(family.token, league, [family.holderId])).statusCode).toBe(201);
  });
});

const cents = (dollars: number) => Math.round(dollars * 100);
type Listed = { ID: number; registration: string; membership_required: boolean; membership_price: number | null; eligibility: Array<{ customer_id: number; eligible: boolean; reason: string | null }> };
const listedIndividual = async (token: string, league: number) => ((await portal(ctx, token, 'GET', '/offerings?facility_id=1')).json() as Listed[])
  .find((o) => o.ID === league && o.registration === 'individual')!;

describe('a division requiring a membership', () => {
  it('sells the facility\'s cheapest membership with the registration: listed, held, invoiced and made with it; a declined card makes none; the paid hold shows what it was charged', async () => {
    const fam = await signedInFamily(ctx, admin);
    const league = await division({ require_membership: true });
    const listed = await listedIndividual(fam.token, league);
    expect(listed.membership_required).toBe(true);
    expect(listed.membership_price).toBeGreaterThan(0);
    // No one is refused for it: it is bought with the registration.
    expect(listed.eligibility.find((e) => e.customer_id === fam.holderId)).toEqual({ customer_id: fam.holderId, eligible: true, reason: null });
    const made = (await hold(fam.token, league, [fam.holderId])).json();
    expect(made.memberships).toEqual([{ customer_id: fam.holderId, product_id: PRODUCT.MONTHLY_MEMBERSHIP, name: 'Monthly Membership', price: listed.membership_price }]);
    expect(cents(made.total)).toBe(12000 + cents(listed.membership_price!) + cents(made.taxes) + cents(made.fees));

    expect((await checkout(fam.token, made.ID, DECLINED)).statusCode).toBe(402);
    expect(await ctx.database.db.select().from(memberships).where(eq(memberships.sub_customer_id, fam.holderId))).toEqual([]);
    expect(await ctx.database.db.select().from(freeAgents).where(eq(freeAgents.league_id, league))).toEqual([]);

    const res = await checkout(fam.token, made.ID);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({ amount: made.total, balance: 0 });
    const lines = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, paid.invoice_id)).orderBy(invoiceItems.ID);
    expect(lines.map((l) => [l.new_product_id, l.price, l.quantity])).toEqual([[PRODUCT.ADULT_LEAGUE, 12000, 1], [PRODUCT.MONTHLY_MEMBERSHIP, cents(listed.membership_price!), 1]]);
    const [bought] = await ctx.database.db.select().from(memberships).where(eq(memberships.sub_customer_id, fam.holderId));
    expect(bought).toMatchObject({ member_customer_id: fam.holderId, new_product_id: PRODUCT.MONTHLY_MEMBERSHIP, is_free: false, facility_id: 1 });
    // Paid: the hold shows what was charged (the membership it bought, though one is held now), and what was paid.
    const shown = (await portal(ctx, fam.token, 'GET', `/holds/${made.ID}`)).json();
    expect(shown).toMatchObject({ status: 'done', invoice_id: paid.invoice_id, lines: made.lines, memberships: made.memberships, taxes: made.taxes, fees: made.fees, total: made.total, paid: made.total });
  });

  it('keeps the refusal where the facility sells no membership (409, the hold kept, nothing written)', async () => {
    const fam = await signedInFamily(ctx, admin);
    const league = await division({ require_membership: true });
    const sold = and(eq(productVariations.facility_id, 1), inArray(productVariations.new_product_id, [PRODUCT.ANNUAL_MEMBERSHIP, PRODUCT.MONTHLY_MEMBERSHIP]));
    await ctx.database.db.update(productVariations).set({ available: false }).where(sold);
    try {
      const listed = await listedIndividual(fam.token, league);
      expect(listed.membership_price).toBeNull();
      expect(listed.eligibility.find((e) => e.customer_id === fam.holderId)!.eligible).toBe(false);
      const made = (await hold(fam.token, league, [fam.holderId])).json();
      expect(made.memberships).toEqual([]);
      const refused = await checkout(fam.token, made.ID);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(OFFERING_MESSAGES.membership);
      expect((await portal(ctx, fam.token, 'GET', `/holds/${made.ID}`)).json().status).toBe('held');
      expect(await ctx.database.db.select().from(freeAgents).where(eq(freeAgents.league_id, league))).toEqual([]);
      expect(await ctx.database.db.select().from(invoices).where(eq(invoices.customer_id, fam.holderId))).toEqual([]);
    } finally {
      await ctx.database.db.update(productVariations).set({ available: true }).where(sold);
    }
  });
});
