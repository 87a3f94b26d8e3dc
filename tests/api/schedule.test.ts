import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchRecord, ProposedMatch } from '../../core/api/schedule';
import { formatDate, formatDateTime, zonedTime } from '../../core/time';
import { notStarted, outsideDates, SCHEDULE_MESSAGES } from '../../core/validation/schedule';
import { changelog, events, matches } from '../../server/db/schema';
import { createTestContext, describeOnPostgres, type StaffTokens, type TestContext } from './harness';
import { connectBoard, createBoard, socketUrl } from './scoreboardSocket';
import { statusCounts } from './support/races';
import { leagueWithTeams, localAt, MARACANA, NY, pastMonday, SAN_SIRO, SEASON_START, wednesdays, type LeagueFixture } from './support/schedule';

// The schedule builder, matches, standings and play-offs through the API (spec 3 §2.7–2.9, §7; issue
// 25): every call, the roles (the office builds, saves and scores — a mod too; only admins and
// managers delete games), the facility wall, the messages, the calendar's guard on every booking,
// and (on PostgreSQL) two builders saving onto the same slots.

let ctx: TestContext;
let t: StaffTokens;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await ctx.signInStaff();
});
afterAll(async () => { await ctx?.close(); });

const build = (token: string, league: LeagueFixture, extra: Record<string, unknown> = {}, path = '/league/schedule/new') =>
  ctx.api(token, 'POST', path, { league_id: league.ID, teams: league.teams, start_date: SEASON_START, duration: 60, slots: wednesdays(), ...extra });
const games = (proposed: ProposedMatch[]) => proposed.filter((m) => !m.is_bye).map(({ home_team_id, away_team_id, date, field_id, duration, round, week, index, group }) => ({
  home_team_id, away_team_id, date, field_id: field_id!, duration, round, week, index, group,
}));
const save = (token: string, league: LeagueFixture, proposed: ProposedMatch[]) => ctx.api(token, 'POST', '/match/batch', { league_id: league.ID, matches: games(proposed) });
/** Weeks after SEASON_START: each block of tests books its own weeks. */
const weeksOn = (weeks: number) => SEASON_START + weeks * 7 * 86_400;
/** 2027-01-06 (a Wednesday) at a New York time. */
const wednesday = (hour: number) => zonedTime(2027, 1, 6, hour * 60, NY);

