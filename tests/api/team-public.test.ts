import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamDetail } from '../../core/api/teams';
import { nowSeconds, wallClock, zonedTime } from '../../core/time';
import { fields, leagues, matches } from '../../server/db/schema';
import { PRODUCT } from '../../server/db/seed/catalog';
import { createTestContext, type StaffTokens, type TestContext } from './harness';
import { insertCustomer } from './support/customers';

// The team's games and standings in every league and tournament it plays in (issue 41 item 2): on the
// staff team page (GET /team/{id}) and on the public team page and its calendar feed (issue 24 item 6):
// signed out, by the link's reference only; the team, its league, its schedule and results in all of
// them, each one's standings only when it shows them online; players by first name and last initial,
// nothing private; a new link revokes the old.

let ctx: TestContext;
let t: StaffTokens;
const DAY = 86_400;
const now = nowSeconds();
let lions: { ID: number; public_ref: string };
let leagueId: number;
let cupId: number;
let cupMatch: { ID: number; event: { ID: number } };
/** Two days ago at 20:00 in New York (Brooklyn is open then every day). */
const twoDaysAgo = () => { const d = wallClock(now - 2 * DAY, 'America/New_York'); return zonedTime(d.year, d.month, d.day, 20 * 60, 'America/New_York'); };

beforeAll(async () => {
  ctx = await createTestContext();
  t = await ctx.signInStaff();
  const league = await ctx.api(t.admin, 'POST', '/league', {
    name: 'Fall Adult League', description: 'Weeknights', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    start_date: now - 10 * DAY, end_date: now + 60 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 11 * DAY, max_teams: 4,
  });
  leagueId = league.json().ID;
  const fee = (await ctx.api(t.admin, 'GET', `/league/${leagueId}`)).json().fees[0].price;
  const ids: number[] = [];
  for (const name of ['Red Lions', 'Blue Sharks']) ids.push((await ctx.api(t.admin, 'POST', '/team/signup', { league_id: leagueId, fee, name })).json().team_id);
  const ana = await insertCustomer(ctx.database.db, { first_name: 'Ana', last_name: 'lopez', email: 'ana.lopez@example.com', phone: '555-0100', birthdate: 631152000 });
  const ben = await insertCustomer(ctx.database.db, { first_name: 'Ben', last_name: 'Ortiz', email: 'ben.ortiz@example.com' });
  for (const c of [ana, ben]) expect((await ctx.api(t.admin, 'POST', '/player', { team_id: ids[0], customer_id: c.ID })).statusCode).toBe(201);
  const [field] = await ctx.database.db.select().from(fields).where(eq(fields.facility_id, 1)).limit(1);
  await ctx.database.db.insert(matches).values([
    { league_id: leagueId, home_team_id: ids[0], away_team_id: ids[1], home_score: 3, away_score: 1, date: now - 3 * DAY, field_id: field?.ID ?? null, duration: 50 },
    { league_id: leagueId, home_team_id: ids[1], away_team_id: ids[0], date: now + 4 * DAY, field_id: field?.ID ?? null, duration: 50 },
  ]);
  // The Lions also play a cup, against the Green Owls: its game is booked and scored through the API.
  const cup = await ctx.api(t.admin, 'POST', '/tournament', {
    name: 'Spring Cup', description: 'Weekend', facility_id: 1, new_product_id: PRODUCT.ADULT_TOURNAMENT, age_group_id: 1, gender: 'Co-Ed',
    start_date: now - 5 * DAY, end_date: now + 5 * DAY, registration_start_date: now - 40 * DAY, registration_end_date: now - 6 * DAY, max_teams: 4, duration: 45,
  });
  expect(cup.statusCode, cup.body).toBe(201);
  cupId = cup.json().ID;
  const cupFee = (await ctx.api(t.admin, 'GET', `/tournament/${cupId}`)).json().fees[0].price;
  expect((await ctx.api(t.admin, 'POST', '/team/signup', { league_id: cupId, fee: cupFee, team_id: ids[0] })).statusCode).toBe(201);
  const owls = (await ctx.api(t.admin, 'POST', '/team/signup', { league_id: cupId, fee: cupFee, name: 'Green Owls' })).json().team_id;
  const created = await ctx.api(t.mod, 'POST', '/match', { league_id: cupId, home_team_id: owls, away_team_id: ids[0], date: twoDaysAgo(), field_id: field.ID, duration: 45 });
  expect(created.statusCode, created.body).toBe(201);
  cupMatch = created.json();
  expect((await ctx.api(t.mod, 'PUT', `/match/${cupMatch.ID}`, { home_score: 2, away_score: 0 })).statusCode).toBe(200);
  lions = (await ctx.api(t.mod, 'GET', `/team/${ids[0]}`)).json();
});
afterAll(async () => { await ctx?.close(); });

const page = (ref: string) => ctx.app.inject({ method: 'GET', url: `/api/public/team/${ref}` });
const feed = (ref: string) => ctx.app.inject({ method: 'GET', url: `/api/public/team/${ref}/calendar.ics` });

