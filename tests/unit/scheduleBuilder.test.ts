import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BYE, buildSchedule, planSchedule, scheduleProblem, type Schedule, type ScheduledMatch, type ScheduleInput } from '../../core/schedule/builder';
import { conflictRows, doubleHeaderRows, fieldCounts, homeAwayGap, kickOffCounts, spread } from '../../core/schedule/fairness';
import { tournamentGroups } from '../../core/schedule/groups';
import { minutesOfDay, slotDays, slotKickOffs, type Cell, type SchedulerSlot } from '../../core/schedule/slots';
import { wallClock, zonedMidnight } from '../../core/time';

// The schedule builder (issues 25 and 41): property tests over random leagues and tournaments (3–30
// teams, 1 to 2 × (n − 1) games, 1–4 slots on 1–3 fields, start dates around the daylight-saving
// changes in New York, with or without an end date), then worked examples.

const NY = 'America/New_York';
const ny = (local: string) => dayjs.tz(local, NY).unix();
const local = (s: number) => dayjs.unix(s).tz(NY).format('YYYY-MM-DD HH:mm');
const localDay = (s: number) => { const w = wallClock(s, NY); return Date.UTC(w.year, w.month - 1, w.day) / 86_400_000; };
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// Start dates within two weeks either side of a change of clocks (New York, 2026–2029), and any day.
const CHANGES = ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07', '2028-03-12', '2028-11-05', '2029-03-11', '2029-11-04'].map((d) => ny(`${d} 00:00`));
const startDate = fc.oneof(
  fc.tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -14 * 96, max: 14 * 96 })).map(([change, quarter]) => change + quarter * 900),
  fc.integer({ min: ny('2026-01-01 00:00'), max: ny('2029-12-31 00:00') }),
);

/** Slots that hold at least one match each, no two of a field overlapping on a weekday. */
const slotsFor = (duration: number) => fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(fc.record({
  field: fc.integer({ min: 0, max: 2 }),
  weekday: fc.integer({ min: 0, max: 6 }),
  start: fc.integer({ min: 8 * 4, max: 21 * 4 }).map((q) => q * 15),
  matches: fc.integer({ min: 1, max: 4 }),
  extra: fc.constantFrom(0, 15, 30),
}), { minLength: 1, maxLength: 4 })).map(([fields, raw]) => {
  const slots: SchedulerSlot[] = [];
  for (const s of raw) {
    const field = 10 + (s.field % fields);
    const end = Math.min(24 * 60, s.start + s.matches * duration + s.extra);
    if (end - s.start < duration) continue;
    const clash = slots.some((o) => o.field === field && o.weekday === s.weekday && minutesOfDay(o.start_time)! < end && s.start < minutesOfDay(o.end_time)!);
    if (!clash) slots.push({ field, weekday: s.weekday, start_time: hhmm(s.start), end_time: hhmm(end) });
  }
  return slots;
}).filter((slots) => slots.length > 0);

/** A league (one game a team a day) or a tournament (pack_days), ending after 0 to 120 days or open-ended. */
const league = fc.integer({ min: 3, max: 30 }).chain((n) => fc.record({
  teams: fc.constant(Array.from({ length: n }, (_, i) => 100 + i * 7)),
  games: fc.integer({ min: 1, max: 2 * (n - 1) }),
  pools: fc.boolean(),
  pack_days: fc.boolean(),
  days: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
  start_date: startDate,
  duration: fc.constantFrom(45, 50, 60, 90),
})).chain((l) => slotsFor(l.duration).map((slots): ScheduleInput => ({
  teams: l.teams, games: l.games, start_date: l.start_date, duration: l.duration, slots, time_zone: NY,
  ...(l.pack_days ? { pack_days: true } : {}),
  // The league's last day ends at 23:59:59 of its end date, as the league dialog saves it.
  ...(l.days === undefined ? {} : { end_date: zonedMidnight(wallClock(l.start_date, NY).year, wallClock(l.start_date, NY).month, wallClock(l.start_date, NY).day + l.days + 1, NY) - 1 }),
  ...(l.pools && l.teams.length > 5 ? { groups: tournamentGroups(l.teams.length) } : {}),
})));

const groupsOf = (input: ScheduleInput) => {
  const byGroup = new Map<number, number[]>();
  input.teams.forEach((team, i) => {
    const group = input.groups?.[i] ?? 0;
    byGroup.set(group, [...(byGroup.get(group) ?? []), team]);
  });
  return byGroup;
};
const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/**
 * Whether a game could have been played in a cell the schedule leaves free, on an earlier day, under
 * the builder's rules: neither team plays then (a league: that day), neither has a game between the
 * cell and the game (each team's games in round order), and every pair of the group met as often as
 * the game's pair had before it, before the cell (a league: on an earlier day). No game may: a day's
 * cells are filled before the next day's.
 */
