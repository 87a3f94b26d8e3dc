import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../core/api/portal';
import { createTestContext, type TestContext } from './harness';
import { portal, signedInFamily, type PortalFamily } from './support/portal';
import { familyWeek } from './support/portalSchedule';

// The family's schedule in the portal (issue 43 §4) and its iCalendar feed at a secret, revocable URL.

let ctx: TestContext;
let family: PortalFamily;
let week: Awaited<ReturnType<typeof familyWeek>>;
/** Tomorrow at 00:00 UTC: the week starts there, inside the feed's window. */
const start = (Math.floor(Date.now() / 86_400_000) + 1) * 86400;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
  week = await familyWeek(ctx.database.db, family.holderId, family.childId, start);
});
afterAll(async () => { await ctx?.close(); });

describe('GET /portal/schedule', () => {
  it('answers the booking, match, class session, camp day and pickup slot of the family, with field, facility zone and address', async () => {
    const res = await portal(ctx, family.token, 'GET', `/schedule?from=${start}&to=${start + 7 * 86400}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as Array<{ kind: string; uid: string; title: string; start: number; customer_ids: number[]; field: string; facility: { ID: number; time_zone: string; address: string } }>;
    expect(items.map((i) => [i.kind, i.uid, i.title, i.customer_ids])).toEqual([
      ['booking', `booking-${week.booking}`, 'Birthday party', [family.holderId]],
      ['match', `match-${week.game}`, 'Comets vs Rockets', [family.childId]],
      ['class', `class-${week.session}`, 'Little Kickers', [family.childId]],
      ['camp', `camp-${week.campDay}`, 'Winter Camp', [family.childId]],
      ['pickup', `pickup-${week.pickup}`, 'Pickup', [family.childId]],
    ]);
    expect(items.every((i) => i.field === week.fieldName && i.facility.ID === 1 && i.facility.time_zone.length > 0)).toBe(true);
    expect(items[0].start).toBe(start);
  });

  it('keeps to the window asked', async () => {
    const res = await portal(ctx, family.token, 'GET', `/schedule?from=${start + 86400}&to=${start + 2 * 86400}`);
    expect(res.json().map((i: { uid: string }) => i.uid)).toEqual([`match-${week.game}`]);
  });

  it('refuses a window backwards or longer than 92 days (400)', async () => {
    const backwards = await portal(ctx, family.token, 'GET', `/schedule?from=${start}&to=${start - 1}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(PORTAL_MESSAGES.range);
    expect((await portal(ctx, family.token, 'GET', `/schedule?from=0&to=${93 * 86400}`)).statusCode).toBe(400);
    expect((await portal(ctx, family.token, 'GET', `/schedule?from=x&to=1`)).statusCode).toBe(400);
  });
});

describe('the iCalendar feed', () => {
  it('serves the family\'s schedule at its URL until rotated, then 404 there and the schedule at the new one', async () => {
    const first = await portal(ctx, family.token, 'GET', '/calendar');
    expect(first.statusCode).toBe(200);
    const url = first.json().url as string;
    expect(url).toMatch(/^http:\/\/touchline\.test\/api\/portal\/calendar\/\d+-[A-Za-z0-9_-]{43}\/family\.ics$/);
    expect((await portal(ctx, family.token, 'GET', '/calendar')).json().url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    for (const id of [week.booking, week.game, week.session, week.campDay, week.pickup]) expect(feed.body).toMatch(new RegExp(`UID:[a-z]+-${id}@`));
    expect(feed.body).toContain('SUMMARY:Comets vs Rockets');
    expect(feed.body).not.toContain('Not ours');

    const rotated = await portal(ctx, family.token, 'POST', '/calendar/rotate');
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().url as string;
    expect(next).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(next).pathname })).statusCode).toBe(200);
  });

  it('answers 404 to a forged secret: another holder\'s ID with this family\'s signature', async () => {
    const url = (await portal(ctx, family.token, 'GET', '/calendar')).json().url as string;
    const forged = new URL(url).pathname.replace(`/${family.holderId}-`, `/${family.childId}-`);
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });
});