describe('the staff team page: GET /team/{id}', () => {
  it('answers the team\'s games in every league and tournament it plays in, by kick-off, with week, booking, league and score', async () => {
    const team = (await ctx.api(t.mod, 'GET', `/team/${lions.ID}`)).json() as TeamDetail;
    expect(team.matches.map((m) => [m.league.name, m.home_team, m.away_team, m.home_score, m.away_score])).toEqual([
      ['Fall Adult League', 'Red Lions', 'Blue Sharks', 3, 1],
      ['Spring Cup', 'Green Owls', 'Red Lions', 2, 0],
      ['Fall Adult League', 'Blue Sharks', 'Red Lions', null, null],
    ]);
    const cupGame = team.matches[1];
    expect(cupGame).toMatchObject({ ID: cupMatch.ID, event_id: cupMatch.event.ID, league: { ID: cupId, is_tournament: true }, date: twoDaysAgo(), duration: 45, match_type: 'regular', is_bye: false });
    expect(team.matches[0]).toMatchObject({ league: { ID: leagueId, is_tournament: false }, event_id: null, week: null });
  });

  it('answers each league\'s and tournament\'s standings, the latest first; another facility\'s team is 404', async () => {
    const team = (await ctx.api(t.mod, 'GET', `/team/${lions.ID}`)).json() as TeamDetail;
    expect(team.standings.map((s) => s.league.name)).toEqual(['Spring Cup', 'Fall Adult League']);
    expect(team.standings[0].rows.map((r) => [r.rank, r.team, r.points])).toEqual([[1, 'Green Owls', 3], [2, 'Red Lions', 0]]);
    expect(team.standings[1].rows.map((r) => [r.rank, r.team, r.points, r.id])).toEqual([[1, 'Red Lions', 3, lions.ID], [2, 'Blue Sharks', 0, expect.any(Number)]]);
    expect((await ctx.api(t.manager2, 'GET', `/team/${lions.ID}`)).statusCode).toBe(404);
  });
});

describe('the public team page', () => {
  it('answers the team, its league and its schedule signed out, by the reference staff see on the team page', async () => {
    expect(lions.public_ref).toMatch(/^[0-9a-f-]{36}$/);
    const res = await page(lions.public_ref);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ name: 'Red Lions', facility: { time_zone: expect.any(String) }, league: { name: 'Fall Adult League' } });
    expect(view.players).toEqual([{ name: 'Ana L.', is_captain: true, is_coach: false }, { name: 'Ben O.', is_captain: false, is_coach: false }]);
    expect(view.matches.map((m: { league: string; home: string; away: string; home_score: number | null }) => [m.league, m.home, m.away, m.home_score])).toEqual([
      ['Fall Adult League', 'Red Lions', 'Blue Sharks', 3], ['Spring Cup', 'Green Owls', 'Red Lions', 2], ['Fall Adult League', 'Blue Sharks', 'Red Lions', null],
    ]);
    expect(view.leagues.map((l: { name: string; is_tournament: boolean }) => [l.name, l.is_tournament])).toEqual([['Spring Cup', true], ['Fall Adult League', false]]);
  });

  it('gives away nothing private: no e-mail, phone, birth date, last name, money or customer ID', async () => {
    const body = (await page(lions.public_ref)).body;
    for (const secret of ['ana.lopez@example.com', '555-0100', '631152000', 'lopez', 'Ortiz', 'invoice', 'balance', 'customer_id', 'paid']) expect(body).not.toContain(secret);
  });

  it('shows each league\'s standings only when it displays them online', async () => {
    const tables = async () => ((await page(lions.public_ref)).json().leagues as Array<{ name: string; standings: Array<{ team: string; points: number; rank: number }> | null }>)
      .map((l) => [l.name, l.standings?.map((r) => [r.rank, r.team, r.points]) ?? null]);
    expect(await tables()).toEqual([['Spring Cup', null], ['Fall Adult League', null]]);
    await ctx.database.db.update(leagues).set({ display_schedule: true }).where(eq(leagues.ID, leagueId));
    expect(await tables()).toEqual([['Spring Cup', null], ['Fall Adult League', [[1, 'Red Lions', 3], [2, 'Blue Sharks', 0]]]]);
    await ctx.database.db.update(leagues).set({ display_schedule: true }).where(eq(leagues.ID, cupId));
    expect((await tables())[0]).toEqual(['Spring Cup', [[1, 'Green Owls', 3], [2, 'Red Lions', 0]]]);
  });

  it('answers 404 to an unknown reference and 400 to one that is not a link', async () => {
    expect((await page('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await page('12')).statusCode).toBe(400);
    expect((await feed('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the calendar feed', () => {
  it('serves the team\'s matches as iCalendar, in UTC, with CRLF lines of at most 75 octets', async () => {
    const res = await feed(lions.public_ref);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // The league's two games and the cup's, each naming its league.
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(text).toContain('SUMMARY:Red Lions vs Blue Sharks (3–1)');
    expect(text).toContain('SUMMARY:Blue Sharks vs Red Lions');
    expect(text).toContain('SUMMARY:Green Owls vs Red Lions (2–0)');
    expect(text).toContain('DESCRIPTION:Spring Cup');
    expect(text).toContain('DESCRIPTION:Fall Adult League');
    const start = new Date((now + 4 * DAY) * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(text).toContain(`DTSTART:${start}`);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/[^\r]\n/);
  });
});

describe('a new link', () => {
  it('is given by office staff of the team\'s facility, and revokes the old one', async () => {
    expect((await ctx.api(t.coach, 'PUT', `/team/public_link/${lions.ID}`)).statusCode).toBe(403);
    expect((await ctx.api(t.manager2, 'PUT', `/team/public_link/${lions.ID}`)).statusCode).toBe(404);
    const renewed = await ctx.api(t.mod, 'PUT', `/team/public_link/${lions.ID}`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { public_ref } = renewed.json();
    expect(public_ref).not.toBe(lions.public_ref);
    expect((await page(lions.public_ref)).statusCode).toBe(404);
    expect((await page(public_ref)).json().name).toBe('Red Lions');
  });
});