function couldPlayEarlier(input: ScheduleInput, games: ScheduledMatch[], game: ScheduledMatch, cell: Cell): boolean {
  const [day, length] = [localDay(cell.date), input.duration * 60];
  const teams = [game.home_team_id, game.away_team_id];
  const ofTeams = games.filter((m) => m !== game && teams.some((t) => t === m.home_team_id || t === m.away_team_id));
  if (ofTeams.some((m) => (input.pack_days ? Math.abs(m.date - cell.date) < length : localDay(m.date) === day))) return false;
  if (ofTeams.some((m) => m.date > cell.date && m.date < game.date)) return false;
  const ofGroup = games.filter((m) => (m.group ?? 0) === (game.group ?? 0));
  const meetings = (m: ScheduledMatch) => ofGroup.filter((o) => key(o.home_team_id, o.away_team_id) === key(m.home_team_id, m.away_team_id) && o.date <= m.date).length;
  const before = meetings(game) - 1;
  if (before === 0) return true;
  const earlier = (m: ScheduledMatch) => (input.pack_days ? m.date < cell.date : localDay(m.date) < day);
  // Every pair's `before`-th meeting is before the cell.
  const groupTeams = groupsOf(input).get(game.group ?? 0)!;
  for (let i = 0; i < groupTeams.length; i++) {
    for (let j = i + 1; j < groupTeams.length; j++) {
      const met = ofGroup.filter((m) => key(m.home_team_id, m.away_team_id) === key(groupTeams[i], groupTeams[j])).sort((x, y) => x.date - y.date);
      if (met.length >= before && !earlier(met[before - 1])) return false;
    }
  }
  return true;
}

