import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { PORTAL_TEAM_MESSAGES } from '../../core/api/portalTeams';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import { jobs, pickupPlayers, portalHolds, portalWaitlists, teamSignups } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { mailTo, portal, signedInFamily, type PortalFamily } from './support/portal';
import { brooklyn, expireNow, ownField, pickupSession } from './support/portalHolds';
import { onlineDivision } from './support/portalTeams';

// The waitlists beyond classes (issue 44 item 5), on both databases: a full pickup game's and a full
// division's team places. A full game's hold and a full division's team registration answer 409 with
// the waitlist; the offerings show it open; joining answers the position (refused when not full, twice,
// already playing or holding, for another family's member, another session's game); a freed place is
// offered to the first in line by mail (a pickup hold marked as an offer; a division's place kept for
// the captain), taken by paying or registering, rolled to the next by the durable job when unanswered;
// staff see the queues and remove an entry (its offer going to the next).

let ctx: TestContext;
let admin: string;
const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');
const DAY = 86_400;
let serial = 0;
const key = () => `waitlists-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

const families = (n: number) => Promise.all(Array.from({ length: n }, () => signedInFamily(ctx, admin)));
const hold = (f: PortalFamily, id: number, event_id: number) => portal(ctx, f.token, 'POST', '/holds', { offering: { type: 'pickup', id }, participant_ids: [f.childId], event_id });
const waitGame = (f: PortalFamily, id: number, event_id?: number, participant_id = f.childId) =>
  portal(ctx, f.token, 'POST', '/waitlist', { offering: { type: 'pickup', id }, participant_id, ...(event_id && { event_id }) });
const offerings = async (f: PortalFamily) => (await portal(ctx, f.token, 'GET', '/offerings?facility_id=1')).json() as Array<Record<string, any>>;
const liveOffers = (where: ReturnType<typeof eq>) => ctx.database.db.select().from(portalHolds).where(and(where, eq(portalHolds.status, 'held'), sql`${portalHolds.queue_id} is not null`));

describe('a pickup game\'s waitlist', () => {
  it('a full game answers the hold\'s 409 with its waitlist and shows it open; joining answers the position; refusals', async () => {
    const [a, b, c, d] = await families(4);
    const s = await pickupSession(ctx, admin, await ownField(ctx, 1), [brooklyn(10, 20), brooklyn(11, 20)]);
    expect((await hold(a, s.ID, s.games[0])).statusCode).toBe(201);
    const full = await hold(b, s.ID, s.games[0]);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: OFFERING_MESSAGES.full, waitlist: { open: true, offering: { type: 'pickup', id: s.ID }, event_id: s.games[0], waiting: 0 } });
    const slots = (await offerings(b)).find((o) => o.type === 'pickup' && o.ID === s.ID)!.slots;
    expect(slots.map((g: { seats_left: number; waitlist_open: boolean }) => [g.seats_left, g.waitlist_open])).toEqual([[0, true], [1, false]]);

    const notFull = await waitGame(b, s.ID, s.games[1]);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json().message).toBe(OFFERING_MESSAGES.notFull);
    const first = await waitGame(b, s.ID, s.games[0]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ offering: { type: 'pickup', id: s.ID }, customer_id: b.childId, event_id: s.games[0], position: 1 });
    expect((await waitGame(c, s.ID, s.games[0])).json().position).toBe(2);
    const twice = await waitGame(b, s.ID, s.games[0]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(OFFERING_MESSAGES.alreadyWaiting);
    const holding = await waitGame(a, s.ID, s.games[0]);
    expect(holding.statusCode).toBe(409);
    expect(holding.json().message).toBe(OFFERING_MESSAGES.alreadyHeld);
    const noGame = await waitGame(d, s.ID);
    expect(noGame.statusCode).toBe(400);
    expect(noGame.json().message).toBe(OFFERING_MESSAGES.slotNeeded);
    const other = await pickupSession(ctx, admin, await ownField(ctx, 1), [brooklyn(10, 20)]);
    expect((await waitGame(d, s.ID, other.games[0])).statusCode).toBe(404);
    expect((await waitGame(d, 999_999, s.games[0])).statusCode).toBe(404);
    expect((await waitGame(d, s.ID, s.games[0], a.childId)).statusCode).toBe(404);
    const rental = await portal(ctx, d.token, 'POST', '/waitlist', { offering: { type: 'rental', id: 1 }, participant_id: d.childId });
    expect(rental.statusCode).toBe(400);
    expect(rental.json().message).toBe(OFFERING_MESSAGES.noWaitlist);
    // No capacity, no waitlist.
    const open = await pickupSession(ctx, admin, await ownField(ctx, 0), [brooklyn(10, 20)]);
    expect((await waitGame(d, open.ID, open.games[0])).json().message).toBe(OFFERING_MESSAGES.notFull);

    // Staff see the game's queue, first in line first, marked online.
    const page = (await ctx.api(admin, 'GET', `/pickup/${s.ID}`)).json();
    expect(page.events[0].waitlist.map((w: { customer: { ID: number }; source: string; offered_until: null }) => [w.customer.ID, w.source, w.offered_until]))
      .toEqual([[b.childId, 'online', null], [c.childId, 'online', null]]);
    expect(page.events[0].waitlist[0].CreatedAt).toBeGreaterThan(nowSeconds() - 60);
    expect(page.events[1].waitlist).toEqual([]);
  });

  it('a freed place is offered to the first in line by mail as a hold; unanswered it rolls to the next; the next takes it by paying', async () => {
    const [a, b, c] = await families(3);
    const s = await pickupSession(ctx, admin, await ownField(ctx, 1), [brooklyn(10, 20)]);
    const made = (await hold(a, s.ID, s.games[0])).json();
    const bEntry = (await waitGame(b, s.ID, s.games[0])).json();
    const cEntry = (await waitGame(c, s.ID, s.games[0])).json();

    // A's hold expires: its place is offered to B, held 24 hours (the game is 10 days away).
    const mails = ctx.outbox.length;
    await expireNow(ctx, made.ID);
    const [offer] = await liveOffers(eq(portalHolds.event_id, s.games[0]));
    expect(offer).toMatchObject({ customer_id: b.holderId, participant_ids: [b.childId], queue_id: bEntry.ID, offering_type: 'pickup', pickup_session_id: s.ID });
    expect(offer.expires_at - nowSeconds()).toBeGreaterThan(DAY - 60);
    expect(offer.expires_at - nowSeconds()).toBeLessThanOrEqual(DAY);
    expect(await mailTo(ctx, b.email, mails)).toContain(`/my/holds/${offer.ID}`);
    expect((await portal(ctx, b.token, 'GET', `/holds/${offer.ID}`)).json()).toMatchObject({ is_offer: true, status: 'held', offering: { type: 'pickup', id: s.ID } });
    expect((await portal(ctx, c.token, 'GET', `/holds/${offer.ID}`)).statusCode).toBe(404);
    // The offer keeps the place: no one else holds it.
    const [stranger] = await families(1);
    expect((await hold(stranger, s.ID, s.games[0])).statusCode).toBe(409);
    expect((await ctx.api(admin, 'GET', `/pickup/${s.ID}`)).json().events[0].waitlist[0].offered_until).toBe(offer.expires_at);

    // Unanswered: B leaves the queue and C is offered the place.
    await expireNow(ctx, offer.ID);
    const [rolled] = await liveOffers(eq(portalHolds.event_id, s.games[0]));
    expect(rolled).toMatchObject({ customer_id: c.holderId, queue_id: cEntry.ID });
    expect((await ctx.database.db.select().from(portalWaitlists).where(eq(portalWaitlists.event_id, s.games[0]))).map((w) => w.customer_id)).toEqual([c.childId]);

    // C takes it: a pickup player, and the queue is empty.
    const paid = await portal(ctx, c.token, 'POST', `/holds/${rolled.ID}/checkout`, { idempotency_key: key(), source_id: VISA });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await ctx.database.db.select().from(pickupPlayers).where(eq(pickupPlayers.event_id, s.games[0]))).map((p) => [p.customer_id, p.source])).toEqual([[c.childId, 'online']]);
    expect(await ctx.database.db.select().from(portalWaitlists).where(eq(portalWaitlists.event_id, s.games[0]))).toEqual([]);
  });

  it('staff remove an entry: its offer goes to the next in line; another facility\'s staff get 404', async () => {
    const [a, b, c] = await families(3);
    const s = await pickupSession(ctx, admin, await ownField(ctx, 1), [brooklyn(10, 20)]);
    const made = (await hold(a, s.ID, s.games[0])).json();
    const bEntry = (await waitGame(b, s.ID, s.games[0])).json();
    const cEntry = (await waitGame(c, s.ID, s.games[0])).json();
    await expireNow(ctx, made.ID);
    const [offer] = await liveOffers(eq(portalHolds.event_id, s.games[0]));
    expect(offer.queue_id).toBe(bEntry.ID);
    const elsewhere = await ctx.login('manager2@touchline.test');
    expect((await ctx.api(elsewhere, 'DELETE', `/pickup/waitlist/${bEntry.ID}`)).statusCode).toBe(404);
    const removed = await ctx.api(admin, 'DELETE', `/pickup/waitlist/${bEntry.ID}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ ID: bEntry.ID, customer: { ID: b.childId }, source: 'online' });
    const [[gone], [next]] = [await ctx.database.db.select().from(portalHolds).where(eq(portalHolds.ID, offer.ID)), await liveOffers(eq(portalHolds.event_id, s.games[0]))];
    expect(gone.status).toBe('released');
    expect(next).toMatchObject({ customer_id: c.holderId, queue_id: cEntry.ID });
    expect((await ctx.api(admin, 'DELETE', `/pickup/waitlist/${bEntry.ID}`)).statusCode).toBe(404);
  });
});

