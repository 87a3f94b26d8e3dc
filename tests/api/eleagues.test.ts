import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELEAGUE_MESSAGES, type EmatchRecord, type EplayerRecord } from '../../core/api/eleagues';
import { actionLogs, customers, ematches, eplayerSignups, eplayers } from '../../server/db/schema';
import type { StaffTokens, TestContext } from './harness';
import { eleagueFixture, type EleagueFixture } from './support/eleagues';

// E-leagues (spec 3 §2.5, §3 "E-player" and "E-match", §4, §7, §9; issue 27 items 3–5): the office finds
// and edits e-players, lists, adds and scores e-matches, reads standings and play-offs, schedules an
// e-league; a coach or referee cannot; another facility's e-league is 404; the day's list is mailed and
// the no-shows (3–0) recorded once per league and day (concurrently on PostgreSQL: eleagues-races.test.ts).

let f: EleagueFixture;
let ctx: TestContext;
let t: StaffTokens;
const HOUR = 3600;

beforeAll(async () => { f = await eleagueFixture(); ({ ctx, t } = f); });
afterAll(async () => { await ctx?.close(); });

describe('e-players', () => {
  it('lists an e-league\'s players with their sign-ups, finds one by gamertag or Discord name, and keeps other facilities out', async () => {
    const listed = await ctx.api(t.mod, 'GET', `/eplayer?league_id=${f.league}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json() as EplayerRecord[];
    expect(rows.map((r) => r.ID).sort()).toEqual([...f.players].sort());
    expect(rows.find((r) => r.ID === f.players[0])).toMatchObject({
      console_id: 'AnaTheStrikerOfBrooklyn77', discord_username: 'ana#1', signup_id: f.signups[0], customer: { first_name: 'Ana', last_name: 'Arce', email: 'ana@players.test' },
    });
    expect((await ctx.api(t.manager, 'GET', '/eplayer?query=striker')).json().map((r: EplayerRecord) => r.ID)).toEqual([f.players[0]]);
    expect((await ctx.api(t.manager, 'GET', '/eplayer?query=cy%233')).json().map((r: EplayerRecord) => r.ID)).toEqual([f.players[2]]);
    // A wildcard is a character like any other.
    expect((await ctx.api(t.admin, 'GET', '/eplayer?query=%25')).json()).toEqual([]);
    // Facility 2's manager sees its own customers, not facility 1's e-league or its other players.
    expect((await ctx.api(t.manager2, 'GET', `/eplayer?league_id=${f.league}`)).statusCode).toBe(404);
    expect((await ctx.api(t.manager2, 'GET', '/eplayer?query=striker')).json()).toEqual([]);
    expect((await ctx.api(t.manager2, 'GET', `/eplayer/${f.players[0]}`)).statusCode).toBe(404);
    expect((await ctx.api(t.manager2, 'GET', `/eplayer/${f.players[2]}`)).statusCode).toBe(200);
    expect((await ctx.api(t.admin, 'GET', '/eplayer')).statusCode).toBe(400);
    expect((await ctx.api(t.admin, 'GET', `/eplayer?league_id=${f.plainLeague}`)).json().message).toBe(ELEAGUE_MESSAGES.notELeague);
  });

  it('is for the office: a coach or referee cannot', async () => {
    for (const who of ['coach', 'referee'] as const) {
      expect((await ctx.api(t[who], 'GET', '/eplayer?query=a')).statusCode).toBe(403);
      expect((await ctx.api(t[who], 'GET', `/ematch/matches?league_id=${f.league}`)).statusCode).toBe(403);
      expect((await ctx.api(t[who], 'POST', `/ematch/send?league_id=${f.league}&start=${f.DAY0}`)).statusCode).toBe(403);
      expect((await ctx.api(t[who], 'POST', `/ematch/noshow?league_id=${f.league}&start=${f.DAY0}`)).statusCode).toBe(403);
      expect((await ctx.api(t[who], 'POST', '/log/check', { log_type: 'ematch_send', key: `${f.league}-2030-01-01` })).statusCode).toBe(403);
    }
  });

  it('reads and edits an e-player with their e-leagues, and takes one out of an e-league', async () => {
    const one = (await ctx.api(t.mod, 'GET', `/eplayer/${f.players[1]}`)).json();
    expect(one.leagues).toEqual([{ signup_id: f.signups[1], ID: f.league, name: 'FIFA League' }]);
    const edited = await ctx.api(t.mod, 'PUT', `/eplayer/${f.players[1]}`, { console_id: 'BenTheGreat', discord_username: 'benny#9' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ console_id: 'BenTheGreat', discord_username: 'benny#9' });
    expect((await ctx.api(t.mod, 'PUT', `/eplayer/${f.players[1]}`, { console_id: ' ' })).json().message).toBe(`console_id: ${ELEAGUE_MESSAGES.consoleId}`);
    expect((await ctx.api(t.manager2, 'PUT', `/eplayer/${f.players[1]}`, { discord_username: 'x' })).statusCode).toBe(404);
    await ctx.api(t.mod, 'PUT', `/eplayer/${f.players[1]}`, { console_id: 'BenB', discord_username: 'ben#2' });

    // Facility 2's manager cannot take a player out of facility 1's e-league.
    expect((await ctx.api(t.manager2, 'DELETE', `/eplayer/signup/${f.signups[3]}`)).statusCode).toBe(404);
    const removed = await ctx.api(t.manager, 'DELETE', `/eplayer/signup/${f.signups[3]}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ID: f.signups[3], league_id: f.league, eplayer_id: f.players[3] });
    expect((await ctx.api(t.manager, 'DELETE', `/eplayer/signup/${f.signups[3]}`)).statusCode).toBe(404);
    // Signed up again for the tests below.
    const [again] = await ctx.database.db.insert(eplayerSignups).values({ eplayer_id: f.players[3], league_id: f.league }).returning();
    f.signups[3] = again.ID;
  });
  it('signs a customer up: their e-player, or a new one made from the console id given; 409 the second time; 400 without a console id', async () => {
    const db = ctx.database.db;
    const [eve] = await db.insert(customers).values({ first_name: 'Eve', last_name: 'Ek', facility_id: 1, email: 'eve@players.test' }).returning();
    const [fay] = await db.insert(customers).values({ first_name: 'Fay', last_name: 'Fox', facility_id: 2, email: 'fay@players.test' }).returning();
    // No customer: the declaration's reason (the form says it under Customer before calling).
    expect((await ctx.api(t.manager, 'POST', '/eplayer/signup', { league_id: f.league })).json().message).toBe(`customer_id: ${ELEAGUE_MESSAGES.pickCustomer}`);
    // Eve has no e-player yet: the console id and the console are needed.
    const missing = await ctx.api(t.manager, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: eve.ID });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(`console_id: ${ELEAGUE_MESSAGES.consoleId}`);
    expect((await ctx.api(t.manager, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: eve.ID, console_id: 'EveK' })).json().message).toBe(`console: ${ELEAGUE_MESSAGES.console}`);
    expect(await db.select().from(eplayers).where(eq(eplayers.customer_id, eve.ID))).toEqual([]);

    const made = await ctx.api(t.manager, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: eve.ID, console_id: ' EveTheKeeper ', console: 'XBOX', discord_username: 'eve#5' });
    expect(made.statusCode, made.body).toBe(201);
    const player = made.json() as EplayerRecord;
    expect(player).toMatchObject({ console_id: 'EveTheKeeper', console: 'XBOX', discord_username: 'eve#5', customer: { ID: eve.ID, first_name: 'Eve' } });
    const [signup] = await db.select().from(eplayerSignups).where(and(eq(eplayerSignups.eplayer_id, player.ID), eq(eplayerSignups.league_id, f.league)));
    expect(player.signup_id).toBe(signup.ID);
    // A second time: 409, and still one sign-up.
    const again = await ctx.api(t.mod, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: eve.ID });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ELEAGUE_MESSAGES.alreadySignedUp);
    expect(await db.select().from(eplayerSignups).where(eq(eplayerSignups.eplayer_id, player.ID))).toHaveLength(1);
    // Not another facility's e-league or customer, not a plain league, not for a coach.
    expect((await ctx.api(t.manager2, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: fay.ID, console_id: 'FayF', console: 'PS4' })).statusCode).toBe(404);
    expect((await ctx.api(t.manager, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: fay.ID, console_id: 'FayF', console: 'PS4' })).statusCode).toBe(404);
    expect((await ctx.api(t.manager, 'POST', '/eplayer/signup', { league_id: f.plainLeague, customer_id: eve.ID })).json().message).toBe(ELEAGUE_MESSAGES.notELeague);
    expect((await ctx.api(t.coach, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: eve.ID })).statusCode).toBe(403);
    expect(await db.select().from(eplayers).where(eq(eplayers.customer_id, fay.ID))).toEqual([]);
    // Taken out again, Eve's e-player is signed up as it is (no console id needed).
    await ctx.api(t.manager, 'DELETE', `/eplayer/signup/${signup.ID}`);
    const back = await ctx.api(t.manager, 'POST', '/eplayer/signup', { league_id: f.league, customer_id: eve.ID });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ ID: player.ID, console_id: 'EveTheKeeper' });
    await ctx.api(t.manager, 'DELETE', `/eplayer/signup/${back.json().signup_id}`);
  });
});