describe('POST /league/schedule/new', () => {
  it('builds a round robin of the league\'s teams on its slots, saves nothing, and gives the same schedule twice', async () => {
    const league = await leagueWithTeams(ctx, t.admin, 'Build League', 6);
    const res = await build(t.mod, league, { games: 5, slots: wednesdays([MARACANA, SAN_SIRO]) });
    expect(res.statusCode, res.body).toBe(200);
    const { matches: proposed } = res.json() as { matches: ProposedMatch[] };
    expect(proposed).toHaveLength(15);
    expect(proposed.every((m) => m.is_ok && m.reason === null && !m.is_bye)).toBe(true);
    expect(new Set(proposed.map((m) => [m.home_team_id, m.away_team_id].sort().join('-'))).size).toBe(15);
    expect((await build(t.mod, league, { games: 5, slots: wednesdays([MARACANA, SAN_SIRO]) })).json()).toEqual(res.json());
    expect(await ctx.database.db.$count(matches, eq(matches.league_id, league.ID))).toBe(0);
  });

  it('gives a team a bye a round with an odd count: never a field, the other side -1', async () => {
    const league = await leagueWithTeams(ctx, t.admin, 'Odd League', 5);
    const { matches: proposed } = (await build(t.admin, league, { games: 4 })).json() as { matches: ProposedMatch[] };
    const byes = proposed.filter((m) => m.is_bye);
    expect(byes).toHaveLength(5);
    expect(byes.every((b) => b.away_team_id === -1 && b.field_id === null && b.is_ok)).toBe(true);
  });

  it('lists every round\'s bye and names the team an odd schedule gives an extra game (issue 41 item 6, m16)', async () => {
    // 5 teams × 7 games is odd: one team plays 8; every round (the last too) has its bye.
    const league = await leagueWithTeams(ctx, t.admin, 'Seven Games League', 5);
    const built = (await build(t.admin, league, { games: 7 })).json() as { matches: ProposedMatch[]; extra: Array<{ team_id: number; games: number }> };
    const rounds = [...new Set(built.matches.map((m) => m.round))];
    expect(rounds.length).toBeGreaterThanOrEqual(8);
    for (const round of rounds) expect(built.matches.filter((m) => m.round === round && m.is_bye)).toHaveLength(1);
    expect(built.extra).toEqual([{ team_id: expect.any(Number), games: 8 }]);
    const played = (team: number) => built.matches.filter((m) => !m.is_bye && (m.home_team_id === team || m.away_team_id === team)).length;
    expect(league.teams.map(played).sort()).toEqual([7, 7, 7, 7, 8]);
    expect(played(built.extra[0].team_id)).toBe(8);
  });

  it('shows Taken (with the booking in the way) and a slot outside opening hours, from the calendar', async () => {
    const league = await leagueWithTeams(ctx, t.admin, 'Taken League', 4);
    const rental = await ctx.api(t.manager, 'POST', '/event', { field_id: MARACANA, product_type_id: 1, start_date: wednesday(19), end_date: wednesday(20), comment: 'Birthday' });
    expect(rental.statusCode, rental.body).toBe(201);
    const { matches: proposed } = (await build(t.mod, league, { games: 3 })).json() as { matches: ProposedMatch[] };
    const taken = proposed.filter((m) => !m.is_ok);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ date: wednesday(19), field_id: MARACANA });
    expect(taken[0].reason).toBe(`Taken by event ${rental.json().ID} (Adult Rental: Birthday, 1/6/2027 19:00–20:00)`);
    // Brooklyn opens at 16:00 on weekdays.
    const early = (await build(t.mod, league, { games: 3, slots: [{ field: SAN_SIRO, weekday: 3, start_time: '14:00', end_time: '16:00' }] })).json() as { matches: ProposedMatch[] };
    expect(early.matches[0].is_ok).toBe(false);
    expect(early.matches[0].reason).toMatch(/outside its opening hours/);
    // Saving onto the taken slot is refused, all or nothing.
    const refused = await save(t.mod, league, proposed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This field is already booked at that time: event \d+/);
    expect(await ctx.database.db.$count(matches, eq(matches.league_id, league.ID))).toBe(0);
  });

  it('says what is wrong with the input, word for word, and walls another facility\'s league off', async () => {
    const league = await leagueWithTeams(ctx, t.admin, 'Checked League', 3);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ teams: [...league.teams, 999_999] }, 400, SCHEDULE_MESSAGES.teamNotInLeague],
      [{ slots: [{ field: 5, weekday: 3, start_time: '18:00', end_time: '21:00' }] }, 400, SCHEDULE_MESSAGES.fieldOfOtherFacility],
      [{ slots: [{ field: 1, weekday: 3, start_time: '18:00', end_time: '18:30' }] }, 400, 'No slot is long enough for a 60-minute match'],
      [{ slots: [{ field: 1, weekday: 3, start_time: '21:00', end_time: '18:00' }] }, 400, 'A slot ends after it starts (21:00–18:00)'],
      [{ slots: [{ field: 1, weekday: 7, start_time: '18:00', end_time: '21:00' }] }, 400, 'slots.0.weekday: must be 0 (Sunday) to 6 (Saturday)'],
      [{ teams: [league.teams[0], league.teams[0]] }, 400, 'A team is picked twice'],
    ];
    for (const [extra, status, message] of cases) {
      const res = await build(t.admin, league, extra);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const queens = await leagueWithTeams(ctx, t.admin, 'Queens League', 2, { facility_id: 2 });
    expect((await build(t.manager, queens)).statusCode).toBe(404);
    const season = await ctx.api(t.admin, 'POST', '/league', {
      name: 'A Season', description: '', facility_id: 1, new_product_id: 1, is_container: true, start_date: SEASON_START, end_date: SEASON_START + 86_400,
      registration_start_date: SEASON_START - 86_400, registration_end_date: SEASON_START,
    });
    expect((await build(t.admin, { ID: season.json().ID, teams: league.teams })).json().message).toBe(SCHEDULE_MESSAGES.notALeague);
  });

  it('builds a tournament division\'s pool play: more than 5 teams, the second half is group 2', async () => {
    const cup = await leagueWithTeams(ctx, t.admin, 'Pool Cup', 6, { is_tournament: true });
    const res = await build(t.admin, cup, { games: 2 }, '/tournament/schedule');
    expect(res.statusCode, res.body).toBe(200);
    const proposed = (res.json() as { matches: ProposedMatch[] }).matches.filter((m) => !m.is_bye);
    const groupOf = (team: number) => (cup.teams.indexOf(team) < 3 ? 1 : 2);
    // Two groups of 3, each a round robin of 3 games.
    expect(proposed).toHaveLength(6);
    expect(proposed.every((m) => m.group === groupOf(m.home_team_id) && m.group === groupOf(m.away_team_id))).toBe(true);
    expect(new Set(proposed.map((m) => m.group))).toEqual(new Set([1, 2]));
  });
});