/** Every rule the builder promises, for one input and its plan: the rules broken, in words. */
function brokenRules(input: ScheduleInput, plan: Schedule): string[] {
  const broken: string[] = [];
  const rule = (holds: boolean, what: () => string) => { if (!holds) broken.push(what()); };
  const schedule = plan.matches;
  const games = schedule.filter((m) => !m.is_bye);
  const byes = schedule.filter((m) => m.is_bye);
  const days = new Map<number, number>();
  const dayOf = (date: number) => days.get(date) ?? days.set(date, localDay(date)).get(date)!;

  // Each game in a slot's window on its field and weekday, at a kick-off of the slot's back-to-back
  // sequence, in the facility's wall clock (daylight saving never moves it), within the dates.
  for (const m of games) {
    const w = wallClock(m.date, NY);
    const minutes = w.hour * 60 + w.minute;
    const slot = input.slots.find((s) => s.field === m.field_id && s.weekday === w.weekday && minutes >= minutesOfDay(s.start_time)! && minutes + input.duration <= minutesOfDay(s.end_time)!);
    rule(slot !== undefined && (minutes - minutesOfDay(slot.start_time)!) % input.duration === 0, () => `${local(m.date)} on field ${m.field_id} is not a kick-off of a slot`);
    rule(m.date >= input.start_date && m.date <= (input.end_date ?? Infinity), () => `${local(m.date)} is outside the dates`);
    rule(m.duration === input.duration && m.home_team_id !== m.away_team_id, () => `${JSON.stringify(m)} is not a game of the input`);
  }
  // Weeks count Sunday to Saturday from the start date's week.
  const firstSunday = localDay(input.start_date) - wallClock(input.start_date, NY).weekday;
  for (const m of schedule) rule(m.week === Math.floor((dayOf(m.date) - firstSunday) / 7) + 1, () => `week ${m.week} of ${local(m.date)}`);

  // No field holds two games at once, no team plays twice at once, nor (a league) twice on one day.
  rule(conflictRows(schedule).length === 0, () => `conflicts: rows ${conflictRows(schedule)}`);
  if (!input.pack_days) {
    const teamDays = games.flatMap((m) => [`${m.home_team_id}:${dayOf(m.date)}`, `${m.away_team_id}:${dayOf(m.date)}`]);
    rule(new Set(teamDays).size === teamDays.length, () => 'a team plays twice on a day');
  }

  // Home and away within 1 for every team; a pair's next meeting swaps them.
  rule(homeAwayGap(games) <= 1, () => `home and away differ by ${homeAwayGap(games)}`);
  const homes = new Map<string, number[]>();
  for (const m of [...games].sort((a, b) => a.date - b.date)) {
    const k = key(m.home_team_id, m.away_team_id);
    homes.set(k, [...(homes.get(k) ?? []), m.home_team_id]);
  }
  for (const [k, list] of homes) rule(list.every((home, i) => i === 0 || home !== list[i - 1]), () => `pair ${k} hosted by ${list}`);

  // What does not fit is reported; without an end date everything fits.
  const missing = new Map(plan.shortfall?.teams.map((t) => [t.team_id, t.games]) ?? []);
  const extra = new Map(plan.extra.map((t) => [t.team_id, t.games]));
  rule(input.end_date !== undefined || plan.shortfall === null, () => 'a shortfall without an end date');
  rule(plan.shortfall === null || (plan.shortfall.games > 0 && plan.shortfall.wanted === games.length + plan.shortfall.games), () => `shortfall ${JSON.stringify(plan.shortfall)} for ${games.length} games`);

  for (const [group, teams] of groupsOf(input)) {
    const ofGroup = games.filter((m) => (m.group ?? 0) === group);
    const inGroup = new Set(teams);
    rule(ofGroup.every((m) => inGroup.has(m.home_team_id) && inGroup.has(m.away_team_id)), () => `a game of group ${group} has a team of another`);

    // Games per team, played or reported missing: exactly `games` with an even count; with an odd
    // count at least `games`, and one team one more (named in `extra`) only when teams × games is odd.
    const played = new Map(teams.map((t) => [t, 0]));
    for (const m of ofGroup) for (const t of [m.home_team_id, m.away_team_id]) played.set(t, played.get(t)! + 1);
    const asked = teams.map((t) => played.get(t)! + (missing.get(t) ?? 0));
    rule(asked.every((c, i) => c === (extra.get(teams[i]) ?? input.games)), () => `games per team ${asked}, extra ${JSON.stringify(plan.extra)}`);
    const extras = teams.filter((t) => extra.has(t));
    rule(extras.length === (teams.length % 2 === 1 ? (teams.length * input.games) % 2 : 0) && extras.every((t) => extra.get(t) === input.games + 1), () => `extra games ${JSON.stringify(plan.extra)} in group ${group}`);

    // Every pair meets k times before any pair meets k + 1 times (a league: on an earlier day).
    const meetings = new Map<string, number>();
    const pairs = teams.length * (teams.length - 1) / 2;
    const byTime = new Map<number, ScheduledMatch[]>();
    const when = (m: ScheduledMatch) => (input.pack_days ? m.date : dayOf(m.date));
    for (const m of ofGroup) byTime.set(when(m), [...(byTime.get(when(m)) ?? []), m]);
    for (const at of [...byTime.keys()].sort((a, b) => a - b)) {
      const fewest = meetings.size < pairs ? 0 : Math.min(...meetings.values());
      for (const m of byTime.get(at)!) {
        const k = key(m.home_team_id, m.away_team_id);
        rule((meetings.get(k) ?? 0) <= fewest, () => `pair ${k} meets again on ${local(m.date)} before every pair has met as often`);
      }
      for (const m of byTime.get(at)!) meetings.set(key(m.home_team_id, m.away_team_id), (meetings.get(key(m.home_team_id, m.away_team_id)) ?? 0) + 1);
    }

    // Rounds: no team twice in a round, each team's rounds in date order; every round lists its byes
    // (the teams of the group not in it; all of them when the whole round fits), never a team that plays.
    const rounds = [...new Set(ofGroup.map((m) => m.round))].sort((a, b) => a - b);
    const byesOfGroup = byes.filter((b) => (b.group ?? 0) === group);
    for (const round of rounds) {
      const inRound = ofGroup.filter((m) => m.round === round).flatMap((m) => [m.home_team_id, m.away_team_id]);
      rule(new Set(inRound).size === inRound.length, () => `a team plays twice in round ${round}`);
      const roundByes = byesOfGroup.filter((b) => b.round === round).map((b) => b.home_team_id);
      const complete = plan.shortfall === null;
      rule(roundByes.every((b) => !inRound.includes(b)) && (!complete || roundByes.length + inRound.length === teams.length), () => `round ${round} of group ${group} has byes ${roundByes}`);
    }
    for (const team of teams) {
      const mine = ofGroup.filter((m) => m.home_team_id === team || m.away_team_id === team).sort((a, b) => a.date - b.date).map((m) => m.round);
      rule(mine.every((round, i) => i === 0 || round > mine[i - 1]), () => `team ${team} plays rounds ${mine}`);
    }
  }

  // Byes are never games: no field, no time, the other side is BYE.
  for (const b of byes) rule(b.away_team_id === BYE && b.field_id === null && b.duration === 0, () => `bye ${JSON.stringify(b)}`);

  // Days are filled before the next: no game could have taken a free cell of an earlier day (a
  // tournament: any earlier free cell), up to the last game, or the end date when games are left over.
  const last = games.length ? Math.max(...games.map((m) => m.date)) : input.start_date;
  const taken = new Set(games.map((m) => `${m.date}:${m.field_id}`));
  const window = slotDays(input.slots, input.duration, input.start_date, NY, plan.shortfall ? input.end_date : last);
  for (const slotDay of window) {
    for (const cell of slotDay.cells.filter((c) => !taken.has(`${c.date}:${c.field}`))) {
      const later = games.find((m) => (input.pack_days ? m.date > cell.date : dayOf(m.date) > slotDay.day) && couldPlayEarlier(input, games, m, cell));
      rule(!later, () => `${local(later!.date)} could have been played at ${local(cell.date)} on field ${cell.field}`);
    }
  }
  return broken;
}
const checkSchedule = (input: ScheduleInput, plan = planSchedule(input)) => expect(brokenRules(input, plan)).toEqual([]);

