import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES } from '../../core/api/pickup';
import { simulatorToken } from '../../core/square';
import { nowSeconds } from '../../core/time';
import { changelog, events, fields, invoices, pickupPlayers, portalHolds } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { mailTo, portal, signedInFamily, type PortalFamily } from './support/portal';
import { brooklyn, ownField, pickupSession } from './support/portalHolds';

// Staff changes that free a pickup game's places (issue 44 items 5, 7), on both databases: staff remove a
// player of a coming game (DELETE /pickup/player/{id}) and the first in line is offered the place by mail
// (a hold marked as an offer), the invoice the player paid staying as it is; another facility's manager
// gets 404, a started game 409, and a refusal changes nothing. A field type's capacity raised by 2 offers
// two places of its full games; unchanged or lowered offers none, and lowered (or set where there was
// none) below what a coming game holds is refused.

let ctx: TestContext;
let admin: string;
const VISA = simulatorToken('4111 1111 1111 1111');
let serial = 0;
const key = () => `pickup-staff-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

const families = (n: number) => Promise.all(Array.from({ length: n }, () => signedInFamily(ctx, admin)));
const waitGame = (f: PortalFamily, id: number, event_id: number) =>
  portal(ctx, f.token, 'POST', '/waitlist', { offering: { type: 'pickup', id }, participant_id: f.childId, event_id });
const liveOffers = (eventId: number) => ctx.database.db.select().from(portalHolds)
  .where(and(eq(portalHolds.event_id, eventId), eq(portalHolds.status, 'held'), sql`${portalHolds.queue_id} is not null`));
const playersOf = async (eventId: number) => (await ctx.database.db.select().from(pickupPlayers).where(eq(pickupPlayers.event_id, eventId))).map((p) => p.customer_id);

/** `f`'s child plays the game: held and paid from the portal. Its pickup player row. */
async function plays(f: PortalFamily, sessionId: number, eventId: number) {
  const made = await portal(ctx, f.token, 'POST', '/holds', { offering: { type: 'pickup', id: sessionId }, participant_ids: [f.childId], event_id: eventId });
  expect(made.statusCode, made.body).toBe(201);
  const paid = await portal(ctx, f.token, 'POST', `/holds/${made.json().ID}/checkout`, { idempotency_key: key(), source_id: VISA });
  expect(paid.statusCode, paid.body).toBe(200);
  const [player] = await ctx.database.db.select().from(pickupPlayers).where(and(eq(pickupPlayers.event_id, eventId), eq(pickupPlayers.customer_id, f.childId)));
  return player;
}

describe('staff remove a pickup player', () => {
  it('frees the place: the first in line is offered it by mail; the invoice stays; the page shows it', async () => {
    const [a, b, c] = await families(3);
    const s = await pickupSession(ctx, admin, await ownField(ctx, 1), [brooklyn(10, 20)]);
    const player = await plays(a, s.ID, s.games[0]);
    const [invoiceBefore] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, player.invoice_id!));
    const bEntry = (await waitGame(b, s.ID, s.games[0])).json();
    expect((await waitGame(c, s.ID, s.games[0])).json().position).toBe(2);

    const mails = ctx.outbox.length;
    const removed = await ctx.api(admin, 'DELETE', `/pickup/player/${player.ID}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ID: player.ID, event_id: s.games[0], customer_id: a.childId, invoice_id: player.invoice_id, offered: 1 });
    expect(await playersOf(s.games[0])).toEqual([]);
    // Only the first in line is offered the one place.
    const offers = await liveOffers(s.games[0]);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ customer_id: b.holderId, participant_ids: [b.childId], queue_id: bEntry.ID, offering_type: 'pickup', pickup_session_id: s.ID });
    expect(await mailTo(ctx, b.email, mails)).toContain(`/my/holds/${offers[0].ID}`);
    expect((await portal(ctx, b.token, 'GET', `/holds/${offers[0].ID}`)).json()).toMatchObject({ is_offer: true, status: 'held' });
    // The invoice the player paid is as it was: refunds are made on it.
    expect((await ctx.database.db.select().from(invoices).where(eq(invoices.ID, player.invoice_id!)))[0]).toEqual(invoiceBefore);
    const [change] = await ctx.database.db.select().from(changelog).where(and(eq(changelog.object_type, 'pickup_player'), eq(changelog.object_id, player.ID), eq(changelog.action, 'delete')));
    expect(change.user_id).not.toBeNull();
    const page = (await ctx.api(admin, 'GET', `/pickup/${s.ID}`)).json();
    expect(page.events[0].players).toEqual([]);
    expect(page.events[0].waitlist[0]).toMatchObject({ ID: bEntry.ID, offered_until: offers[0].expires_at });
    // Gone: a second removal answers 404.
    expect((await ctx.api(admin, 'DELETE', `/pickup/player/${player.ID}`)).statusCode).toBe(404);
  });

  it('refuses another facility\'s manager (404) and a started game (409), changing nothing', async () => {
    const [a, b] = await families(2);
    const s = await pickupSession(ctx, admin, await ownField(ctx, 1), [brooklyn(10, 20)]);
    const player = await plays(a, s.ID, s.games[0]);
    await waitGame(b, s.ID, s.games[0]);
    const changes = await ctx.database.db.$count(changelog, eq(changelog.object_type, 'pickup_player'));

    const elsewhere = await ctx.login('manager2@touchline.test');
    expect((await ctx.api(elsewhere, 'DELETE', `/pickup/player/${player.ID}`)).statusCode).toBe(404);
    expect((await ctx.api(admin, 'DELETE', '/pickup/player/999999')).statusCode).toBe(404);
    const manager = await ctx.login('manager@touchline.test');
    const coach = await ctx.login('coach@touchline.test');
    expect((await ctx.api(coach, 'DELETE', `/pickup/player/${player.ID}`)).statusCode).toBe(403);

    // The game has started: its roster is history.
    await ctx.database.db.update(events).set({ start_date: nowSeconds() - 60 }).where(eq(events.ID, s.games[0]));
    const started = await ctx.api(manager, 'DELETE', `/pickup/player/${player.ID}`);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(PICKUP_MESSAGES.started);

    expect(await playersOf(s.games[0])).toEqual([a.childId]);
    expect(await liveOffers(s.games[0])).toEqual([]);
    expect(await ctx.database.db.$count(changelog, eq(changelog.object_type, 'pickup_player'))).toBe(changes);
  });
});