describe('saving, scoring and deleting games', () => {
  // A league that ran a year ago: scores are entered only for games that have begun.
  const past = pastMonday(60);
  let league: LeagueFixture;
  let saved: MatchRecord[];
  beforeAll(async () => {
    league = await leagueWithTeams(ctx, t.admin, 'Season League', 4, { start_date: past });
    const { matches: proposed } = (await build(t.mod, league, { games: 3, start_date: localAt(past, 70, 0) })).json() as { matches: ProposedMatch[] };
    const res = await save(t.mod, league, proposed);
    expect(res.statusCode, res.body).toBe(201);
    saved = res.json();
  });

  it('saves the games and books each one\'s field as an event of the league\'s product type', async () => {
    expect(saved).toHaveLength(6);
    for (const match of saved) {
      expect(match.event).toMatchObject({ field_id: MARACANA, start_date: match.date, end_date: match.date + 3600, field_name: 'Maracanã' });
      expect(match.home_team).toMatch(/^Season League [A-D]$/);
    }
    const booked = await ctx.database.db.select().from(events).where(eq(events.match_id, saved[0].ID));
    expect(booked).toMatchObject([{ product_type_id: 3, facility_id: 1 }]);
    const list = (await ctx.api(t.mod, 'POST', '/match/list', { query: { league_id: league.ID } })).json();
    expect(list.matches.map((m: MatchRecord) => m.ID)).toEqual(saved.map((m) => m.ID));
    expect(list.standings).toHaveLength(4);
  });

  it('lets a mod record scores (audited), and the standings follow; a no-show counts 0–3', async () => {
    const [first, second] = saved;
    const scored = await ctx.api(t.mod, 'PUT', `/match/${first.ID}`, { home_score: 2, away_score: 1 });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json()).toMatchObject({ home_score: 2, away_score: 1 });
    expect(await ctx.database.db.$count(changelog, and(eq(changelog.object_type, 'match'), eq(changelog.object_id, first.ID), eq(changelog.action, 'update')))).toBe(1);
    expect((await ctx.api(t.mod, 'PUT', `/match/${second.ID}`, { home_score: 5, away_score: 0, no_show: 'home' })).statusCode).toBe(200);
    const table = (await ctx.api(t.mod, 'GET', `/league/standings?league_id=${league.ID}`)).json();
    const row = (team: number) => table.find((r: { team_id: number }) => r.team_id === team);
    expect(row(first.home_team_id)).toMatchObject({ id: first.home_team_id, games: 1, won: 1, gf: 2, ga: 1, points: 3 });
    expect(row(second.away_team_id)).toMatchObject({ won: 1, gf: 3, ga: 0, points: 3 });
    expect(row(second.home_team_id)).toMatchObject({ lost: 1, gf: 0, ga: 3, points: 0 });
    expect(table.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3, 4]);
    expect((await ctx.api(t.mod, 'PUT', `/match/${first.ID}`, { home_score: 100 })).json().message).toBe('home_score: must be at most 99');
  });

  it('moves a game\'s booking with its time, under the calendar\'s guard', async () => {
    const match = saved[2];
    const rental = await ctx.api(t.manager, 'POST', '/event', { field_id: SAN_SIRO, product_type_id: 1, start_date: match.date, end_date: match.date + 3600 });
    expect(rental.statusCode).toBe(201);
    const refused = await ctx.api(t.mod, 'PUT', `/match/${match.ID}`, { field_id: SAN_SIRO });
    expect(refused.statusCode).toBe(409);
    const moved = await ctx.api(t.mod, 'PUT', `/match/${match.ID}`, { date: match.date + 86_400, comment: 'Moved to Thursday' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event).toMatchObject({ start_date: match.date + 86_400, field_id: MARACANA });
    expect((await ctx.api(t.mod, 'PUT', `/match/${match.ID}`, { away_team_id: match.home_team_id })).json().message).toBe(SCHEDULE_MESSAGES.sameTeam);
    expect((await ctx.api(t.manager2, 'PUT', `/match/${match.ID}`, { home_score: 1 })).statusCode).toBe(404);
  });

  it('adds a manual game (a friendly) and refuses a team of another league', async () => {
    const body = { league_id: league.ID, home_team_id: league.teams[0], away_team_id: league.teams[1], date: localAt(past, 62, 18), field_id: SAN_SIRO, duration: 60, match_type: 'friendly' };
    // The declaration's own reasons (the add-game form says them before calling): one team twice, a team missing.
    expect((await ctx.api(t.mod, 'POST', '/match', { ...body, away_team_id: body.home_team_id })).json().message).toBe(SCHEDULE_MESSAGES.sameTeam);
    expect((await ctx.api(t.mod, 'POST', '/match', { ...body, home_team_id: undefined })).json().message).toBe('home_team_id: is required');
    const res = await ctx.api(t.mod, 'POST', '/match', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ match_type: 'friendly', event: { field_id: SAN_SIRO } });
    const other = await ctx.api(t.mod, 'POST', '/match', { ...body, home_team_id: saved.length + 999_000 });
    expect(other.json().message).toBe(SCHEDULE_MESSAGES.teamNotInLeague);
  });

  it('keeps every game within the league\'s dates: saving, adding or moving one outside them is refused, naming the dates', async () => {
    const dates = outsideDates(formatDate(past, NY), formatDate(past + 400 * 86_400 - 1, NY));
    const [first] = saved;
    const before = { league_id: league.ID, home_team_id: league.teams[0], away_team_id: league.teams[1], date: localAt(past, -5, 18), field_id: SAN_SIRO, duration: 60 };
    const refused = await ctx.api(t.mod, 'POST', '/match', before);
    expect([refused.statusCode, refused.json().message]).toEqual([400, dates]);
    const { league_id: _league, ...after } = { ...before, date: localAt(past, 401, 18) };
    const batch = await ctx.api(t.mod, 'POST', '/match/batch', { league_id: league.ID, matches: [after] });
    expect([batch.statusCode, batch.json().message]).toEqual([400, dates]);
    const moved = await ctx.api(t.mod, 'PUT', `/match/${first.ID}`, { date: after.date });
    expect([moved.statusCode, moved.json().message]).toEqual([400, dates]);
    const early = await build(t.mod, league, { games: 3, start_date: localAt(past, -1, 0) });
    expect([early.statusCode, early.json().message]).toEqual([400, dates]);
    expect(await ctx.database.db.$count(matches, eq(matches.league_id, league.ID))).toBe(saved.length + 1);
  });

  it('lets only admins and managers delete a game or all of them, with their bookings', async () => {
    const [first] = saved;
    expect((await ctx.api(t.mod, 'DELETE', `/match/${first.ID}`)).statusCode).toBe(403);
    expect((await ctx.api(t.manager, 'DELETE', `/match/${first.ID}`)).json()).toEqual({ deleted: [first.ID] });
    expect(await ctx.database.db.$count(events, eq(events.match_id, first.ID))).toBe(0);
    expect((await ctx.api(t.mod, 'DELETE', `/league/schedule/${league.ID}`)).statusCode).toBe(403);
    const all = await ctx.api(t.admin, 'DELETE', `/league/schedule/${league.ID}`);
    // The five games left and the friendly.
    expect(all.json().deleted).toHaveLength(6);
    expect(await ctx.database.db.$count(matches, eq(matches.league_id, league.ID))).toBe(0);
  });
});