describe('the schedule builder (properties)', () => {
  it('keeps every rule on random leagues and tournaments, DST changes and end dates included', () => {
    fc.assert(fc.property(league, (input) => {
      expect(scheduleProblem(input)).toBeNull();
      checkSchedule(input);
    }), { numRuns: 60 });
  }, 120_000);

  it('never places a game outside the dates, and reports what is left over and why', () => {
    // Short windows: a tournament of 0–6 days, a league of 0–6 weeks.
    const short = league.filter((input) => input.end_date !== undefined && input.end_date - input.start_date < 6 * 7 * 86_400);
    let shortfalls = 0;
    fc.assert(fc.property(short, (input) => {
      const plan = planSchedule(input);
      checkSchedule(input, plan);
      if (!plan.shortfall) return;
      shortfalls++;
      const { reason, cells, wanted, days } = plan.shortfall;
      // Too few kick-offs between the dates, or (enough of them) too few days or kick-off times for the rules.
      expect(reason).toBe(cells < wanted ? 'slots' : input.pack_days ? 'at_once' : 'one_a_day');
      expect(days).toBe([...slotDays(input.slots, input.duration, input.start_date, NY, input.end_date)].length);
    }), { numRuns: 60, seed: 41 });
    expect(shortfalls).toBeGreaterThan(10);
  }, 120_000);

  it('the rules checked above catch a schedule that breaks them', () => {
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5], games: 4, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [{ field: 1, weekday: 2, start_time: '18:00', end_time: '21:00' }], time_zone: NY };
    const plan = planSchedule(input);
    expect(brokenRules(input, plan)).toEqual([]);
    const schedule = plan.matches;
    const [first, second] = [schedule[0], schedule[1]];
    const broken = (change: (rows: ScheduledMatch[]) => ScheduledMatch[]) => brokenRules(input, { ...plan, matches: change(structuredClone(schedule)) });
    expect(broken((rows) => rows.map((m) => (m === rows[0] ? { ...m, date: m.date + 1800 } : m)))).toContain(`${local(first.date + 1800)} on field 1 is not a kick-off of a slot`);
    expect(broken((rows) => rows.map((m, i) => (i === 0 ? { ...m, home_team_id: m.away_team_id, away_team_id: m.home_team_id } : m))).join()).toMatch(/hosted by|home and away/);
    expect(broken((rows) => rows.filter((m) => !m.is_bye || m.round !== 1))).toContain('round 1 of group 0 has byes ');
    expect(broken((rows) => rows.map((m, i) => (i === 1 ? { ...m, date: first.date } : m))).join()).toMatch(/conflicts|twice/);
    expect(second.round).toBe(1);
    // A game moved to a later week leaves a cell it could have taken.
    const lastGame = schedule.filter((m) => !m.is_bye).at(-1)!;
    expect(broken((rows) => rows.map((m) => (m.date === lastGame.date && !m.is_bye ? { ...m, date: m.date + 7 * 86_400, week: m.week + 1 } : m))).join()).toMatch(/could have been played/);
    // A game after the end date, and a game left out without a word.
    expect(brokenRules({ ...input, end_date: lastGame.date - 1 }, plan).join()).toMatch(/outside the dates/);
    expect(broken((rows) => rows.filter((m) => m !== rows.find((r) => !r.is_bye && r.round === 3))).join()).toMatch(/games per team/);
    // A tournament's game moved to a later free kick-off of its day leaves a gap it could have filled.
    const cup: ScheduleInput = { ...input, teams: [1, 2, 3, 4], games: 3, pack_days: true, slots: [{ field: 1, weekday: 6, start_time: '09:00', end_time: '18:00' }] };
    const cupPlan = planSchedule(cup);
    expect(brokenRules(cup, cupPlan)).toEqual([]);
    const lastOfCup = cupPlan.matches.filter((m) => !m.is_bye).at(-1)!;
    const moved = cupPlan.matches.map((m) => (m === lastOfCup ? { ...m, date: m.date + 2 * 3600 } : m));
    expect(brokenRules(cup, { ...cupPlan, matches: moved }).join()).toMatch(/could have been played/);
  });

  it('gives the same schedule for the same input', () => {
    fc.assert(fc.property(league, (input) => {
      expect(planSchedule(structuredClone(input))).toEqual(planSchedule(input));
    }), { numRuns: 8 });
  }, 60_000);

  it('keeps kick-off times and fields within 2 of every other team\'s when every slot day offers the same cells and holds a round', () => {
    // The exact bound, "within 1 wherever the numbers allow", is checked against an exhaustive search
    // in scheduleBalance.test.ts. Here, on leagues of any size whose slot days are alike and each
    // hold a whole round, the builder's bound, on a fixed sample (the seed) so that every run checks
    // the same leagues. (Rounds split over unlike days are balanced as well as the days allow, with no
    // bound promised; a tournament fills its days instead.)
    const alike = league.filter((input) => {
      const weekdays = [...new Set(input.slots.map((s) => s.weekday))];
      const cells = (weekday: number) => JSON.stringify(input.slots.filter((s) => s.weekday === weekday).map((s) => [s.field, s.start_time, s.end_time]).sort());
      const perDay = input.slots.filter((s) => s.weekday === weekdays[0]).reduce((sum, s) => sum + slotKickOffs(s, input.duration).length, 0);
      const perRound = [...groupsOf(input).values()].reduce((sum, teams) => sum + Math.floor(teams.length / 2), 0);
      return !input.pack_days && input.end_date === undefined && new Set(weekdays.map(cells)).size === 1 && perDay >= perRound;
    });
    fc.assert(fc.property(alike, (input) => {
      const schedule = buildSchedule(input);
      expect(spread(kickOffCounts(schedule, NY, input.teams))).toBeLessThanOrEqual(2);
      expect(spread(fieldCounts(schedule, input.teams))).toBeLessThanOrEqual(2);
    }), { numRuns: 25, seed: 2025 });
  }, 60_000);
});

