import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFEREE_MESSAGES } from '../../core/api/referees';
import { refereeAssignments } from '../../server/db/schema';
import type { StaffTokens, TestContext } from './harness';
import { refereeFixture, type RefereeFixture } from './support/referees';

// Referee assignment (spec 3 §2.17, §5, §7 "Referee", issue 27 items 1–2): the office lists matches and
// referees and assigns; a referee or coach cannot; the spec's messages; another facility's match is
// unknown; a referee is never on two overlapping matches (409 naming the match in the way, also under
// concurrency on PostgreSQL: referees-races.test.ts); the referee is mailed the matches in the facility's zone with an .ics.

let ctx: TestContext;
let t: StaffTokens;
let refereeId: number;
let DAY0: number;
let match: RefereeFixture['match'];
let assign: RefereeFixture['assign'];
const DAY = 86_400;
const HOUR = 3600;

beforeAll(async () => { ({ ctx, t, refereeId, DAY0, match, assign } = await refereeFixture()); });
afterAll(async () => { await ctx?.close(); });

describe('referee assignment', () => {
  it('lets the office list and assign, not a referee or coach', async () => {
    const id = await match(1);
    for (const who of ['coach', 'referee'] as const) {
      expect((await ctx.api(t[who], 'GET', `/ref/matches?start_date=${DAY0}&end_date=${DAY0 + DAY}`)).statusCode).toBe(403);
      expect((await assign(t[who], [id])).statusCode).toBe(403);
    }
    const referees = (await ctx.api(t.mod, 'GET', '/ref/all?facility_id=2')).json();
    expect(referees.map((r: { ID: number }) => r.ID)).toContain(refereeId);
    expect(referees.every((r: { facility: { name: string } }) => r.facility.name === referees[0].facility.name)).toBe(true);
    expect(referees[0]).toMatchObject({ email: expect.any(String), phone: expect.any(String) });
  });

  it('says the spec\'s messages', async () => {
    const here = await match(3);
    const there = await match(3, 2);
    expect((await assign(t.admin, [])).json().message).toBe(REFEREE_MESSAGES.selectValid);
    expect((await ctx.api(t.admin, 'POST', '/ref/assign', { match_ids: [here] })).json().message).toBe(REFEREE_MESSAGES.selectValid);
    const mixed = await assign(t.admin, [here, there]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(REFEREE_MESSAGES.sameFacility);
    // A manager of facility 1 does not reach facility 2's match; a manager of 2 not facility 1's referee.
    expect((await assign(t.manager, [there])).json().message).toBe(REFEREE_MESSAGES.selectValid);
    expect((await assign(t.manager2, [there])).json().message).toBe(REFEREE_MESSAGES.notReferee);
    expect((await ctx.api(t.admin, 'GET', `/ref/matches?start_date=${DAY0}`)).statusCode).toBe(400);
  });

  it('assigns two matches, lists them as assigned, and mails the referee the times in the facility\'s zone with an .ics', async () => {
    const [a, b] = [await match(20), await match(22)];
    const sent = ctx.outbox.length;
    const res = await assign(t.manager, [b, a]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ referee_id: refereeId, match_ids: [a, b] });
    const listed = (await ctx.api(t.manager, 'GET', `/ref/matches?start_date=${DAY0 + 19 * HOUR}&end_date=${DAY0 + 23 * HOUR}&assigned=yes`)).json();
    expect(listed.map((m: { ID: number; referee: { ID: number } }) => [m.ID, m.referee.ID])).toEqual([[a, refereeId], [b, refereeId]]);
    expect(listed[0]).toMatchObject({ league: { name: 'Referee League 1' }, home_team: { name: 'Lions 1' }, away_team: { name: 'Sharks 1' }, event: { facility: { ID: 1 } } });
    const unassigned = (await ctx.api(t.manager, 'GET', `/ref/matches?start_date=${DAY0 + 19 * HOUR}&end_date=${DAY0 + 23 * HOUR}&assigned=no`)).json();
    expect(unassigned).toEqual([]);
    // The event page's League tab (GET /match/{id}) names the referee, for the office and the referee.
    for (const who of ['manager', 'referee'] as const) {
      expect((await ctx.api(t[who], 'GET', `/match/${a}`)).json().referee).toMatchObject({ ID: refereeId, email: 'referee@touchline.test' });
    }
    const mail = ctx.outbox[sent];
    expect(mail.to).toBe('referee@touchline.test');
    // DAY0 + 20 h UTC is 16:00 or 15:00 in New York (daylight saving or not).
    expect(mail.text).toMatch(/ 1[56]:00 \(America\/New_York\) — Lions 1 vs Sharks 1/);
    expect(mail.attachments?.[0].content).toContain(`DTSTART:${new Date((DAY0 + 20 * HOUR) * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  });

  it('refuses a match whose time overlaps one of the referee\'s, naming it (409), and allows one right after', async () => {
    const first = await match(40);
    expect((await assign(t.admin, [first])).statusCode).toBe(200);
    const overlapping = await match(40.5);
    const refused = await assign(t.admin, [overlapping]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^The referee already has Lions 1 vs Sharks 1 at \d+\/\d+\/\d{4} \d\d:\d\d/);
    expect(await ctx.database.db.$count(refereeAssignments, eq(refereeAssignments.match_id, overlapping))).toBe(0);
    // Two chosen matches that overlap each other are refused too; a match starting as the other ends is fine.
    expect((await assign(t.admin, [await match(44), await match(44.25)])).statusCode).toBe(409);
    expect((await assign(t.admin, [await match(40 + 50 / 60)])).statusCode).toBe(200);
  });
});