describe('play-offs', () => {
  // A league of last season, its games scored so that the seeds do not follow the names: the later a
  // team is in the list (Cup League E), the better; a bracket read off unsaved scores would seed by name.
  const past = pastMonday(60);
  let league: LeagueFixture;
  let seeds: number[];
  const rounds = (levels: number[]) => levels.map((level, i) => ({ level, field_id: SAN_SIRO, start_time: localAt(past, 203, 17 + 2 * i) }));
  beforeAll(async () => {
    league = await leagueWithTeams(ctx, t.admin, 'Cup League', 5, { start_date: past });
    seeds = [...league.teams].reverse();
    const { matches: proposed } = (await build(t.admin, league, { games: 4, start_date: localAt(past, 140, 0) })).json() as { matches: ProposedMatch[] };
    const res = await save(t.admin, league, proposed);
    expect(res.statusCode, res.body).toBe(201);
    for (const match of res.json() as MatchRecord[]) {
      const homeBetter = seeds.indexOf(match.home_team_id) < seeds.indexOf(match.away_team_id);
      const scored = await ctx.api(t.mod, 'PUT', `/match/${match.ID}`, homeBetter ? { home_score: 1, away_score: 0 } : { home_score: 0, away_score: 1 });
      expect(scored.statusCode, scored.body).toBe(200);
    }
    // The saved scores: 10 games, the best seed won all 4 of its, the last none.
    const table = (await ctx.api(t.mod, 'GET', `/league/standings?league_id=${league.ID}`)).json() as Array<{ team_id: number; points: number; games: number }>;
    expect(table.map((row) => row.team_id)).toEqual(seeds);
    expect(table.map((row) => row.points)).toEqual([12, 9, 6, 3, 0]);
    expect(table.every((row) => row.games === 4)).toBe(true);
  });

  it('pre-generates from the standings: the top seeds get byes that book no field; saves nothing', async () => {
    const res = await ctx.api(t.mod, 'POST', '/league/playoffs/new', { league_id: league.ID, duration: 60, round_settings: rounds([8, 4, 2]) });
    expect(res.statusCode, res.body).toBe(200);
    const bracket = (res.json() as { matches: ProposedMatch[] }).matches;
    const [a, b, c, d, e] = seeds;
    expect(bracket.filter((m) => m.level === 8).map((m) => [m.home_team_id, m.away_team_id])).toEqual([[a, -1], [d, e], [b, -1], [c, -1]]);
    expect(bracket.filter((m) => m.level === 4).map((m) => [m.home_team_id, m.away_team_id])).toEqual([[a, 0], [b, c]]);
    expect(bracket).toHaveLength(7);
    expect(bracket.every((m) => m.is_ok)).toBe(true);
    expect(await ctx.database.db.$count(matches, and(eq(matches.league_id, league.ID), eq(matches.match_type, 'playoffs')))).toBe(0);
  });

  it('saves once, moves a winner on, and is deleted by admins and managers only', async () => {
    const body = { league_id: league.ID, duration: 60, round_settings: rounds([8, 4, 2]) };
    const res = await ctx.api(t.mod, 'POST', '/league/playoffs', body);
    expect(res.statusCode, res.body).toBe(201);
    const again = await ctx.api(t.mod, 'POST', '/league/playoffs', body);
    expect([again.statusCode, again.json().message]).toEqual([409, SCHEDULE_MESSAGES.playoffsExist]);
    const bracket = (await ctx.api(t.mod, 'GET', `/league/playoffs?league_id=${league.ID}`)).json() as MatchRecord[];
    expect(bracket).toHaveLength(7);
    expect(bracket.filter((m) => m.is_bye)).toHaveLength(3);
    expect(bracket.filter((m) => m.is_bye).every((m) => m.event === null)).toBe(true);
    const [a, , , d, e] = seeds;
    const quarter = bracket.find((m) => m.level === 8 && m.home_team_id === d)!;
    expect((await ctx.api(t.mod, 'PUT', `/match/${quarter.ID}`, { home_score: 1, away_score: 3 })).statusCode).toBe(200);
    const after = (await ctx.api(t.mod, 'GET', `/league/playoffs?league_id=${league.ID}`)).json() as MatchRecord[];
    expect(after.find((m) => m.level === 8 && m.home_team_id === d)).toMatchObject({ home_score: 1, away_score: 3 });
    expect(after.find((m) => m.level === 4 && m.index === 0)).toMatchObject({ home_team_id: a, away_team_id: e });
    expect((await ctx.api(t.mod, 'PUT', `/match/${quarter.ID}`, { home_team_id: d })).json().message).toBe(SCHEDULE_MESSAGES.playoffTeams);
    expect((await ctx.api(t.mod, 'DELETE', `/league/playoffs/${league.ID}`)).statusCode).toBe(403);
    expect((await ctx.api(t.manager, 'DELETE', `/league/playoffs/${league.ID}`)).json().deleted).toHaveLength(7);
    expect((await ctx.api(t.manager, 'DELETE', `/league/playoffs/${league.ID}`)).json().message).toBe(SCHEDULE_MESSAGES.noPlayoffs);
  });

  it('refuses a bracket the standings cannot fill, with a reason', async () => {
    const res = await ctx.api(t.mod, 'POST', '/league/playoffs/new', { league_id: league.ID, duration: 60, round_settings: rounds([16, 8, 4, 2]) });
    expect([res.statusCode, res.json().message]).toEqual([400, 'A round of 16 needs at least 9 teams; 5 are seeded']);
  });
});

