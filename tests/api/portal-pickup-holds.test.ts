import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERING_MESSAGES } from '../../core/api/portalOfferings';
import { simulatorToken } from '../../core/square';
import { invoiceItems, invoices, payments, pickupPlayers } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { brooklyn, expireNow, ownField, pickupSession } from './support/portalHolds';

// Pickup games held and paid online (issue 44 items 2–3, 7), on both databases: a hold takes places of
// one game of a session (its field type's capacity counting players and live holds), the checkout makes
// the pickup players (marked online, as the staff's pickup screen shows them) with one invoice and the
// card; a declined card keeps the hold, a retry with the key answers the first result, expiry frees it.

let ctx: TestContext;
let admin: string;
let family: PortalFamily;
let sibling: number;
const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');
let serial = 0;
const key = () => `pickup-test-${++serial}-${Date.now()}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
  sibling = (await portal(ctx, family.token, 'POST', '/children', { first_name: 'Pick', last_name: 'Up', birth_date: '2014-03-04', gender: 'Boy' })).json().ID;
});
afterAll(async () => { await ctx?.close(); });

/** A session with two games (in 3 and 4 days) on a field of its own holding `capacity` players. */
const session = async (capacity = 10) => pickupSession(ctx, admin, await ownField(ctx, capacity), [brooklyn(3, 20), brooklyn(4, 20)]);
const hold = (token: string, id: number, participant_ids: number[], event_id?: number, type = 'pickup') =>
  portal(ctx, token, 'POST', '/holds', { offering: { type, id }, participant_ids, ...(event_id && { event_id }) });
const slotsOf = async (id: number) => ((await portal(ctx, family.token, 'GET', '/offerings?facility_id=1')).json() as Array<Record<string, any>>)
  .find((o) => o.type === 'pickup' && o.ID === id)!.slots as Array<{ event_id: number; seats_left: number | null }>;
const checkout = (token: string, id: number, source_id = VISA, idempotency_key = key()) => portal(ctx, token, 'POST', `/holds/${id}/checkout`, { idempotency_key, source_id });

describe('pickup holds', () => {
  it('hold a game\'s places for 10 minutes: places left count live holds, and a full game answers 409', async () => {
    const s = await session(3);
    const res = await hold(family.token, s.ID, [family.childId, sibling], s.games[0]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ offering: { type: 'pickup', id: s.ID }, participant_ids: [family.childId, sibling], status: 'held', lines: [{ price: 15 }, { price: 15 }] });
    expect(res.json().slot).toMatchObject({ start_date: brooklyn(3, 20), end_date: brooklyn(3, 20) + 3600, time_zone: 'America/New_York' });
    expect((await slotsOf(s.ID)).map((g) => g.seats_left)).toEqual([1, 3]);
    const other = await signedInFamily(ctx, admin);
    const otherChild = (await portal(ctx, other.token, 'POST', '/children', { first_name: 'Too', last_name: 'Many', birth_date: '2014-03-04', gender: 'Girl' })).json().ID;
    const full = await hold(other.token, s.ID, [other.childId, otherChild], s.games[0]);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(OFFERING_MESSAGES.gameFull);
    expect((await hold(other.token, s.ID, [other.childId], s.games[0])).statusCode).toBe(201);
    expect((await slotsOf(s.ID))[0].seats_left).toBe(0);
  });

  it('refuses another family\'s member (404), another session\'s game (404), no game (400), a started game (409), a member held twice (409)', async () => {
    const s = await session();
    const t = await session();
    const other = await signedInFamily(ctx, admin);
    expect((await hold(family.token, s.ID, [other.childId], s.games[0])).statusCode).toBe(404);
    expect((await hold(family.token, s.ID, [family.childId], t.games[0])).statusCode).toBe(404);
    expect((await hold(family.token, 999_999, [family.childId], s.games[0])).statusCode).toBe(404);
    const none = await hold(family.token, s.ID, [family.childId]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(OFFERING_MESSAGES.slotNeeded);
    const past = await pickupSession(ctx, admin, await ownField(ctx, 10), [brooklyn(-2, 20)]);
    const started = await hold(family.token, past.ID, [family.childId], past.games[0]);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(OFFERING_MESSAGES.notOnline);
    expect((await hold(family.token, s.ID, [family.childId], s.games[1])).statusCode).toBe(201);
    const twice = await hold(family.token, s.ID, [family.childId], s.games[1]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(OFFERING_MESSAGES.alreadyHeld);
  });

  it('checkout makes the pickup players (online) with one invoice and the card; a retry answers the first result; staff see them', async () => {
    const s = await session();
    const made = (await hold(family.token, s.ID, [family.childId, sibling], s.games[0])).json();
    const idempotency_key = key();
    const res = await checkout(family.token, made.ID, VISA, idempotency_key);
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json();
    expect(paid).toMatchObject({ hold_id: made.ID, amount: made.total, balance: 0 });
    const players = await ctx.database.db.select().from(pickupPlayers).where(eq(pickupPlayers.event_id, s.games[0]));
    expect(players.map((p) => [p.customer_id, p.source, p.invoice_id]).sort()).toEqual([[family.childId, 'online', paid.invoice_id], [sibling, 'online', paid.invoice_id]].sort());
    expect(paid.registrations.map((r: { ID: number }) => r.ID).sort()).toEqual(players.map((p) => p.ID).sort());
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.ID, paid.invoice_id));
    expect(invoice).toMatchObject({ customer_id: family.holderId, facility_id: 1, product_type_id: 5 });
    const lines = await ctx.database.db.select().from(invoiceItems).where(eq(invoiceItems.invoice_id, paid.invoice_id));
    expect(lines.map((l) => [l.event_id, l.quantity, l.price])).toEqual([[s.games[0], 2, 1500]]);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, paid.invoice_id))).map((p) => p.amount)).toEqual([Math.round(made.total * 100)]);
    const again = await checkout(family.token, made.ID, VISA, idempotency_key);
    expect(again.json()).toEqual(paid);
    expect((await checkout(family.token, made.ID)).statusCode).toBe(409);
    expect((await portal(ctx, family.token, 'GET', `/holds/${made.ID}`)).json()).toMatchObject({ status: 'done', invoice_id: paid.invoice_id });
    // The staff's pickup screen, marked online; the players are no longer held twice.
    const page = (await ctx.api(admin, 'GET', `/pickup/${s.ID}`)).json();
    expect(page.events[0].players.map((p: { source: string; customer: { ID: number } }) => [p.customer.ID, p.source]).sort()).toEqual([[family.childId, 'online'], [sibling, 'online']].sort());
    expect((await slotsOf(s.ID))[0].seats_left).toBe(8);
    const playing = await hold(family.token, s.ID, [family.childId], s.games[0]);
    expect(playing.statusCode).toBe(409);
    expect(playing.json().message).toBe(OFFERING_MESSAGES.alreadyPlaying);
  });

  it('a declined card keeps the hold (402) and makes no player; another family\'s hold is 404; an expired hold frees its places', async () => {
    const s = await session(2);
    const made = (await hold(family.token, s.ID, [family.childId], s.games[0])).json();
    const other = await signedInFamily(ctx, admin);
    expect((await checkout(other.token, made.ID)).statusCode).toBe(404);
    expect((await portal(ctx, other.token, 'GET', `/holds/${made.ID}`)).statusCode).toBe(404);
    const declined = await checkout(family.token, made.ID, DECLINED);
    expect(declined.statusCode).toBe(402);
    expect(await ctx.database.db.select().from(pickupPlayers).where(eq(pickupPlayers.event_id, s.games[0]))).toEqual([]);
    expect((await portal(ctx, family.token, 'GET', `/holds/${made.ID}`)).json()).toMatchObject({ status: 'held', invoice_id: null });
    expect((await slotsOf(s.ID))[0].seats_left).toBe(1);
    await expireNow(ctx, made.ID);
    expect((await slotsOf(s.ID))[0].seats_left).toBe(2);
    const late = await checkout(family.token, made.ID);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(OFFERING_MESSAGES.expired);
  });
});
