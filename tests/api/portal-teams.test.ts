import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { PORTAL_TEAM_MESSAGES } from '../../core/api/portalTeams';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import {
  discountApplications, freeAgents, gls, invoiceItems, invoices, memberships, payments, players, portalOrders, productVariations, teamSignups, teams,
} from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type TestContext } from './harness';
import { createClass, family as classFamily, registration } from './support/classes';
import { insertCustomer } from './support/customers';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { onlineDivision } from './support/portalTeams';

// Teams from the portal (issue 44 §4) and the sibling discount (§6), on both databases: a captain
// registers a team into a division open online and pays by card (fee, early bird, deposit), all or
// nothing, a retry answering the first result; players join by the invite link (roster maximum, Lock
// Roster, the player's share); free agents; the facility's sibling discount on the staff's class
// registration; a division's required membership bought with the team for its captain.

let ctx: TestContext;
let admin: string;
let family: PortalFamily;
let other: PortalFamily;
const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');
const DAY = 86_400;
/** The name of the division made last. */
let lastName = '';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
  other = await signedInFamily(ctx, admin);
});
afterAll(async () => { await ctx?.close(); });

async function division(overrides: Record<string, unknown> = {}) {
  const made = await onlineDivision(ctx, admin, overrides);
  lastName = made.name;
  return made.ID;
}

const key = () => `key-${Math.random().toString(36).slice(2)}`;
const register = (token: string, body: Record<string, unknown>) => portal(ctx, token, 'POST', '/teams', { idempotency_key: key(), source_id: VISA, ...body });

