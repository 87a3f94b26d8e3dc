import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/api';
import { endpointKey, type EndpointDefinition } from '../../core/api/endpoint';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { attendees, childDataConsents, customers, freeAgents, payments, players, portalHolds, portalPasswords, waitlists, waiverSignatures } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createClass } from './support/classes';
import { createTestContext, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { familyWeek } from './support/portalSchedule';

// Only your own family (issue 43 §7): two families signed in; every portal call made by one with the
// other's ids answers 404 or leaves the other's records out. Every declared portal call has its probe
// here, so a new call without one fails this file.

let ctx: TestContext;
let a: PortalFamily;
let b: PortalFamily;
let bInvoice: number;
let bWeek: Awaited<ReturnType<typeof familyWeek>>;
let bClass: number;
let bHold: { ID: number; expires_at: number };
/** A division open online, B's team in it (B its captain) and the team's invite link's secret. */
let league: number;
let bTeam: number;
let bInvite: string;
const start = (Math.floor(Date.now() / 86_400_000) + 1) * 86400;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await ctx.login('admin@touchline.test');
  a = await signedInFamily(ctx, admin);
  b = await signedInFamily(ctx, admin);
  await familyWeek(ctx.database.db, a.holderId, a.childId, start);
  bWeek = await familyWeek(ctx.database.db, b.holderId, b.childId, start);
  const res = await ctx.api(admin, 'POST', '/invoice', { facility_id: 1, customer_id: b.childId, invoice_items: [{ price: 25, amount_taxes: 0, amount_fees: 0 }] });
  bInvoice = res.json().ID;
  await ctx.api(admin, 'POST', '/facility/1/waiver', { text: 'Isolation waiver' });
  bClass = (await createClass(ctx, admin, { name: 'Isolation Skills', new_product_id: PRODUCT.CAMP, max_kids: 5 })).ID;
  bHold = (await portal(ctx, b.token, 'POST', '/holds', { offering: { type: 'class', id: bClass }, participant_ids: [b.childId] })).json();
  const now = nowSeconds();
  league = (await ctx.api(admin, 'POST', '/league', {
    name: 'Isolation League', description: 'Open online', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    start_date: now + 10 * 86400, end_date: now + 90 * 86400, registration_start_date: now - 86400, registration_end_date: now + 9 * 86400,
    available_online: true, enable_individual: true, max_teams: 6,
  })).json().ID;
  const team = (await portal(ctx, b.token, 'POST', '/teams', { league_id: league, name: 'B United', idempotency_key: 'isolation-b-team', source_id: simulatorToken('4111111111111111') })).json().team;
  bTeam = team.ID;
  bInvite = team.invite_url.split('/').at(-1);
});

/** B's hold as it was made: not extended, not checked out, nobody of B's registered by A. */
async function bHoldUntouched() {
  const [row] = await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.ID, bHold.ID));
  expect(row).toMatchObject({ status: 'held', extended: false, expires_at: bHold.expires_at, checkout_key: null });
  expect(await ctx.database.db.select().from(attendees).where(eq(attendees.class_id, bClass))).toEqual([]);
}
afterAll(async () => { await ctx?.close(); });

/** B's people and B's events (their schedule uids' IDs). */
const bPeople = () => [b.holderId, b.childId];
const bEvents = () => [bWeek.booking, bWeek.game, bWeek.session, bWeek.campDay, bWeek.pickup];

/** The people of a GET /portal/me answer that are B's. */
const peopleOfB = (me: { holder: { ID: number }; children: Array<{ ID: number }>; memberships: Array<{ customer_id: number }>; waivers: Array<{ customer_id: number }> }) =>
  [me.holder.ID, ...me.children.map((c) => c.ID), ...me.memberships.map((m) => m.customer_id), ...me.waivers.map((w) => w.customer_id)].filter((id) => bPeople().includes(id));