describe('the schedule builder (examples)', () => {
  const tuesday = (start_time: string, end_time: string, field = 1): SchedulerSlot => ({ field, weekday: 2, start_time, end_time });

  it('builds a single round robin of 6 teams on one evening a week, back to back from the slot\'s start', () => {
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5, 6], games: 5, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [tuesday('18:00', '21:00')], time_zone: NY };
    const schedule = buildSchedule(input);
    checkSchedule(input);
    expect(schedule).toHaveLength(15);
    expect([...new Set(schedule.map((m) => local(m.date)))].slice(0, 3)).toEqual(['2027-01-05 18:00', '2027-01-05 19:00', '2027-01-05 20:00']);
    expect(schedule.map((m) => m.round)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]);
    expect(schedule.map((m) => m.week)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5]);
    expect(schedule.filter((m) => m.round === 2).map((m) => m.index)).toEqual([0, 1, 2]);
    // 5 games over 3 kick-offs: every team plays 1 or 2 at each.
    expect(spread(kickOffCounts(schedule, NY, input.teams))).toBeLessThanOrEqual(1);
  });

  it('keeps the wall-clock kick-off across the spring and autumn changes of clocks', () => {
    const input: ScheduleInput = { teams: [1, 2], games: 4, start_date: ny('2027-03-01 00:00'), duration: 60, slots: [{ field: 1, weekday: 0, start_time: '19:00', end_time: '20:00' }], time_zone: NY };
    const dates = buildSchedule(input).map((m) => m.date);
    expect(dates.map(local)).toEqual(['2027-03-07 19:00', '2027-03-14 19:00', '2027-03-21 19:00', '2027-03-28 19:00']);
    expect(dates[1] - dates[0]).toBe(7 * 86400 - 3600);
    const autumn = buildSchedule({ ...input, start_date: ny('2027-11-01 00:00'), games: 2 }).map((m) => m.date);
    expect(autumn.map(local)).toEqual(['2027-11-07 19:00', '2027-11-14 19:00']);
    const fall = buildSchedule({ ...input, start_date: ny('2027-10-31 20:00'), games: 2 }).map((m) => m.date);
    expect(fall[1] - fall[0]).toBe(7 * 86400);
  });

  it('skips kick-offs before the start instant on the first day', () => {
    const schedule = buildSchedule({ teams: [1, 2, 3, 4], games: 1, start_date: ny('2027-01-05 18:30'), duration: 60, slots: [tuesday('18:00', '20:00')], time_zone: NY });
    expect(schedule.map((m) => local(m.date))).toEqual(['2027-01-05 19:00', '2027-01-12 18:00']);
  });

  it('gives an odd league a bye a round and a make-up round, so every team gets its games, and lists every round\'s byes', () => {
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5], games: 2, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [tuesday('18:00', '21:00')], time_zone: NY };
    const plan = planSchedule(input);
    checkSchedule(input, plan);
    // Rounds 1 and 2 have a bye each; round 3 pairs the two bye teams, and the three others sit it out.
    const byes = plan.matches.filter((m) => m.is_bye);
    expect(byes.map((m) => m.round)).toEqual([1, 2, 3, 3, 3]);
    const [first, second] = byes.map((m) => m.home_team_id);
    const makeUp = plan.matches.filter((m) => m.round === 3 && !m.is_bye);
    expect(makeUp.flatMap((m) => [m.home_team_id, m.away_team_id]).sort()).toEqual([first, second].sort());
    expect(plan.matches.filter((m) => !m.is_bye)).toHaveLength(5);
    expect(plan.extra).toEqual([]);
  });

  it('names the team that plays one more game when teams × games is odd (5 teams × 7 games), and round 9 lists its bye', () => {
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5], games: 7, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [tuesday('18:00', '21:00')], time_zone: NY };
    const plan = planSchedule(input);
    checkSchedule(input, plan);
    const played = (team: number) => plan.matches.filter((m) => !m.is_bye && (m.home_team_id === team || m.away_team_id === team)).length;
    expect(plan.extra).toHaveLength(1);
    expect(plan.extra[0]).toEqual({ team_id: plan.extra[0].team_id, games: 8 });
    expect(played(plan.extra[0].team_id)).toBe(8);
    expect(input.teams.filter((t) => t !== plan.extra[0].team_id).map(played)).toEqual([7, 7, 7, 7]);
    // Nine rounds (a cycle of 5, 3 more and the make-up round), each with its byes: one in rounds 1–8,
    // and the one team round 9 leaves out.
    const rounds = [...new Set(plan.matches.map((m) => m.round))];
    expect(rounds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const byesOf = (round: number) => plan.matches.filter((m) => m.is_bye && m.round === round).map((m) => m.home_team_id);
    expect(rounds.map((r) => byesOf(r).length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const nine = plan.matches.filter((m) => m.round === 9 && !m.is_bye).flatMap((m) => [m.home_team_id, m.away_team_id]);
    expect([...nine, ...byesOf(9)].sort()).toEqual(input.teams);
  });

  it('continues a round on the next slot day when a day has fewer cells than the round has games', () => {
    // 8 teams (4 games a round) on one field with 3 kick-offs on Tuesdays and Thursdays.
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5, 6, 7, 8], games: 7, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [tuesday('18:00', '21:00'), { field: 1, weekday: 4, start_time: '18:00', end_time: '21:00' }], time_zone: NY };
    const schedule = buildSchedule(input);
    checkSchedule(input);
    const firstRound = schedule.filter((m) => m.round === 1).map((m) => local(m.date).slice(0, 10));
    expect(firstRound.filter((d) => d === '2027-01-05')).toHaveLength(3);
    expect(firstRound.filter((d) => d === '2027-01-07')).toHaveLength(1);
    // Every cell is used while games are left: 28 games in 10 evenings (9 full, the last with one).
    const perDay = [...schedule.reduce((days, m) => days.set(local(m.date).slice(0, 10), (days.get(local(m.date).slice(0, 10)) ?? 0) + 1), new Map<string, number>()).values()];
    expect(perDay).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 1]);
  });

  it('schedules pool play: each group its own round robin, sharing the slots', () => {
    const teams = [1, 2, 3, 4, 5, 6, 7];
    expect(tournamentGroups(7)).toEqual([1, 1, 1, 1, 2, 2, 2]);
    expect(tournamentGroups(5)).toEqual([1, 1, 1, 1, 1]);
    const input: ScheduleInput = { teams, groups: tournamentGroups(7), games: 3, start_date: ny('2027-06-05 00:00'), duration: 50, slots: [{ field: 1, weekday: 6, start_time: '09:00', end_time: '13:10' }, { field: 2, weekday: 6, start_time: '09:00', end_time: '13:10' }], time_zone: NY };
    const schedule = buildSchedule(input);
    checkSchedule(input);
    expect(schedule.filter((m) => !m.is_bye && m.group === 1)).toHaveLength(6);
    // Group 2 (3 teams, 3 games each): a cycle of 3 games, one more round and a make-up game.
    expect(schedule.filter((m) => !m.is_bye && m.group === 2)).toHaveLength(5);
    // Group 2's byes: one in each of its four rounds, and its make-up round's.
    expect(schedule.filter((m) => m.is_bye).map((m) => m.group)).toEqual([2, 2, 2, 2, 2]);
  });

  it('plays a one-day cup on its day: every game on 1/23 in consecutive kick-offs, none after (M1 of issue 41)', () => {
    // 7 teams in two groups (4 and 3), two fields with twelve 45-minute kick-offs each that Saturday.
    const saturday = (field: number): SchedulerSlot => ({ field, weekday: 6, start_time: '09:00', end_time: '18:00' });
    const cup: ScheduleInput = {
      teams: [1, 2, 3, 4, 5, 6, 7], groups: tournamentGroups(7), games: 3, duration: 45, slots: [saturday(1), saturday(2)], time_zone: NY,
      start_date: ny('2027-01-23 00:00'), end_date: ny('2027-01-24 00:00') - 1, pack_days: true,
    };
    const plan = planSchedule(cup);
    checkSchedule(cup, plan);
    const games = plan.matches.filter((m) => !m.is_bye);
    // Group 1: 6 games; group 2 (3 teams × 3 games): 5, one of its teams plays 4.
    expect(games).toHaveLength(11);
    expect(plan.shortfall).toBeNull();
    expect(plan.extra).toEqual([{ team_id: expect.any(Number), games: 4 }]);
    expect(new Set(games.map((m) => local(m.date).slice(0, 10)))).toEqual(new Set(['2027-01-23']));
    // Consecutive kick-offs from 09:00, both fields while group 1 plays; then group 2's last games
    // (three teams: one game at a time) one after the other. No game could take an earlier free cell
    // (checkSchedule).
    const kickOffs = games.map((m) => local(m.date).slice(11)).sort();
    expect(kickOffs).toEqual(['09:00', '09:00', '09:45', '09:45', '10:30', '10:30', '11:15', '11:15', '12:00', '12:45', '13:30']);
    expect(new Set(games.map((m) => m.week))).toEqual(new Set([1]));

    // As a league (one game a team a day) the cup's day holds one round: what is left over is said, and why.
    const asLeague = planSchedule({ ...cup, pack_days: false });
    checkSchedule({ ...cup, pack_days: false }, asLeague);
    expect(asLeague.matches.filter((m) => !m.is_bye).map((m) => local(m.date).slice(0, 10))).toEqual(['2027-01-23', '2027-01-23', '2027-01-23']);
    expect(asLeague.shortfall).toMatchObject({ games: 8, reason: 'one_a_day', cells: 24, days: 1, wanted: 11 });
    // Without an end date it ran one round a Saturday for five weeks: what the walkthrough saw.
    const open = buildSchedule({ ...cup, pack_days: false, end_date: undefined }).filter((m) => !m.is_bye);
    expect([...new Set(open.map((m) => local(m.date).slice(0, 10)))]).toEqual(['2027-01-23', '2027-01-30', '2027-02-06', '2027-02-13', '2027-02-20']);
  });

  it('says when the dates hold fewer kick-offs than the games, per team', () => {
    const cup: ScheduleInput = {
      teams: [1, 2, 3, 4], games: 3, duration: 60, slots: [{ field: 1, weekday: 6, start_time: '09:00', end_time: '13:00' }], time_zone: NY,
      start_date: ny('2027-01-23 00:00'), end_date: ny('2027-01-24 00:00') - 1, pack_days: true,
    };
    const plan = planSchedule(cup);
    checkSchedule(cup, plan);
    expect(plan.matches.filter((m) => !m.is_bye)).toHaveLength(4);
    expect(plan.shortfall).toEqual({ games: 2, reason: 'slots', cells: 4, days: 1, wanted: 6, teams: expect.any(Array) });
    expect(plan.shortfall!.teams.reduce((sum, t) => sum + t.games, 0)).toBe(4);
    // Two fields at one kick-off: 2 cells, but a team never plays two games at once.
    const twoAtOnce = planSchedule({ ...cup, teams: [1, 2], games: 2, slots: [1, 2].map((field) => ({ field, weekday: 6, start_time: '09:00', end_time: '10:00' })) });
    expect(twoAtOnce.shortfall).toMatchObject({ games: 1, reason: 'at_once', cells: 2, wanted: 2, teams: [{ team_id: 1, games: 1 }, { team_id: 2, games: 1 }] });
  });

  it('the 16 teams × 10 games bench league over 3 fields is balanced within 1', () => {
    const input: ScheduleInput = { teams: Array.from({ length: 16 }, (_, i) => i + 1), games: 10, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [1, 2, 3].map((field) => ({ field, weekday: 3, start_time: '18:00', end_time: '21:00' })), time_zone: NY };
    const schedule = buildSchedule(input);
    checkSchedule(input);
    expect(spread(kickOffCounts(schedule, NY, input.teams))).toBeLessThanOrEqual(1);
    expect(spread(fieldCounts(schedule, input.teams))).toBeLessThanOrEqual(1);
  });

  it('refuses what it cannot schedule with a reason', () => {
    const base: ScheduleInput = { teams: [1, 2, 3], games: 2, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [tuesday('18:00', '21:00')], time_zone: NY };
    expect(scheduleProblem({ ...base, teams: [1] })).toBe('Pick at least two teams');
    expect(scheduleProblem({ ...base, teams: [1, 1, 2] })).toBe('A team is picked twice');
    expect(scheduleProblem({ ...base, games: 0 })).toBe('Games per team is a whole number from 1 to 100');
    expect(scheduleProblem({ ...base, slots: [] })).toBe('Add at least one slot');
    expect(scheduleProblem({ ...base, slots: [tuesday('18:00', '18:30')] })).toBe('No slot is long enough for a 60-minute match');
    expect(scheduleProblem({ ...base, slots: [tuesday('18:00', '17:00')] })).toBe('A slot ends after it starts (18:00–17:00)');
    expect(scheduleProblem({ ...base, slots: [tuesday('6pm', '21:00')] })).toBe('A slot\'s start and end times are written HH:mm');
    expect(scheduleProblem({ ...base, slots: [tuesday('18:00', '21:00'), tuesday('20:00', '22:00')] })).toBe('Two slots of the same field overlap on the same day (18:00–21:00 and 20:00–22:00)');
    expect(scheduleProblem({ ...base, groups: [1, 1, 2] })).toBe('Every group needs at least two teams');
    expect(scheduleProblem({ ...base, time_zone: 'Mars/Olympus' })).toBe('Unknown time zone Mars/Olympus');
    expect(() => buildSchedule({ ...base, teams: [1] })).toThrow('Pick at least two teams');
    expect(scheduleProblem({ ...base, slots: [tuesday('18:00', '21:00'), tuesday('20:00', '22:00', 2)] })).toBeNull();
  });
});