describe('scores only for games that have begun (issue 41 item 6)', () => {
  it('refuses a score or a no-show on a future game, saying when it kicks off; clearing one is allowed', async () => {
    const league = await leagueWithTeams(ctx, t.admin, 'Future League', 2);
    const [a, b] = league.teams;
    const created = await ctx.api(t.mod, 'POST', '/match', { league_id: league.ID, home_team_id: a, away_team_id: b, date: wednesday(20), field_id: MARACANA, duration: 60 });
    expect(created.statusCode, created.body).toBe(201);
    const match = created.json() as MatchRecord;
    const early = notStarted(formatDateTime(wednesday(20), NY));
    for (const change of [{ home_score: 2 }, { away_score: 0 }, { no_show: 'away' }]) {
      const refused = await ctx.api(t.mod, 'PUT', `/match/${match.ID}`, change);
      expect([refused.statusCode, refused.json().message]).toEqual([409, early]);
    }
    expect(early).toBe('This game has not started yet (it kicks off 1/6/2027 20:00): enter its score once it has begun');
    const cleared = await ctx.api(t.mod, 'PUT', `/match/${match.ID}`, { home_score: null, no_show: null, comment: 'Rain check' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const [row] = await ctx.database.db.select().from(matches).where(eq(matches.ID, match.ID));
    expect(row).toMatchObject({ home_score: null, away_score: null, no_show: null, comment: 'Rain check' });
  });
});

describe('POST /match as spec 3 §7 writes it (issue 41 item 4)', () => {
  it('takes is_tournament, index, level and group; a play-off game with its round\'s level; refuses what does not agree', async () => {
    const cup = await leagueWithTeams(ctx, t.admin, 'Spec Cup', 4, { is_tournament: true });
    const [a, b, c, d] = cup.teams;
    const base = { league_id: cup.ID, date: localAt(SEASON_START, 5, 10), field_id: MARACANA, duration: 60, comment: '' };
    const regular = await ctx.api(t.mod, 'POST', '/match', { ...base, home_team_id: a, away_team_id: b, is_tournament: true, index: 3, level: 0, group: 1, match_type: 'regular' });
    expect(regular.statusCode, regular.body).toBe(201);
    expect(regular.json()).toMatchObject({ index: 3, level: 0, group: 1, match_type: 'regular', event: { field_id: MARACANA } });
    const final = await ctx.api(t.mod, 'POST', '/match', { ...base, date: localAt(SEASON_START, 5, 12), home_team_id: c, away_team_id: d, is_tournament: true, index: 0, level: 2, group: null, match_type: 'playoffs' });
    expect(final.statusCode, final.body).toBe(201);
    expect(final.json()).toMatchObject({ level: 2, index: 0, match_type: 'playoffs' });
    const bracket = (await ctx.api(t.mod, 'GET', `/league/playoffs?league_id=${cup.ID}`)).json() as MatchRecord[];
    expect(bracket.map((m) => m.ID)).toEqual([final.json().ID]);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ is_tournament: false }, 400, SCHEDULE_MESSAGES.tournamentMismatch],
      [{ level: 4 }, 400, expect.stringMatching(/^level: a play-off game has its round's level/) as unknown as string],
      [{ match_type: 'playoffs', level: 2, index: 0 }, 409, SCHEDULE_MESSAGES.playoffPlaceTaken],
      [{ match_type: 'playoffs', level: 4, index: 2 }, 400, expect.stringMatching(/^level: /) as unknown as string],
    ];
    for (const [extra, status, message] of cases) {
      const res = await ctx.api(t.mod, 'POST', '/match', { ...base, date: localAt(SEASON_START, 6, 10), home_team_id: a, away_team_id: c, is_tournament: true, ...extra });
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    expect(await ctx.database.db.$count(matches, eq(matches.league_id, cup.ID))).toBe(2);
  });
});

describe('a one-day cup (M1 of issue 41)', () => {
  // 1/23/2027 to 1/23/2027, 7 teams (groups of 4 and 3), Maracanã and San Siro free 09:00–18:00 that
  // Saturday: twelve 45-minute kick-offs each.
  const day = zonedTime(2027, 1, 23, 0, NY);
  const saturday = [MARACANA, SAN_SIRO].map((field) => ({ field, weekday: 6, start_time: '09:00', end_time: '18:00' }));
  const oneDay = { start_date: day, end_date: day + 86_400 - 1, duration: 45 };

  it('plays every game on its day, in consecutive kick-offs, and saves them all on that day', async () => {
    const cup = await leagueWithTeams(ctx, t.admin, 'Walk Spring Cup', 7, { is_tournament: true, ...oneDay });
    const res = await build(t.admin, cup, { games: 3, duration: 45, start_date: day, slots: saturday }, '/tournament/schedule');
    expect(res.statusCode, res.body).toBe(200);
    const built = res.json() as { matches: ProposedMatch[]; shortfall: unknown; extra: Array<{ team_id: number; games: number }> };
    const games = built.matches.filter((m) => !m.is_bye);
    expect(games).toHaveLength(11);
    expect(built.shortfall).toBeNull();
    // Group 2 (3 teams × 3 games) gives one of its teams a fourth game, and says which.
    expect(built.extra).toEqual([{ team_id: expect.any(Number), games: 4 }]);
    expect(cup.teams.slice(4)).toContain(built.extra[0].team_id);
    expect(games.every((m) => m.date >= day && m.date < day + 86_400 && m.is_ok)).toBe(true);
    expect(games.map((m) => formatDateTime(m.date, NY).split(' ')[1]).sort()).toEqual(['09:00', '09:00', '09:45', '09:45', '10:30', '10:30', '11:15', '11:15', '12:00', '12:45', '13:30']);
    const saved = await save(t.admin, cup, built.matches);
    expect(saved.statusCode, saved.body).toBe(201);
    const booked = await ctx.database.db.select().from(events).where(inArray(events.match_id, (saved.json() as MatchRecord[]).map((m) => m.ID)));
    expect(booked).toHaveLength(11);
    expect(booked.every((e) => e.start_date >= day && e.end_date <= day + 86_400)).toBe(true);
  });

  it('says how many games are left over and why, before saving, when they do not fit the day', async () => {
    const cup = await leagueWithTeams(ctx, t.admin, 'Short Cup', 7, { is_tournament: true, ...oneDay });
    // One field from 09:00 to 12:00: four kick-offs for eleven games.
    const res = await build(t.admin, cup, { games: 3, duration: 45, start_date: day, slots: [{ ...saturday[0], end_time: '12:00' }] }, '/tournament/schedule');
    expect(res.statusCode, res.body).toBe(200);
    const built = res.json() as { matches: ProposedMatch[]; shortfall: { games: number; reason: string; cells: number; days: number; wanted: number; teams: Array<{ team_id: number; games: number }> } };
    expect(built.matches.filter((m) => !m.is_bye)).toHaveLength(4);
    expect(built.shortfall).toMatchObject({ games: 7, reason: 'slots', cells: 4, days: 1, wanted: 11 });
    expect(built.shortfall.teams.reduce((sum, team) => sum + team.games, 0)).toBe(14);
    // A league of one day plays one game a team that day: the rest does not fit, one a day.
    const league = await leagueWithTeams(ctx, t.admin, 'One-Day League', 4, oneDay);
    const asLeague = (await build(t.admin, league, { games: 3, duration: 45, start_date: day, slots: saturday })).json();
    expect(asLeague.shortfall).toMatchObject({ games: 4, reason: 'one_a_day', cells: 24, days: 1, wanted: 6 });
    expect(asLeague.matches.filter((m: ProposedMatch) => !m.is_bye)).toHaveLength(2);
  });
});

describe('live scores from the scoreboard', () => {
  it('gives the match booked on the board\'s field now the board\'s score as it changes (teams as typed on the board), audited', async () => {
    const league = await leagueWithTeams(ctx, t.admin, 'Live League', 2);
    const [a, b] = league.teams;
    const created = await ctx.api(t.mod, 'POST', '/match', { league_id: league.ID, home_team_id: a, away_team_id: b, date: wednesday(20) + weeksOn(25) - SEASON_START, field_id: MARACANA, duration: 60 });
    expect(created.statusCode, created.body).toBe(201);
    const match = created.json() as MatchRecord;
    // The game is on now: its booking is moved around the present (the guard would refuse a closed hour).
    const now = Math.floor(Date.now() / 1000);
    await ctx.database.db.update(events).set({ start_date: now - 600, end_date: now + 3000 }).where(eq(events.match_id, match.ID));
    await createBoard(ctx.database.db, 1, 42001);
    const board = await connectBoard(await socketUrl(ctx.app), 42001, ctx.config.scoreboardSecret);
    try {
      const scoreOf = async () => (await ctx.database.db.select().from(matches).where(eq(matches.ID, match.ID)))[0];
      const until = async (want: [number, number]) => {
        for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
          const row = await scoreOf();
          if (row.home_score === want[0] && row.away_score === want[1]) return;
          await new Promise((resolve) => setImmediate(resolve));
        }
        throw new Error(`the match never reached ${want}`);
      };
      // The board calls the away team home: its scores are swapped into the match's.
      board.send({ action: 'set', home: 'live league b', away: 'Live League A' });
      await until([0, 0]);
      board.send({ action: 'update', home_score: 2, away_score: 1, timer: 600 });
      await until([1, 2]);
      const table = (await ctx.api(t.mod, 'GET', `/league/standings?league_id=${league.ID}`)).json();
      expect(table[0]).toMatchObject({ team_id: b, points: 3, gf: 2 });
      expect(await ctx.database.db.$count(changelog, and(eq(changelog.object_type, 'match'), eq(changelog.object_id, match.ID), isNull(changelog.user_id)))).toBe(2);
    } finally {
      board.close();
    }
  });
});

describeOnPostgres('two builders saving onto the same slots', () => {
  it('lets one win; the other is refused and then sees Taken', async () => {
    const [one, two] = [await leagueWithTeams(ctx, t.admin, 'Race One', 4), await leagueWithTeams(ctx, t.admin, 'Race Two', 4)];
    const slots = wednesdays([MARACANA, SAN_SIRO]);
    const proposals = await Promise.all([one, two].map(async (league) => ((await build(t.admin, league, { games: 3, slots, start_date: weeksOn(40) })).json() as { matches: ProposedMatch[] }).matches));
    const answers = await Promise.all([save(t.admin, one, proposals[0]), save(t.admin, two, proposals[1])]);
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 1 });
    const loser = answers[0].statusCode === 409 ? one : two;
    expect(await ctx.database.db.$count(matches, eq(matches.league_id, loser.ID))).toBe(0);
    const rebuilt = ((await build(t.admin, loser, { games: 3, slots, start_date: weeksOn(40) })).json() as { matches: ProposedMatch[] }).matches;
    expect(rebuilt).toHaveLength(6);
    expect(rebuilt.every((m) => !m.is_ok)).toBe(true);
  });
});