describe('e-matches', () => {
  it('adds one between two players of the e-league, scores it, and refuses others', async () => {
    const [a, b, c] = f.players;
    const created = await ctx.api(t.mod, 'POST', '/ematch', { league_id: f.league, home_player_id: a, away_player_id: b, date: f.DAY0 + 100 * HOUR, duration: 15 });
    expect(created.statusCode, created.body).toBe(201);
    const match = created.json() as EmatchRecord;
    expect(match).toMatchObject({ home_player: { ID: a, console_id: 'AnaTheStrikerOfBrooklyn77', name: 'Ana Arce' }, away_player: { ID: b }, home_score: null, level: 0 });
    expect(match.token).toMatch(/^[0-9a-f]{32}$/);
    expect((await ctx.api(t.mod, 'POST', '/ematch', { league_id: f.league, home_player_id: a, away_player_id: a, date: f.DAY0 })).json().message).toBe(ELEAGUE_MESSAGES.players);
    expect((await ctx.api(t.mod, 'POST', '/ematch', { league_id: f.plainLeague, home_player_id: a, away_player_id: c, date: f.DAY0 })).json().message).toBe(ELEAGUE_MESSAGES.notELeague);
    expect((await ctx.api(t.manager2, 'POST', '/ematch', { league_id: f.league, home_player_id: a, away_player_id: c, date: f.DAY0 })).statusCode).toBe(404);

    const scored = await ctx.api(t.mod, 'PUT', `/ematch/${match.ID}`, { home_score: 2 });
    expect(scored.json()).toMatchObject({ home_score: 2, away_score: null });
    expect((await ctx.api(t.mod, 'PUT', `/ematch/${match.ID}`, { away_score: 1 })).json()).toMatchObject({ home_score: 2, away_score: 1 });
    expect((await ctx.api(t.mod, 'PUT', `/ematch/${match.ID}`, { away_score: -1 })).statusCode).toBe(400);
    expect((await ctx.api(t.manager2, 'PUT', `/ematch/${match.ID}`, { away_score: 0 })).statusCode).toBe(404);
    expect((await ctx.api(t.mod, 'PUT', '/ematch/99999999', { away_score: 0 })).statusCode).toBe(404);
  });

  it('lists them in pages of 50, ranks the standings, and answers the play-offs by round', async () => {
    const [a, b, c, d] = f.players;
    for (let i = 0; i < 55; i++) await f.ematch(i % 2 ? c : d, i % 2 ? d : c, 200 + i);
    const first = (await ctx.api(t.mod, 'GET', `/ematch/matches?league_id=${f.league}`)).json();
    expect(first.matches).toHaveLength(50);
    expect(first.total).toBe(56);
    const second = (await ctx.api(t.mod, 'GET', `/ematch/matches?league_id=${f.league}&page=2`)).json();
    expect(second.matches).toHaveLength(6);
    expect(second.matches.at(-1).date).toBeGreaterThan(first.matches[49].date);

    const table = (await ctx.api(t.mod, 'GET', `/ematch/standings?league_id=${f.league}`)).json();
    expect(table[0]).toMatchObject({ id: a, team: 'AnaTheStrikerOfBrooklyn77', points: 3, won: 1, gf: 2, ga: 1 });
    expect(table.find((r: { id: number }) => r.id === b)).toMatchObject({ points: 0, lost: 1 });
    expect(table).toHaveLength(4);

    const semi = await f.ematch(a, c, 300, { level: 4 });
    const final = await f.ematch(a, b, 400, { level: 2 });
    const playoffs = (await ctx.api(t.mod, 'GET', `/ematch/playoffs?league_id=${f.league}`)).json();
    expect(playoffs.map((m: EmatchRecord) => [m.ID, m.level])).toEqual([[semi, 4], [final, 2]]);
    await ctx.database.db.delete(ematches).where(eq(ematches.league_id, f.league));
  });

  it('answers one player\'s e-matches in the e-league, by date (GET /ematch/player, spec 3 §7)', async () => {
    const [a, b, c, d] = f.players;
    const ids = [await f.ematch(c, a, 30), await f.ematch(a, b, 10), await f.ematch(b, c, 20), await f.ematch(d, a, 40, { level: 2 })];
    const res = await ctx.api(t.mod, 'GET', `/ematch/player?league_id=${f.league}&player_id=${a}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as EmatchRecord[];
    expect(rows.map((m) => m.ID)).toEqual([ids[1], ids[0], ids[3]]);
    expect(rows.every((m) => m.home_player?.ID === a || m.away_player?.ID === a)).toBe(true);
    expect(rows[2]).toMatchObject({ level: 2, home_player: { ID: d }, date_parsed: expect.any(String) });
    // A player with none answers an empty list; another facility's e-league or an unknown player is 404; a coach may not.
    const [customer] = await ctx.database.db.insert(customers).values({ first_name: 'Lou', last_name: 'Lone', facility_id: 1 }).returning();
    const [{ ID: lone }] = await ctx.database.db.insert(eplayers).values({ customer_id: customer.ID, console_id: 'Lone', console: 'XBOX' }).returning();
    expect((await ctx.api(t.mod, 'GET', `/ematch/player?league_id=${f.league}&player_id=${lone}`)).json()).toEqual([]);
    expect((await ctx.api(t.manager2, 'GET', `/ematch/player?league_id=${f.league}&player_id=${a}`)).statusCode).toBe(404);
    expect((await ctx.api(t.mod, 'GET', `/ematch/player?league_id=${f.league}&player_id=999999`)).statusCode).toBe(404);
    expect((await ctx.api(t.coach, 'GET', `/ematch/player?league_id=${f.league}&player_id=${a}`)).statusCode).toBe(403);
    expect((await ctx.api(t.mod, 'GET', `/ematch/player?league_id=${f.league}`)).statusCode).toBe(400);
    await ctx.database.db.delete(ematches).where(eq(ematches.league_id, f.league));
  });

  it('schedules an e-league: a fair round robin of its players, one console per match, once', async () => {
    const body = { league_id: f.league, games: 3, start_date: f.DAY0 + 10 * 86_400, duration: 15, slots: [{ weekday: 3, start_time: '19:00', end_time: '20:00', consoles: 2 }] };
    expect((await ctx.api(t.coach, 'POST', '/league/schedule', body)).statusCode).toBe(403);
    expect((await ctx.api(t.manager2, 'POST', '/league/schedule', body)).statusCode).toBe(404);
    const res = await ctx.api(t.manager, 'POST', '/league/schedule', body);
    expect(res.statusCode, res.body).toBe(201);
    const games = res.json() as EmatchRecord[];
    // 4 players, 3 games each: 6 matches, every pair once, two at a time (one per console).
    expect(games).toHaveLength(6);
    const pairs = new Set(games.map((m) => [m.home_player!.ID, m.away_player!.ID].sort((x, y) => x - y).join('-')));
    expect(pairs.size).toBe(6);
    const perKickOff = new Map<number, number>();
    for (const m of games) perKickOff.set(m.date, (perKickOff.get(m.date) ?? 0) + 1);
    expect(Math.max(...perKickOff.values())).toBeLessThanOrEqual(2);
    for (const m of games) expect(m.time_parsed).toMatch(/^19:(00|15|30|45)$/);
    const again = await ctx.api(t.manager, 'POST', '/league/schedule', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ELEAGUE_MESSAGES.scheduled);
    await ctx.database.db.delete(ematches).where(eq(ematches.league_id, f.league));
  });

  it('refuses a schedule whose matches do not all fit within the e-league\'s dates, saving none', async () => {
    // From the e-league's last week: one Wednesday evening (or two) for 4 players × 3 games.
    const body = { league_id: f.league, games: 3, start_date: f.DAY0 + 54 * 86_400, duration: 15, slots: [{ weekday: 3, start_time: '19:00', end_time: '19:30', consoles: 1 }] };
    const res = await ctx.api(t.manager, 'POST', '/league/schedule', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^\d of the 6 matches do not fit between \S+ and \S+ \(the slots hold \d on \d days, a player one match a day\): add slots or consoles, or ask fewer games$/);
    expect(await ctx.database.db.$count(ematches, eq(ematches.league_id, f.league))).toBe(0);
  });
});

describe('the day\'s list and the no-shows', () => {
  it('mails each player of the day their matches once, says so to /log/check, and refuses a second send (409)', async () => {
    const [a, b, c, d] = f.players;
    await f.ematch(a, b, 15);
    await f.ematch(c, d, 15);
    await f.ematch(a, c, 16);
    // The next day's match is not on this day's list.
    await f.ematch(b, d, 40);
    const start = f.DAY0 + 12 * HOUR;
    const day = (await ctx.api(t.mod, 'GET', `/ematch/day?league_id=${f.league}&start=${start}`)).json();
    expect(day).toHaveLength(3);
    const key = `${f.league}-${new Date(f.DAY0 * 1000).toISOString().slice(0, 10)}`;
    expect((await ctx.api(t.mod, 'POST', '/log/check', { log_type: 'ematch_send', key })).json()).toEqual({ done: false, at: null });
    expect((await ctx.api(t.mod, 'POST', '/log/check', { log_type: 'ematch_send', key: 'today' })).json().message).toBe(`key: ${ELEAGUE_MESSAGES.badKey}`);
    expect((await ctx.api(t.manager2, 'POST', '/log/check', { log_type: 'ematch_send', key })).statusCode).toBe(404);

    const before = ctx.outbox.length;
    const sent = await ctx.api(t.mod, 'POST', `/ematch/send?league_id=${f.league}&start=${start}`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ key, sent: 4 });
    // The mails are durable jobs of the send (enqueued with its log row), sent by the worker.
    await expect.poll(() => ctx.outbox.length - before).toBe(4);
    const mails = ctx.outbox.slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@players.test', 'ben@players.test', 'cy@players.test', 'di@players.test']);
    const ana = mails.find((m) => m.to === 'ana@players.test')!;
    expect(ana.text).toContain('AnaTheStrikerOfBrooklyn77 vs BenB (opponent on Discord: ben#2)');
    expect(ana.text).toContain('AnaTheStrikerOfBrooklyn77 vs CyC (opponent on Discord: cy#3)');
    expect(ana.text).not.toContain('DiD');
    // DAY0 + 15 h UTC is 10:00 or 11:00 in New York.
    expect(ana.text).toMatch(/ 1[01]:00 — AnaTheStrikerOfBrooklyn77 vs BenB/);

    const check = (await ctx.api(t.mod, 'POST', '/log/check', { log_type: 'ematch_send', key })).json();
    expect(check.done).toBe(true);
    const second = await ctx.api(t.manager, 'POST', `/ematch/send?league_id=${f.league}&start=${start + HOUR}`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ELEAGUE_MESSAGES.alreadySent);
    expect(ctx.outbox.length).toBe(before + 4);
    // A day without matches sends nothing and logs nothing.
    expect((await ctx.api(t.mod, 'POST', `/ematch/send?league_id=${f.league}&start=${f.DAY0 + 5 * 86_400}`)).json().message).toBe(ELEAGUE_MESSAGES.noMatches);
    expect((await ctx.api(t.manager2, 'POST', `/ematch/send?league_id=${f.league}&start=${start}`)).statusCode).toBe(404);
  });

  it('records the no-shows once: the one who checked in wins 3–0; a scored match or one nobody came to stays', async () => {
    const [a, b, c, d] = f.players;
    const start = f.DAY0 + 20 * 86_400;
    const at = (h: number) => 20 * 24 + h;
    const homeOnly = await f.ematch(a, b, at(15), { home_checked_in: true });
    const awayOnly = await f.ematch(c, d, at(15), { away_checked_in: true });
    const both = await f.ematch(a, c, at(16), { home_checked_in: true, away_checked_in: true });
    const nobody = await f.ematch(b, d, at(16));
    const scored = await f.ematch(b, c, at(17), { home_checked_in: true, home_score: 1, away_score: 1 });
    const res = await ctx.api(t.mod, 'POST', `/ematch/noshow?league_id=${f.league}&start=${start + 12 * HOUR}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().no_shows).toEqual([homeOnly, awayOnly]);
    const score = async (id: number) => {
      const [m] = await ctx.database.db.select().from(ematches).where(eq(ematches.ID, id));
      return [m.home_score, m.away_score];
    };
    expect(await score(homeOnly)).toEqual([3, 0]);
    expect(await score(awayOnly)).toEqual([0, 3]);
    expect(await score(both)).toEqual([null, null]);
    expect(await score(nobody)).toEqual([null, null]);
    expect(await score(scored)).toEqual([1, 1]);
    const again = await ctx.api(t.manager, 'POST', `/ematch/noshow?league_id=${f.league}&start=${start + 13 * HOUR}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ELEAGUE_MESSAGES.alreadyNoShows);
    const logs = await ctx.database.db.select().from(actionLogs).where(and(eq(actionLogs.log_type, 'ematch_noshow'), eq(actionLogs.key, res.json().key)));
    expect(logs).toHaveLength(1);
    expect((await ctx.api(t.mod, 'POST', '/log/check', { log_type: 'ematch_noshow', key: res.json().key })).json().done).toBe(true);
  });
});