describe('the fairness checks', () => {
  const row = (home: number, away: number, date: string, field = 1, extra: Partial<ScheduledMatch> = {}) => ({ home_team_id: home, away_team_id: away, date: ny(date), field_id: field, duration: 60, ...extra });

  it('flags a team, or a field, in two games at once, and not games that follow each other', () => {
    const rows = [row(1, 2, '2027-01-05 18:00'), row(3, 1, '2027-01-05 18:30', 2), row(4, 5, '2027-01-05 19:00'), row(6, 7, '2027-01-05 19:30'), row(8, 9, '2027-01-05 20:30')];
    expect(conflictRows(rows)).toEqual([0, 1, 2, 3]);
    expect(conflictRows([row(1, 2, '2027-01-05 18:00'), row(1, 3, '2027-01-05 19:00')])).toEqual([]);
    expect(conflictRows([row(1, 2, '2027-01-05 18:00'), row(1, BYE, '2027-01-05 18:00', 1, { is_bye: true })])).toEqual([]);
  });

  it('flags a team\'s second game in a week, Sunday to Saturday in the facility\'s zone', () => {
    // Saturday 23:30 and the next Sunday are different weeks; Sunday and Saturday of one week are not.
    const rows = [row(1, 2, '2027-01-09 23:30'), row(1, 3, '2027-01-10 10:00'), row(4, 5, '2027-01-10 10:00', 2), row(4, 6, '2027-01-16 22:00')];
    expect(doubleHeaderRows(rows, NY)).toEqual([2, 3]);
  });

  it('counts home and away, kick-offs and fields per team, with zeros for what a team never has', () => {
    const rows = [row(1, 2, '2027-01-05 18:00'), row(1, 3, '2027-01-12 19:00', 2), row(2, 3, '2027-01-19 18:00')];
    expect(homeAwayGap(rows)).toBe(2);
    const times = kickOffCounts(rows, NY, [1, 2, 3, 4]);
    expect(Object.fromEntries(times.get(4)!)).toEqual({ '18:00': 0, '19:00': 0 });
    expect(spread(times)).toBe(2);
    expect(spread(fieldCounts(rows, [1, 2, 3]))).toBe(1);
  });
});