/** One probe per portal call: A calls with B's ids (where the call takes any) and the answer is checked. */
const PROBES: Record<string, () => Promise<void>> = {
  'POST /api/portal/login': async () => {
    // Asking a link for B's address mails B, never answers A anything of B's.
    const res = await ctx.app.inject({ method: 'POST', url: '/api/portal/login', headers: { authorization: `Bearer ${a.token}` }, payload: { email: b.email } });
    expect(res.statusCode).toBe(202);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(ctx.outbox.at(-1)!.to).toBe(b.email);
  },
  'POST /api/portal/session': async () => {
    const res = await portal(ctx, a.token, 'POST', '/session', { token: b.token });
    expect(res.statusCode).toBe(401);
  },
  'POST /api/portal/logout': async () => {
    // A's sign-out ends A's session only: B's still works.
    const { token } = await signedInFamily(ctx, await ctx.login('admin@touchline.test'));
    expect((await portal(ctx, token, 'POST', '/logout')).statusCode).toBe(204);
    expect((await portal(ctx, b.token, 'GET', '/me')).statusCode).toBe(200);
  },
  'POST /api/portal/login/password': async () => {
    // B's password opens B's account only; A's session in the header changes nothing, a guess opens nothing.
    expect((await portal(ctx, b.token, 'POST', '/password', { password: 'b family secret' })).statusCode).toBe(204);
    const guess = await ctx.app.inject({ method: 'POST', url: '/api/portal/login/password', headers: { authorization: `Bearer ${a.token}` }, payload: { email: b.email, password: 'a family guess' } });
    expect(guess.statusCode).toBe(401);
    const own = await ctx.app.inject({ method: 'POST', url: '/api/portal/login/password', payload: { email: b.email, password: 'b family secret' } });
    expect(own.json().customer.ID).toBe(b.holderId);
  },
  'POST /api/portal/password': async () => {
    const before = await ctx.database.db.select().from(portalPasswords).where(eq(portalPasswords.customer_id, b.holderId));
    expect((await portal(ctx, a.token, 'POST', '/password', { password: 'a family secret' })).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(portalPasswords).where(eq(portalPasswords.customer_id, b.holderId))).toEqual(before);
  },
  'PUT /api/portal/consent': async () => {
    const res = await portal(ctx, a.token, 'PUT', '/consent', { given: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().holder.ID).toBe(a.holderId);
    expect(await ctx.database.db.select().from(childDataConsents).where(eq(childDataConsents.customer_id, b.holderId))).toEqual([]);
  },
  'GET /api/portal/me': async () => {
    const res = await portal(ctx, a.token, 'GET', '/me');
    expect(res.statusCode).toBe(200);
    expect(res.json().holder.ID).toBe(a.holderId);
    expect(peopleOfB(res.json())).toEqual([]);
  },
  'PUT /api/portal/me': async () => {
    const res = await portal(ctx, a.token, 'PUT', '/me', { address: '2 Isolation Rd' });
    expect(res.statusCode).toBe(200);
    expect(peopleOfB(res.json())).toEqual([]);
    const [bRow] = await ctx.database.db.select().from(customers).where(eq(customers.ID, b.holderId));
    expect(bRow.address).not.toBe('2 Isolation Rd');
  },
  'POST /api/portal/children': async () => {
    const res = await portal(ctx, a.token, 'POST', '/children', { first_name: 'Iso', last_name: 'Kid', birth_date: '2017-01-02', gender: 'Boy' });
    expect(res.statusCode).toBe(201);
    const bMe = (await portal(ctx, b.token, 'GET', '/me')).json();
    expect(bMe.children.map((c: { ID: number }) => c.ID)).toEqual([b.childId]);
  },
  'GET /api/portal/schedule': async () => {
    const res = await portal(ctx, a.token, 'GET', `/schedule?from=${start}&to=${start + 7 * 86400}`);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<{ uid: string; customer_ids: number[] }>;
    expect(items).toHaveLength(5);
    expect(items.filter((i) => bEvents().includes(Number(i.uid.split('-')[1])) || i.customer_ids.some((id) => bPeople().includes(id)))).toEqual([]);
  },
  'GET /api/portal/calendar': async () => {
    const url = (await portal(ctx, a.token, 'GET', '/calendar')).json().url as string;
    expect(url).toContain(`/${a.holderId}-`);
  },
  'POST /api/portal/calendar/rotate': async () => {
    const bUrl = (await portal(ctx, b.token, 'GET', '/calendar')).json().url as string;
    await portal(ctx, a.token, 'POST', '/calendar/rotate');
    expect((await ctx.app.inject({ method: 'GET', url: new URL(bUrl).pathname })).statusCode).toBe(200);
  },
  'GET /api/portal/calendar/{secret}/family.ics': async () => {
    const aUrl = (await portal(ctx, a.token, 'GET', '/calendar')).json().url as string;
    const forged = new URL(aUrl).pathname.replace(`/${a.holderId}-`, `/${b.holderId}-`);
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const own = await ctx.app.inject({ method: 'GET', url: new URL(aUrl).pathname });
    for (const id of bEvents()) expect(own.body).not.toMatch(new RegExp(`UID:[a-z]+-${id}@`));
  },
  'GET /api/portal/invoices': async () => {
    const res = await portal(ctx, a.token, 'GET', '/invoices');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { ID: number }) => i.ID)).not.toContain(bInvoice);
  },
  'GET /api/portal/invoices/{id}': async () => {
    expect((await portal(ctx, a.token, 'GET', `/invoices/${bInvoice}`)).statusCode).toBe(404);
    expect((await portal(ctx, b.token, 'GET', `/invoices/${bInvoice}`)).statusCode).toBe(200);
  },
  'GET /api/portal/card': async () => {
    // The facility network's Square configuration, the same for every family: nothing of B's in it.
    const res = await portal(ctx, a.token, 'GET', '/card');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['application_id', 'location_id', 'mode']);
  },
  'POST /api/portal/invoices/{id}/pay': async () => {
    const res = await portal(ctx, a.token, 'POST', `/invoices/${bInvoice}/pay`, { idempotency_key: 'isolation-0001', source_id: simulatorToken('4111111111111111'), amount: 1 });
    expect(res.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, bInvoice))).toEqual([]);
  },
  'GET /api/portal/waivers': async () => {
    const res = await portal(ctx, a.token, 'GET', '/waivers');
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((w: { customer_id: number }) => w.customer_id);
    expect(ids).toContain(a.childId);
    expect(ids.filter((id: number) => bPeople().includes(id))).toEqual([]);
  },
  'POST /api/portal/waivers/sign': async () => {
    const [w] = (await portal(ctx, b.token, 'GET', '/waivers')).json();
    for (const customer_id of bPeople()) {
      const res = await portal(ctx, a.token, 'POST', '/waivers/sign', { customer_id, version_id: w.version.ID, full_name: 'Iso Parent', consent: true });
      expect(res.statusCode).toBe(404);
    }
    expect(await ctx.database.db.select().from(waiverSignatures).where(eq(waiverSignatures.customer_id, b.childId))).toEqual([]);
  },
  'GET /api/portal/offerings': async () => {
    const res = await portal(ctx, a.token, 'GET', '/offerings?facility_id=1');
    expect(res.statusCode).toBe(200);
    const offered = res.json().find((o: { ID: number; type: string }) => o.ID === bClass && o.type === 'class');
    const members = offered.eligibility.map((e: { customer_id: number }) => e.customer_id);
    expect(members.slice(0, 2)).toEqual([a.holderId, a.childId]);
    expect(members.filter((id: number) => bPeople().includes(id))).toEqual([]);
  },
  'POST /api/portal/holds': async () => {
    const res = await portal(ctx, a.token, 'POST', '/holds', { offering: { type: 'class', id: bClass }, participant_ids: [b.childId] });
    expect(res.statusCode).toBe(404);
    expect((await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.class_id, bClass))).map((h) => h.customer_id)).toEqual([b.holderId]);
  },
  'GET /api/portal/holds/{id}': async () => {
    expect((await portal(ctx, a.token, 'GET', `/holds/${bHold.ID}`)).statusCode).toBe(404);
    expect((await portal(ctx, b.token, 'GET', `/holds/${bHold.ID}`)).statusCode).toBe(200);
  },
  'POST /api/portal/holds/{id}/extend': async () => {
    expect((await portal(ctx, a.token, 'POST', `/holds/${bHold.ID}/extend`)).statusCode).toBe(404);
    await bHoldUntouched();
  },
  'POST /api/portal/holds/{id}/checkout': async () => {
    const res = await portal(ctx, a.token, 'POST', `/holds/${bHold.ID}/checkout`, { idempotency_key: 'isolation-hold-0001', source_id: simulatorToken('4111111111111111') });
    expect(res.statusCode).toBe(404);
    await bHoldUntouched();
  },
  'POST /api/portal/waitlist': async () => {
    const res = await portal(ctx, a.token, 'POST', '/waitlist', { offering: { type: 'class', id: bClass }, participant_id: b.childId });
    expect(res.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(waitlists).where(eq(waitlists.customer_id, b.childId))).toEqual([]);
  },
  'GET /api/portal/teams': async () => {
    const res = await portal(ctx, a.token, 'GET', '/teams');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { ID: number }) => t.ID)).not.toContain(bTeam);
  },
  'GET /api/portal/divisions/{id}': async () => {
    // A division offered online is the same for every family, but for its price to the asking holder (a
    // membership their registration adds is theirs): its teams and their people are not in it.
    const res = await portal(ctx, a.token, 'GET', `/divisions/${league}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('B United');
    expect(Object.keys(res.json()).sort()).toEqual([
      'deposit', 'deposit_due', 'early_bird', 'enable_individual', 'enable_team', 'fee', 'individual_price', 'league', 'max_players', 'membership', 'open', 'total', 'waitlist_open',
    ]);
    expect(res.json().membership?.customer_id ?? a.holderId).toBe(a.holderId);
  },
  'POST /api/portal/teams': async () => {
    // A's team is A's: B's captained teams stay B's one.
    const res = await portal(ctx, a.token, 'POST', '/teams', { league_id: league, name: 'A United', idempotency_key: 'isolation-a-team', source_id: simulatorToken('4111111111111111') });
    expect(res.statusCode).toBe(201);
    expect((await portal(ctx, b.token, 'GET', '/teams')).json().map((t: { ID: number }) => t.ID)).toEqual([bTeam]);
  },
  'POST /api/portal/teams/{id}/invite': async () => {
    expect((await portal(ctx, a.token, 'POST', `/teams/${bTeam}/invite`)).statusCode).toBe(404);
    expect((await portal(ctx, b.token, 'GET', `/join/${bInvite}`)).statusCode).toBe(200);
  },
  'DELETE /api/portal/teams/{id}/invite': async () => {
    expect((await portal(ctx, a.token, 'DELETE', `/teams/${bTeam}/invite`)).statusCode).toBe(404);
    expect((await portal(ctx, b.token, 'GET', `/join/${bInvite}`)).statusCode).toBe(200);
  },
  'GET /api/portal/join/{token}': async () => {
    // The link is B's to share: it shows the team and its captain's name, no ID of B's people; a made-up one is 404.
    const res = await portal(ctx, a.token, 'GET', `/join/${bInvite}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().captain).sort()).toEqual(['first_name', 'last_name']);
    expect(res.json().team.ID).toBe(bTeam);
    expect(res.body).not.toContain(b.email);
    expect((await portal(ctx, a.token, 'GET', `/join/${'x'.repeat(43)}`)).statusCode).toBe(404);
  },
  'POST /api/portal/join/{token}': async () => {
    for (const participant_id of bPeople()) expect((await portal(ctx, a.token, 'POST', `/join/${bInvite}`, { participant_id })).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(players).where(eq(players.team_id, bTeam))).toEqual([]);
  },
  'POST /api/portal/free-agents': async () => {
    for (const participant_id of bPeople()) expect((await portal(ctx, a.token, 'POST', '/free-agents', { league_id: league, participant_id })).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(freeAgents).where(eq(freeAgents.league_id, league))).toEqual([]);
  },
};

const portalCalls = ENDPOINTS.filter((e) => e.path.startsWith('/portal/'));

describe('two families in the portal', () => {
  it('has a probe for every portal call declared', () => {
    expect(portalCalls.length).toBeGreaterThan(10);
    expect(portalCalls.map(endpointKey).filter((key) => !PROBES[key])).toEqual([]);
  });

  it.each(portalCalls.map((e: EndpointDefinition) => [endpointKey(e)] as const))('%s: nothing of the other family', async (key) => {
    await PROBES[key]();
  });
});