describe('a captain registers a team', () => {
  it('makes the team, its sign-up (online) and invoice as staff do, and pays the balance by card', async () => {
    const league = await division();
    const shown = (await portal(ctx, family.token, 'GET', `/divisions/${league}`)).json();
    expect(shown).toMatchObject({ fee: 1200, membership: null, deposit_due: null });
    const res = await register(family.token, { league_id: league, name: 'Night Owls' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.fee).toBe(1200);
    expect(body.team).toMatchObject({ name: 'Night Owls', league: { ID: league }, players: 0, max_players: null, lock_roster: false });
    expect(body.team.invite_url).toMatch(/^http:\/\/touchline\.test\/my\/join\/[A-Za-z0-9_-]{43}$/);
    const [team] = await ctx.database.db.select().from(teams).where(eq(teams.ID, body.team.ID));
    expect(team.captain_id).toBe(family.holderId);
    const [signup] = await ctx.database.db.select().from(teamSignups).where(eq(teamSignups.ID, body.signup_id));
    expect(signup).toMatchObject({ team_id: team.ID, league_id: league, source: 'online' });
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, body.invoice_id));
    expect(invoice).toMatchObject({ customer_id: family.holderId, team_id: team.ID, invoice_type_id: 2 });
    const lines = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoice.ID));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ price: 120_000, team_signup_id: signup.ID });
    const due = 120_000 + lines[0].amount_taxes + lines[0].amount_fees;
    expect(body.payment).toMatchObject({ amount: due / 100, balance: 0 });
    // The division's page said so before paying.
    expect(shown.total).toBe(due / 100);
    // The family sees the invoice paid; staff see the team in the league.
    expect((await portal(ctx, family.token, 'GET', `/invoices/${invoice.ID}`)).json().balance).toBe(0);
    const staffLeague = (await ctx.api(admin, 'GET', `/league/${league}`)).json();
    expect(staffLeague.teams.find((t: { team: { ID: number } }) => t.team.ID === team.ID)).toMatchObject({ source: 'online' });
    const listed = (await portal(ctx, family.token, 'GET', '/teams')).json();
    expect(listed.map((t: { ID: number }) => t.ID)).toContain(team.ID);
  });

  it('charges the early bird inside its window, the full fee before it opens', async () => {
    const now = nowSeconds();
    const early = await division({ enable_early_bird: true, early_bird_start_date: now - DAY, early_bird_end_date: now + 5 * DAY, enable_deposit: true });
    expect((await portal(ctx, family.token, 'GET', `/divisions/${early}`)).json()).toMatchObject({ open: true, fee: 1050, early_bird: true, deposit: 300, enable_team: true });
    expect((await register(family.token, { league_id: early, name: 'Early Birds' })).json().fee).toBe(1050);
    const later = await division({ enable_early_bird: true, early_bird_start_date: now + DAY, early_bird_end_date: now + 5 * DAY });
    expect((await register(family.token, { league_id: later, name: 'Not Yet Birds' })).json().fee).toBe(1200);
  });

  it('takes the deposit where the division enables it, and refuses it where not', async () => {
    const withDeposit = await division({ enable_deposit: true });
    const res = await register(family.token, { league_id: withDeposit, name: 'Deposit FC', payment: 'deposit' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment.amount).toBe(300);
    expect(res.json().payment.balance).toBeGreaterThan(900);
    const without = await division();
    const refused = await register(family.token, { league_id: without, name: 'No Deposit FC', payment: 'deposit' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PORTAL_TEAM_MESSAGES.noDeposit);
    expect(await ctx.database.db.$count(teams, eq(teams.name, 'No Deposit FC'))).toBe(0);
  });

  it('buys the captain the facility\'s cheapest membership with the team where the division requires one (a deposit pays it in full); a declined card makes none', async () => {
    const captain = await signedInFamily(ctx, admin);
    const league = await division({ require_membership: true, enable_deposit: true });
    const declined = await register(captain.token, { league_id: league, name: 'Members FC', source_id: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(await ctx.database.db.select().from(memberships).where(eq(memberships.sub_customer_id, captain.holderId))).toEqual([]);
    expect(await ctx.database.db.$count(teams, eq(teams.name, 'Members FC'))).toBe(0);

    // The division's page shows the membership to be added, the total and the deposit due before paying.
    const shown = (await portal(ctx, captain.token, 'GET', `/divisions/${league}`)).json();
    expect(shown.membership).toMatchObject({ customer_id: captain.holderId, product_id: PRODUCT.MONTHLY_MEMBERSHIP });
    const res = await register(captain.token, { league_id: league, name: 'Members FC', payment: 'deposit' });
    expect(res.statusCode, res.body).toBe(201);
    const lines = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, res.json().invoice_id)).orderBy(invoiceItems.ID);
    expect(lines.map((l) => [l.team_signup_id, l.new_product_id, l.quantity])).toEqual([[res.json().signup_id, PRODUCT.ADULT_LEAGUE, 1], [null, PRODUCT.MONTHLY_MEMBERSHIP, 1]]);
    const membershipDue = lines[1].price + lines[1].amount_taxes + lines[1].amount_fees;
    expect(membershipDue).toBeGreaterThan(0);
    expect(res.json().payment.amount).toBe((30_000 + membershipDue) / 100);
    // The same figures the invoice has.
    expect(shown.membership.price).toBe(lines[1].price / 100);
    expect(shown.total).toBe(lines.reduce((total, l) => total + l.price * l.quantity + l.amount_taxes + l.amount_fees, 0) / 100);
    expect(shown.deposit_due).toBe(res.json().payment.amount);
    const [bought] = await ctx.database.db.select().from(memberships).where(eq(memberships.sub_customer_id, captain.holderId));
    expect(bought).toMatchObject({ member_customer_id: captain.holderId, new_product_id: PRODUCT.MONTHLY_MEMBERSHIP, is_free: false, facility_id: 1 });
    // A member now: the next division requiring one adds none.
    const next = await division({ require_membership: true });
    const nextShown = (await portal(ctx, captain.token, 'GET', `/divisions/${next}`)).json();
    expect(nextShown.membership).toBeNull();
    const again = await register(captain.token, { league_id: next, name: 'Members Again' });
    expect(again.statusCode, again.body).toBe(201);
    const [only, ...more] = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, again.json().invoice_id));
    expect(more).toEqual([]);
    expect(nextShown.total).toBe((only.price + only.amount_taxes + only.amount_fees) / 100);
  });

  it('refuses a captain without a membership where the division requires one and the facility sells none (409, nothing written)', async () => {
    const captain = await signedInFamily(ctx, admin);
    const league = await division({ require_membership: true });
    const sold = and(eq(productVariations.facility_id, 1), inArray(productVariations.new_product_id, [PRODUCT.ANNUAL_MEMBERSHIP, PRODUCT.MONTHLY_MEMBERSHIP]));
    await ctx.database.db.update(productVariations).set({ available: false }).where(sold);
    try {
      const refused = await register(captain.token, { league_id: league, name: 'No Members FC' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(OFFERING_MESSAGES.membership);
      expect(await ctx.database.db.$count(teams, eq(teams.name, 'No Members FC'))).toBe(0);
      expect(await ctx.database.db.$count(invoices, eq(invoices.customer_id, captain.holderId))).toBe(0);
    } finally {
      await ctx.database.db.update(productVariations).set({ available: true }).where(sold);
    }
  });

  it('answers a retry with the key by the first result, and refuses the key for another registration', async () => {
    const league = await division();
    const body = { league_id: league, name: 'Retry United', idempotency_key: key(), source_id: VISA };
    const first = await portal(ctx, family.token, 'POST', '/teams', body);
    const again = await portal(ctx, family.token, 'POST', '/teams', body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ctx.database.db.$count(teams, eq(teams.name, 'Retry United'))).toBe(1);
    expect(await ctx.database.db.$count(payments, eq(payments.invoice_id, first.json().invoice_id))).toBe(1);
    const reused = await portal(ctx, family.token, 'POST', '/teams', { ...body, name: 'Other Name' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(PORTAL_TEAM_MESSAGES.keyReused);
  });

  it('leaves nothing when the card is declined, and a new attempt then succeeds', async () => {
    const league = await division();
    const declined = await register(family.token, { league_id: league, name: 'Declined Rovers', source_id: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(await ctx.database.db.$count(teams, eq(teams.name, 'Declined Rovers'))).toBe(0);
    expect(await ctx.database.db.$count(teamSignups, eq(teamSignups.league_id, league))).toBe(0);
    expect(await ctx.database.db.$count(invoices, eq(invoices.comment, `Declined Rovers — ${lastName}`))).toBe(0);
    expect(await ctx.database.db.$count(portalOrders, and(eq(portalOrders.customer_id, family.holderId), eq(portalOrders.status, 'pending')))).toBe(0);
    expect((await register(family.token, { league_id: league, name: 'Declined Rovers' })).statusCode).toBe(201);
  });

  it('refuses a division closed, full, not online or without team registration', async () => {
    const now = nowSeconds();
    const closed = await division({ registration_start_date: now - 10 * DAY, registration_end_date: now - DAY });
    expect((await register(family.token, { league_id: closed, name: 'Too Late' })).json().message).toBe(PORTAL_TEAM_MESSAGES.notOpen);
    const forced = await division();
    expect((await ctx.api(admin, 'PUT', `/league/${forced}`, { force_close: true })).statusCode).toBe(200);
    expect((await register(family.token, { league_id: forced, name: 'Forced Out' })).json().message).toBe(PORTAL_TEAM_MESSAGES.notOpen);
    const full = await division({ max_teams: 1 });
    expect((await register(family.token, { league_id: full, name: 'First In' })).statusCode).toBe(201);
    const second = await register(family.token, { league_id: full, name: 'Second In' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: OFFERING_MESSAGES.divisionFull, waitlist: { open: true, offering: { type: 'league', id: full }, waiting: 0 } });
    expect((await portal(ctx, family.token, 'GET', `/divisions/${closed}`)).json()).toMatchObject({ open: false, fee: 1200, early_bird: false, deposit: null });
    const offline = await division({ available_online: false });
    expect((await portal(ctx, family.token, 'GET', `/divisions/${offline}`)).statusCode).toBe(404);
    expect((await register(family.token, { league_id: offline, name: 'Offline' })).statusCode).toBe(404);
    const individualOnly = await division({ enable_team: false, enable_individual: true });
    expect((await register(family.token, { league_id: individualOnly, name: 'Solo' })).json().message).toBe(PORTAL_TEAM_MESSAGES.noTeams);
    expect((await register(family.token, { league_id: league404(), name: 'Nowhere' })).statusCode).toBe(404);
    expect((await register(family.token, { league_id: closed, name: '' })).statusCode).toBe(400);
    expect(await ctx.database.db.$count(teams, eq(teams.name, 'Second In'))).toBe(0);
  });
});

const league404 = () => 999_999;

describe('the invite link', () => {
  async function teamWithLink(overrides: Record<string, unknown> = {}, payment: 'full' | 'deposit' = 'full') {
    const league = await division(overrides);
    const res = await register(family.token, { league_id: league, name: `Linked ${lastName}`, payment });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().team.invite_url as string;
    return { league, teamId: res.json().team.ID as number, invoiceId: res.json().invoice_id as number, token: url.split('/').at(-1)! };
  }

  it('shows the team and lets a family member join as a player (online); twice is refused', async () => {
    const { teamId, token } = await teamWithLink({ max_players: 12 });
    const view = await portal(ctx, other.token, 'GET', `/join/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ team: { ID: teamId }, players: 0, max_players: 12, open: true, share: 0, lock_roster: false });
    const joined = await portal(ctx, other.token, 'POST', `/join/${token}`, { participant_id: other.childId });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ team_id: teamId, customer_id: other.childId, payment: null });
    const [player] = await ctx.database.db.select().from(players).where(eq(players.ID, joined.json().player_id));
    expect(player).toMatchObject({ team_id: teamId, customer_id: other.childId, source: 'online' });
    const roster = (await ctx.api(admin, 'GET', `/team/${teamId}`)).json().roster;
    expect(roster).toEqual([expect.objectContaining({ customer_id: other.childId, source: 'online' })]);
    const twice = await portal(ctx, other.token, 'POST', `/join/${token}`, { participant_id: other.childId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LEAGUE_MESSAGES.alreadyOnTeam);
    // Someone outside the family: 404.
    expect((await portal(ctx, other.token, 'POST', `/join/${token}`, { participant_id: family.childId })).statusCode).toBe(404);
  });

  it('stops at the roster maximum and at Lock Roster', async () => {
    const { teamId, token } = await teamWithLink({ max_players: 2 });
    expect((await portal(ctx, family.token, 'POST', `/join/${token}`, { participant_id: family.holderId })).statusCode).toBe(201);
    expect((await portal(ctx, family.token, 'POST', `/join/${token}`, { participant_id: family.childId })).statusCode).toBe(201);
    const full = await portal(ctx, other.token, 'POST', `/join/${token}`, { participant_id: other.childId });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(PORTAL_TEAM_MESSAGES.rosterFull);
    expect((await portal(ctx, other.token, 'GET', `/join/${token}`)).json()).toMatchObject({ players: 2, open: false });

    const locked = await teamWithLink();
    expect((await ctx.api(admin, 'PUT', `/team/lock_roster/${locked.teamId}?lock_roster=true`)).statusCode).toBeLessThan(300);
    const refused = await portal(ctx, other.token, 'POST', `/join/${locked.token}`, { participant_id: other.childId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PORTAL_TEAM_MESSAGES.rosterLocked);
    expect(await ctx.database.db.$count(players, eq(players.team_id, teamId))).toBe(2);
  });

  it('makes a joining player pay their share toward a deposit-paid team\'s invoice, marked with the player', async () => {
    const { invoiceId, token } = await teamWithLink({ enable_deposit: true }, 'deposit');
    expect((await portal(ctx, other.token, 'GET', `/join/${token}`)).json().share).toBe(120);
    const noCard = await portal(ctx, other.token, 'POST', `/join/${token}`, { participant_id: other.childId });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe(PORTAL_TEAM_MESSAGES.cardNeeded);
    const declined = await portal(ctx, other.token, 'POST', `/join/${token}`, { participant_id: other.childId, idempotency_key: key(), source_id: DECLINED });
    expect(declined.statusCode).toBe(402);
    const body = { participant_id: other.childId, idempotency_key: key(), source_id: VISA };
    const paid = await portal(ctx, other.token, 'POST', `/join/${token}`, body);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment.amount).toBe(120);
    expect((await portal(ctx, other.token, 'POST', `/join/${token}`, body)).json()).toEqual(paid.json());
    const shares = await ctx.database.db.select().from(payments).where(and(eq(payments.invoice_id, invoiceId), eq(payments.player_customer_id, other.childId)));
    expect(shares.map((p) => p.amount)).toEqual([12_000]);
  });

  it('is replaced or revoked by the captain only; the old link answers 404', async () => {
    const { teamId, token } = await teamWithLink();
    expect((await portal(ctx, other.token, 'POST', `/teams/${teamId}/invite`)).statusCode).toBe(404);
    expect((await portal(ctx, other.token, 'DELETE', `/teams/${teamId}/invite`)).statusCode).toBe(404);
    const renewed = await portal(ctx, family.token, 'POST', `/teams/${teamId}/invite`);
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().invite_url.split('/').at(-1);
    expect(fresh).not.toBe(token);
    expect((await portal(ctx, other.token, 'GET', `/join/${token}`)).statusCode).toBe(404);
    expect((await portal(ctx, other.token, 'GET', `/join/${fresh}`)).statusCode).toBe(200);
    expect((await portal(ctx, family.token, 'DELETE', `/teams/${teamId}/invite`)).json()).toEqual({ invite_url: null });
    expect((await portal(ctx, other.token, 'GET', `/join/${fresh}`)).statusCode).toBe(404);
    expect((await portal(ctx, other.token, 'POST', `/join/${fresh}`, { participant_id: other.childId })).statusCode).toBe(404);
    expect((await portal(ctx, other.token, 'GET', '/join/not-a-token')).statusCode).toBe(400);
  });
});

describe('free agents', () => {
  /** A league product with a team fee and no individual price: a player registers on their own for free. */
  const freeForIndividuals = async () => {
    const [gl] = await ctx.database.db.select().from(gls).where(eq(gls.code, '01000'));
    const res = await ctx.api(admin, 'POST', '/newproduct', { name: `No individual fee ${Date.now()}`, gl_id: gl.ID, team_price: 500, full_price: 500, deposit_price: 100 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().ID as number;
  };

  it('registers a family member individually where the division takes it for free, once; staff see it marked online', async () => {
    const league = await division({ enable_individual: true, new_product_id: await freeForIndividuals() });
    expect((await portal(ctx, family.token, 'GET', `/divisions/${league}`)).json().individual_price).toBeNull();
    const res = await portal(ctx, family.token, 'POST', '/free-agents', { league_id: league, participant_id: family.childId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ league_id: league, customer_id: family.childId, source: 'online' });
    const again = await portal(ctx, family.token, 'POST', '/free-agents', { league_id: league, participant_id: family.childId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PORTAL_TEAM_MESSAGES.alreadyFreeAgent);
    expect((await portal(ctx, other.token, 'POST', '/free-agents', { league_id: league, participant_id: family.childId })).statusCode).toBe(404);
    const listed = await ctx.api(admin, 'GET', `/league/${league}/free_agents`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ customer_id: family.childId, source: 'online', team_id: null, customer: expect.objectContaining({ ID: family.childId }) })]);
    const manager2 = await ctx.login('manager2@touchline.test');
    expect((await ctx.api(manager2, 'GET', `/league/${league}/free_agents`)).statusCode).toBe(404);
  });

  it('refuses a free registration where the division charges for it (the paid hold is the way), and writes nothing', async () => {
    const league = await division({ enable_individual: true });
    expect((await portal(ctx, family.token, 'GET', `/divisions/${league}`)).json().individual_price).toBe(120);
    const res = await portal(ctx, family.token, 'POST', '/free-agents', { league_id: league, participant_id: family.childId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PORTAL_TEAM_MESSAGES.individualPaid);
    expect(await ctx.database.db.$count(freeAgents, eq(freeAgents.league_id, league))).toBe(0);
  });

  it('refuses a division without individual registration', async () => {
    const league = await division();
    const res = await portal(ctx, family.token, 'POST', '/free-agents', { league_id: league, participant_id: family.childId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PORTAL_TEAM_MESSAGES.noIndividual);
    expect(await ctx.database.db.$count(freeAgents, eq(freeAgents.league_id, league))).toBe(0);
  });
});

describe('the sibling discount', () => {
  it('is set by admins and managers of the facility (404 for another facility\'s manager)', async () => {
    expect((await ctx.api(admin, 'GET', '/facility/2/sibling_discount')).json()).toEqual({ facility_id: 2, enabled: false, second_percent: 0, later_percent: 0 });
    const manager2 = await ctx.login('manager2@touchline.test');
    expect((await ctx.api(manager2, 'PUT', '/facility/1/sibling_discount', { enabled: true, second_percent: 10, later_percent: 20 })).statusCode).toBe(404);
    const mod = await ctx.login('mod@touchline.test');
    expect((await ctx.api(mod, 'PUT', '/facility/1/sibling_discount', { enabled: true, second_percent: 10, later_percent: 20 })).statusCode).toBe(403);
    expect((await ctx.api(admin, 'PUT', '/facility/1/sibling_discount', { enabled: true, second_percent: 101, later_percent: 20 })).statusCode).toBe(400);
    const set = await ctx.api(manager2, 'PUT', '/facility/2/sibling_discount', { enabled: true, second_percent: 5, later_percent: 7.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ facility_id: 2, enabled: true, second_percent: 5, later_percent: 7.5 });
  });

  it('takes 10 % off the second child and 20 % off the third registered for a class, saying why, taxes as before', async () => {
    expect((await ctx.api(admin, 'PUT', '/facility/1/sibling_discount', { enabled: true, second_percent: 10, later_percent: 20 })).statusCode).toBe(200);
    const cls = await createClass(ctx, admin);
    const { parent, child } = await classFamily(ctx.database.db);
    const second = await insertCustomer(ctx.database.db, { facility_id: 1, is_kid: true, email: `${parent.email}##2`, birthdate: Date.UTC(2018, 1, 1) / 1000 });
    const third = await insertCustomer(ctx.database.db, { facility_id: 1, is_kid: true, email: `${parent.email}##3`, birthdate: Date.UTC(2017, 1, 1) / 1000 });
    for (const kid of [second, third]) expect((await ctx.api(admin, 'POST', '/family', { parent_id: parent.ID, child_id: kid.ID })).statusCode).toBeLessThan(300);
    const invoiceIds: number[] = [];
    for (const kid of [child, second, third]) {
      const res = await ctx.api(admin, 'POST', '/class/registration', registration(cls.ID, kid.ID, 240));
      expect(res.statusCode, res.body).toBe(201);
      invoiceIds.push(res.json().invoice_id);
    }
    const discountOf = async (id: number) => ctx.database.db.select({ amount: discountApplications.amount, comment: discountApplications.comment })
      .from(discountApplications).where(eq(discountApplications.invoice_id, id));
    expect(await discountOf(invoiceIds[0])).toEqual([]);
    expect(await discountOf(invoiceIds[1])).toEqual([{ amount: 2400, comment: 'Sibling discount: 2nd child −10%' }]);
    expect(await discountOf(invoiceIds[2])).toEqual([{ amount: 4800, comment: 'Sibling discount: 3rd child −20%' }]);
    const first = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoiceIds[0]));
    const discounted = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, invoiceIds[1]));
    expect(discounted[0].amount_taxes).toBe(first[0].amount_taxes);
    const view = (await ctx.api(admin, 'GET', `/invoice/${invoiceIds[1]}`)).json();
    expect(JSON.stringify(view)).toContain('Sibling discount: 2nd child −10%');

    // Another family's child in the same class is their family's first.
    const stranger = await classFamily(ctx.database.db);
    const theirs = (await ctx.api(admin, 'POST', '/class/registration', registration(cls.ID, stranger.child.ID, 240))).json();
    expect(await discountOf(theirs.invoice_id)).toEqual([]);
    // Off: nothing more.
    await ctx.api(admin, 'PUT', '/facility/1/sibling_discount', { enabled: false, second_percent: 10, later_percent: 20 });
    const fourth = await insertCustomer(ctx.database.db, { facility_id: 1, is_kid: true, email: `${parent.email}##4`, birthdate: Date.UTC(2016, 1, 1) / 1000 });
    await ctx.api(admin, 'POST', '/family', { parent_id: parent.ID, child_id: fourth.ID });
    const off = (await ctx.api(admin, 'POST', '/class/registration', registration(cls.ID, fourth.ID, 240))).json();
    expect(await discountOf(off.invoice_id)).toEqual([]);
  });
});