/** Runs a division offer's expiry job now, as if its time had come, and waits until its entry is gone. */
async function expireTeamOffer(entryId: number) {
  const db = ctx.database.db;
  await db.update(portalWaitlists).set({ offered_until: nowSeconds() - 1 }).where(eq(portalWaitlists.ID, entryId));
  await db.update(jobs).set({ run_at: sql`now()` }).where(and(eq(jobs.kind, 'portal.team_offer_expiry'), sql`${jobs.payload}->>'entry' = ${String(entryId)}`, sql`${jobs.done_at} is null`));
  ctx.app.jobs.wake();
  const end = Date.now() + 10_000;
  while ((await db.select().from(portalWaitlists).where(eq(portalWaitlists.ID, entryId))).length) {
    if (Date.now() > end) throw new Error(`entry ${entryId} still waiting`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a division\'s team places', () => {
  const register = (f: PortalFamily, league_id: number, name: string) => portal(ctx, f.token, 'POST', '/teams', { league_id, name, idempotency_key: key(), source_id: VISA });
  const waitDivision = (f: PortalFamily, id: number, team_name?: string, participant_id = f.holderId) =>
    portal(ctx, f.token, 'POST', '/waitlist', { offering: { type: 'league', id }, participant_id, ...(team_name && { team_name }) });
  const teamEntry = async (f: PortalFamily, id: number) => (await offerings(f)).find((o) => o.ID === id && o.registration === 'team')!;

  it('a full division answers 409 with its waitlist and shows it open; a captain joins with the team\'s name; refusals', async () => {
    const [a, b, c] = await families(3);
    const league = (await onlineDivision(ctx, admin, { max_teams: 1 })).ID;
    expect((await register(a, league, 'Alphas')).statusCode).toBe(201);
    const full = await register(b, league, 'Betas');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: OFFERING_MESSAGES.divisionFull, waitlist: { open: true, offering: { type: 'league', id: league }, waiting: 0 } });
    expect(await teamEntry(b, league)).toMatchObject({ seats_left: 0, waitlist_open: true });
    expect((await portal(ctx, b.token, 'GET', `/divisions/${league}`)).json().waitlist_open).toBe(true);

    const unnamed = await waitDivision(b, league);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(OFFERING_MESSAGES.teamNameNeeded);
    const first = await waitDivision(b, league, 'Betas');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ offering: { type: 'league', id: league }, customer_id: b.holderId, team_name: 'Betas', position: 1 });
    expect((await waitDivision(c, league, 'Gammas')).json().position).toBe(2);
    const twice = await waitDivision(b, league, 'Betas again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(OFFERING_MESSAGES.alreadyWaiting);
    const roomy = (await onlineDivision(ctx, admin, { max_teams: 3 })).ID;
    expect((await waitDivision(b, roomy, 'Betas')).json().message).toBe(OFFERING_MESSAGES.notFull);
    expect((await waitDivision(b, league, 'Betas', c.holderId)).statusCode).toBe(404);
    expect((await waitDivision(b, 999_999, 'Betas')).statusCode).toBe(404);
    const individual = (await onlineDivision(ctx, admin, { max_teams: 1, enable_team: false, enable_individual: true })).ID;
    expect((await waitDivision(b, individual, 'Betas')).json().message).toBe(PORTAL_TEAM_MESSAGES.noTeams);

    // Staff see the waiting teams, first in line first; another facility's staff do not.
    const staff = await ctx.api(admin, 'GET', `/league/${league}/waitlist`);
    expect(staff.json().map((w: { team_name: string; source: string; customer: { ID: number } }) => [w.team_name, w.customer.ID, w.source]))
      .toEqual([['Betas', b.holderId, 'online'], ['Gammas', c.holderId, 'online']]);
    const elsewhere = await ctx.login('manager2@touchline.test');
    expect((await ctx.api(elsewhere, 'GET', `/league/${league}/waitlist`)).statusCode).toBe(404);
    expect((await ctx.api(elsewhere, 'DELETE', `/league/waitlist/${first.json().ID}`)).statusCode).toBe(404);
  });

  it('a freed place is kept for the first captain by mail; others are refused while it lives; unanswered it rolls on; registering takes it', async () => {
    const [b, c, d] = await families(3);
    const league = (await onlineDivision(ctx, admin, { max_teams: 1 })).ID;
    const staffTeam = await ctx.api(admin, 'POST', '/team/signup', { league_id: league, name: `Desk ${Date.now()}`, fee: 1200 });
    expect(staffTeam.statusCode, staffTeam.body).toBe(201);
    const bEntry = (await waitDivision(b, league, 'Betas')).json();
    const cEntry = (await waitDivision(c, league, 'Gammas')).json();

    // Staff remove the sign-up: B's team is offered the place for 24 hours (the division starts in 10 days).
    const mails = ctx.outbox.length;
    expect((await ctx.api(admin, 'DELETE', `/team/signup/${staffTeam.json().ID}`)).statusCode).toBe(200);
    const [offered] = await ctx.database.db.select().from(portalWaitlists).where(eq(portalWaitlists.ID, bEntry.ID));
    expect(offered.offered_until! - nowSeconds()).toBeGreaterThan(DAY - 60);
    expect(offered.offered_until! - nowSeconds()).toBeLessThanOrEqual(DAY);
    const text = await mailTo(ctx, b.email, mails);
    expect(text).toContain('Betas');
    expect(text).toContain(`/my/divisions/${league}`);
    // Kept for B: others are refused, at the desk too; B sees a place.
    expect((await register(d, league, 'Deltas')).json().message).toBe(OFFERING_MESSAGES.divisionFull);
    expect((await ctx.api(admin, 'POST', '/team/signup', { league_id: league, name: 'Walk-ins', fee: 1200 })).json().message).toBe(LEAGUE_MESSAGES.maxTeams);
    expect(await teamEntry(d, league)).toMatchObject({ seats_left: 0, waitlist_open: true });
    expect((await portal(ctx, b.token, 'GET', `/divisions/${league}`)).json().waitlist_open).toBe(false);
    expect((await ctx.api(admin, 'GET', `/league/${league}/waitlist`)).json()[0].offered_until).toBe(offered.offered_until);

    // Unanswered: B leaves the queue and C's team is offered the place.
    await expireTeamOffer(bEntry.ID);
    const [rolled] = await ctx.database.db.select().from(portalWaitlists).where(eq(portalWaitlists.ID, cEntry.ID));
    expect(rolled.offered_until).toBeGreaterThan(nowSeconds());
    expect((await register(b, league, 'Betas')).statusCode).toBe(409);

    // C registers the team: it takes the place and leaves the queue.
    const made = await register(c, league, 'Gammas');
    expect(made.statusCode, made.body).toBe(201);
    expect(await ctx.database.db.$count(teamSignups, eq(teamSignups.league_id, league))).toBe(1);
    expect(await ctx.database.db.select().from(portalWaitlists).where(eq(portalWaitlists.league_id, league))).toEqual([]);
  });

  it('raising max_teams offers the new places; staff removing an entry with an offer passes it on', async () => {
    const [a, b, c] = await families(3);
    const league = (await onlineDivision(ctx, admin, { max_teams: 1 })).ID;
    expect((await register(a, league, 'Alphas')).statusCode).toBe(201);
    const bEntry = (await waitDivision(b, league, 'Betas')).json();
    const cEntry = (await waitDivision(c, league, 'Gammas')).json();
    expect((await ctx.api(admin, 'PUT', `/league/${league}`, { max_teams: 2 })).statusCode).toBe(200);
    const offers = async () => (await ctx.api(admin, 'GET', `/league/${league}/waitlist`)).json().map((w: { ID: number; offered_until: number | null }) => [w.ID, w.offered_until !== null]);
    expect(await offers()).toEqual([[bEntry.ID, true], [cEntry.ID, false]]);
    const removed = await ctx.api(admin, 'DELETE', `/league/waitlist/${bEntry.ID}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ ID: bEntry.ID, team_name: 'Betas' });
    expect(await offers()).toEqual([[cEntry.ID, true]]);
  });

  it('a registration whose card is declined frees its place: the captain waiting is offered it', async () => {
    const [a, b] = await families(2);
    const league = (await onlineDivision(ctx, admin, { max_teams: 1 })).ID;
    // B waits (it joined while the division was full, the team then in it since gone): written as such.
    const [entry] = await ctx.database.db.insert(portalWaitlists).values({
      facility_id: 1, offering_type: 'league', league_id: league, customer_id: b.holderId, holder_id: b.holderId, team_name: 'Betas',
    }).returning();
    const declined = await portal(ctx, a.token, 'POST', '/teams', { league_id: league, name: 'Alphas', idempotency_key: key(), source_id: DECLINED });
    expect(declined.statusCode).toBe(402);
    const [offered] = await ctx.database.db.select().from(portalWaitlists).where(eq(portalWaitlists.ID, entry.ID));
    expect(offered.offered_until).toBeGreaterThan(nowSeconds());
    expect(await ctx.database.db.$count(teamSignups, eq(teamSignups.league_id, league))).toBe(0);
    expect((await register(a, league, 'Alphas')).json().message).toBe(OFFERING_MESSAGES.divisionFull);
    expect((await register(b, league, 'Betas')).statusCode).toBe(201);
  });
});