describe('a field type\'s capacity changed', () => {
  /** A field type with `capacity`, a session of one game on a field of it filled by `capacity` players, and `waiting` families in line. */
  async function fullGame(capacity: number, waiting: number) {
    const fieldId = await ownField(ctx, capacity);
    const [{ typeId }] = await ctx.database.db.select({ typeId: fields.new_field_type_id }).from(fields).where(eq(fields.ID, fieldId));
    const s = await pickupSession(ctx, admin, fieldId, [brooklyn(12, 20)]);
    const [players, line] = [await families(capacity), await families(waiting)];
    for (const f of players) await plays(f, s.ID, s.games[0]);
    for (const f of line) expect((await waitGame(f, s.ID, s.games[0])).statusCode).toBe(201);
    return { typeId: typeId!, s, line };
  }
  const setCapacity = (typeId: number, capacity: number) => ctx.api(admin, 'PUT', `/field-type/${typeId}`, { capacity });

  it('raised by 2: the first two in line are offered a place each, by mail', async () => {
    const { typeId, s, line } = await fullGame(1, 3);
    const mails = ctx.outbox.length;
    const raised = await setCapacity(typeId, 3);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().capacity).toBe(3);
    const offers = await liveOffers(s.games[0]);
    expect(offers.map((o) => o.participant_ids[0]).sort()).toEqual([line[0].childId, line[1].childId].sort());
    for (const o of offers) expect(await mailTo(ctx, line.find((f) => f.childId === o.participant_ids[0])!.email, mails)).toContain(`/my/holds/${o.ID}`);
  });

  it('unchanged or lowered: no offer; lowered below what a coming game holds: 409, nothing changed', async () => {
    const { typeId, s } = await fullGame(2, 1);
    expect((await ctx.api(admin, 'PUT', `/field-type/${typeId}`, { name: 'Renamed cage' })).statusCode).toBe(200);
    expect((await setCapacity(typeId, 2)).statusCode).toBe(200);
    expect(await liveOffers(s.games[0])).toEqual([]);

    const below = await setCapacity(typeId, 1);
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(PICKUP_MESSAGES.capacityBelowTaken(2, 1));
    expect((await ctx.api(admin, 'GET', `/field-type/${typeId}`)).json().capacity).toBe(2);

    // A game already played does not hold the capacity up; lowering then offers nothing.
    await ctx.database.db.update(events).set({ start_date: nowSeconds() - 60 }).where(eq(events.ID, s.games[0]));
    const lowered = await setCapacity(typeId, 1);
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().capacity).toBe(1);
    expect(await liveOffers(s.games[0])).toEqual([]);
  });

  it('a limit set where there was none is refused below a coming game\'s players; at or above them it holds; removed again, no limit', async () => {
    const fieldId = await ownField(ctx, 0);
    const [{ typeId }] = await ctx.database.db.select({ typeId: fields.new_field_type_id }).from(fields).where(eq(fields.ID, fieldId));
    const s = await pickupSession(ctx, admin, fieldId, [brooklyn(12, 20)]);
    for (const f of await families(2)) await plays(f, s.ID, s.games[0]);
    const below = await setCapacity(typeId!, 1);
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(PICKUP_MESSAGES.capacityBelowTaken(2, 1));
    expect((await setCapacity(typeId!, 2)).statusCode).toBe(200);
    const [stranger] = await families(1);
    expect((await portal(ctx, stranger.token, 'POST', '/holds', { offering: { type: 'pickup', id: s.ID }, participant_ids: [stranger.childId], event_id: s.games[0] })).statusCode).toBe(409);
    expect((await setCapacity(typeId!, 0)).statusCode).toBe(200);
    expect((await portal(ctx, stranger.token, 'POST', '/holds', { offering: { type: 'pickup', id: s.ID }, participant_ids: [stranger.childId], event_id: s.games[0] })).statusCode).toBe(201);
  });
});
