import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BYE, buildSchedule, scheduleProblem, type ScheduledMatch, type ScheduleInput } from '../../core/schedule/builder';
import { conflictRows, doubleHeaderRows, fieldCounts, homeAwayGap, kickOffCounts, spread } from '../../core/schedule/fairness';
import { tournamentGroups } from '../../core/schedule/groups';
import { minutesOfDay, slotKickOffs, type SchedulerSlot } from '../../core/schedule/slots';
import { wallClock } from '../../core/time';

// The schedule builder (issue 25): property tests over random leagues (3–30 teams, 1 to 2 × (n − 1)
// games, 1–4 slots on 1–3 fields, start dates around the daylight-saving changes in New York), then
// worked examples.

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

const league = fc.integer({ min: 3, max: 30 }).chain((n) => fc.record({
  teams: fc.constant(Array.from({ length: n }, (_, i) => 100 + i * 7)),
  games: fc.integer({ min: 1, max: 2 * (n - 1) }),
  pools: fc.boolean(),
  start_date: startDate,
  duration: fc.constantFrom(45, 50, 60, 90),
})).chain((l) => slotsFor(l.duration).map((slots): ScheduleInput => ({
  teams: l.teams, games: l.games, start_date: l.start_date, duration: l.duration, slots, time_zone: NY,
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

/** Every rule the builder promises, for one input and its schedule: the rules broken, in words. */
function brokenRules(input: ScheduleInput, schedule: ScheduledMatch[]): string[] {
  const broken: string[] = [];
  const rule = (holds: boolean, what: () => string) => { if (!holds) broken.push(what()); };
  const games = schedule.filter((m) => !m.is_bye);
  const byes = schedule.filter((m) => m.is_bye);
  const days = new Map<number, number>();
  const dayOf = (date: number) => days.get(date) ?? days.set(date, localDay(date)).get(date)!;

  // Each game in a slot's window on its field and weekday, at a kick-off of the slot's back-to-back
  // sequence, in the facility's wall clock (daylight saving never moves it).
  for (const m of games) {
    const w = wallClock(m.date, NY);
    const minutes = w.hour * 60 + w.minute;
    const slot = input.slots.find((s) => s.field === m.field_id && s.weekday === w.weekday && minutes >= minutesOfDay(s.start_time)! && minutes + input.duration <= minutesOfDay(s.end_time)!);
    rule(slot !== undefined && (minutes - minutesOfDay(slot.start_time)!) % input.duration === 0, () => `${local(m.date)} on field ${m.field_id} is not a kick-off of a slot`);
    rule(m.date >= input.start_date && m.duration === input.duration && m.home_team_id !== m.away_team_id, () => `${JSON.stringify(m)} is not a game of the input`);
  }
  // Weeks count Sunday to Saturday from the start date's week.
  const firstSunday = localDay(input.start_date) - wallClock(input.start_date, NY).weekday;
  for (const m of schedule) rule(m.week === Math.floor((dayOf(m.date) - firstSunday) / 7) + 1, () => `week ${m.week} of ${local(m.date)}`);

  // No field holds two games at once, no team plays twice at once, nor twice on one day.
  rule(conflictRows(schedule).length === 0, () => `conflicts: rows ${conflictRows(schedule)}`);
  const teamDays = games.flatMap((m) => [`${m.home_team_id}:${dayOf(m.date)}`, `${m.away_team_id}:${dayOf(m.date)}`]);
  rule(new Set(teamDays).size === teamDays.length, () => 'a team plays twice on a day');

  // Home and away within 1 for every team; a pair's next meeting swaps them.
  rule(homeAwayGap(games) <= 1, () => `home and away differ by ${homeAwayGap(games)}`);
  const homes = new Map<string, number[]>();
  for (const m of [...games].sort((a, b) => a.date - b.date)) {
    const k = key(m.home_team_id, m.away_team_id);
    homes.set(k, [...(homes.get(k) ?? []), m.home_team_id]);
  }
  for (const [k, list] of homes) rule(list.every((home, i) => i === 0 || home !== list[i - 1]), () => `pair ${k} hosted by ${list}`);

  for (const [group, teams] of groupsOf(input)) {
    const ofGroup = games.filter((m) => (m.group ?? 0) === group);
    const inGroup = new Set(teams);
    rule(ofGroup.every((m) => inGroup.has(m.home_team_id) && inGroup.has(m.away_team_id)), () => `a game of group ${group} has a team of another`);

    // Games per team: exactly `games` with an even count; with an odd count at least `games`, and one
    // team one more only when teams × games is odd.
    const played = new Map(teams.map((t) => [t, 0]));
    for (const m of ofGroup) for (const t of [m.home_team_id, m.away_team_id]) played.set(t, played.get(t)! + 1);
    const counts = [...played.values()];
    const extra = counts.filter((c) => c === input.games + 1).length;
    if (teams.length % 2 === 0) rule(counts.every((c) => c === input.games), () => `games per team ${counts}`);
    else rule(Math.min(...counts) === input.games && Math.max(...counts) <= input.games + 1 && extra === (teams.length * input.games) % 2, () => `games per team ${counts}`);

    // Every pair meets k times before any pair meets k + 1 times (on an earlier day).
    const meetings = new Map<string, number>();
    const pairs = teams.length * (teams.length - 1) / 2;
    const byDay = new Map<number, ScheduledMatch[]>();
    for (const m of ofGroup) byDay.set(dayOf(m.date), [...(byDay.get(dayOf(m.date)) ?? []), m]);
    for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
      const fewest = meetings.size < pairs ? 0 : Math.min(...meetings.values());
      for (const m of byDay.get(day)!) {
        const k = key(m.home_team_id, m.away_team_id);
        rule((meetings.get(k) ?? 0) <= fewest, () => `pair ${k} meets again on ${local(m.date)} before every pair has met as often`);
      }
      for (const m of byDay.get(day)!) meetings.set(key(m.home_team_id, m.away_team_id), (meetings.get(key(m.home_team_id, m.away_team_id)) ?? 0) + 1);
    }

    // Rounds: no team twice in a round, each team's rounds in date order; an odd group has one bye
    // in each round but its last (the make-up round), and a bye team does not play that round.
    const rounds = [...new Set(ofGroup.map((m) => m.round))].sort((a, b) => a - b);
    const byesOfGroup = byes.filter((b) => (b.group ?? 0) === group);
    for (const round of rounds) {
      const inRound = ofGroup.filter((m) => m.round === round).flatMap((m) => [m.home_team_id, m.away_team_id]);
      rule(new Set(inRound).size === inRound.length, () => `a team plays twice in round ${round}`);
      const roundByes = byesOfGroup.filter((b) => b.round === round);
      const makeUp = round === rounds[rounds.length - 1] && input.games % (teams.length - 1) !== 0;
      const expected = teams.length % 2 === 0 || makeUp ? 0 : 1;
      rule(roundByes.length === expected && roundByes.every((b) => !inRound.includes(b.home_team_id)), () => `round ${round} of group ${group} has byes ${roundByes.map((b) => b.home_team_id)}`);
    }
    for (const team of teams) {
      const mine = ofGroup.filter((m) => m.home_team_id === team || m.away_team_id === team).sort((a, b) => a.date - b.date).map((m) => m.round);
      rule(mine.every((round, i) => i === 0 || round > mine[i - 1]), () => `team ${team} plays rounds ${mine}`);
    }
  }

  // Byes are never games: no field, no time, the other side is BYE.
  for (const b of byes) rule(b.away_team_id === BYE && b.field_id === null && b.duration === 0, () => `bye ${JSON.stringify(b)}`);
  return broken;
}
const checkSchedule = (input: ScheduleInput, schedule: ScheduledMatch[]) => expect(brokenRules(input, schedule)).toEqual([]);

describe('the schedule builder (properties)', () => {
  it('keeps every rule on random leagues, DST changes included', () => {
    fc.assert(fc.property(league, (input) => {
      expect(scheduleProblem(input)).toBeNull();
      checkSchedule(input, buildSchedule(input));
    }), { numRuns: 40 });
  }, 60_000);

  it('the rules checked above catch a schedule that breaks them', () => {
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5], games: 4, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [{ field: 1, weekday: 2, start_time: '18:00', end_time: '21:00' }], time_zone: NY };
    const schedule = buildSchedule(input);
    expect(brokenRules(input, schedule)).toEqual([]);
    const [first, second] = [schedule[0], schedule[1]];
    const broken = (change: (rows: ScheduledMatch[]) => ScheduledMatch[]) => brokenRules(input, change(structuredClone(schedule)));
    expect(broken((rows) => rows.map((m) => (m === rows[0] ? { ...m, date: m.date + 1800 } : m)))).toContain(`${local(first.date + 1800)} on field 1 is not a kick-off of a slot`);
    expect(broken((rows) => rows.map((m, i) => (i === 0 ? { ...m, home_team_id: m.away_team_id, away_team_id: m.home_team_id } : m))).join()).toMatch(/hosted by|home and away/);
    expect(broken((rows) => rows.filter((m) => !m.is_bye || m.round !== 1))).toContain('round 1 of group 0 has byes ');
    expect(broken((rows) => rows.map((m, i) => (i === 1 ? { ...m, date: first.date } : m))).join()).toMatch(/conflicts|twice/);
    expect(second.round).toBe(1);
  });

  it('gives the same schedule for the same input', () => {
    fc.assert(fc.property(league, (input) => {
      expect(buildSchedule(structuredClone(input))).toEqual(buildSchedule(input));
    }), { numRuns: 8 });
  }, 60_000);

  it('keeps kick-off times and fields within 2 of every other team\'s when every slot day offers the same cells and holds a round', () => {
    // The exact bound, "within 1 wherever the numbers allow", is checked against an exhaustive search
    // in scheduleBalance.test.ts. Here, on leagues of any size whose slot days are alike and each
    // hold a whole round, the builder's bound, on a fixed sample (the seed) so that every run checks
    // the same leagues. (Rounds split over unlike days are balanced as well as the days allow, with no
    // bound promised.)
    const alike = league.filter((input) => {
      const weekdays = [...new Set(input.slots.map((s) => s.weekday))];
      const cells = (weekday: number) => JSON.stringify(input.slots.filter((s) => s.weekday === weekday).map((s) => [s.field, s.start_time, s.end_time]).sort());
      const perDay = input.slots.filter((s) => s.weekday === weekdays[0]).reduce((sum, s) => sum + slotKickOffs(s, input.duration).length, 0);
      const perRound = [...groupsOf(input).values()].reduce((sum, teams) => sum + Math.floor(teams.length / 2), 0);
      return new Set(weekdays.map(cells)).size === 1 && perDay >= perRound;
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
    checkSchedule(input, schedule);
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

  it('gives an odd league a bye a round and a make-up round, so every team gets its games', () => {
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5], games: 2, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [tuesday('18:00', '21:00')], time_zone: NY };
    const schedule = buildSchedule(input);
    checkSchedule(input, schedule);
    // Rounds 1 and 2 have a bye each; round 3 pairs the two bye teams (and one more pair, as 5 × 2 is even).
    expect(schedule.filter((m) => m.is_bye).map((m) => m.round)).toEqual([1, 2]);
    const byeTeams = schedule.filter((m) => m.is_bye).map((m) => m.home_team_id);
    const makeUp = schedule.filter((m) => m.round === 3);
    expect(makeUp.flatMap((m) => [m.home_team_id, m.away_team_id])).toEqual(expect.arrayContaining(byeTeams));
    expect(schedule.filter((m) => !m.is_bye)).toHaveLength(5);
  });

  it('continues a round on the next slot day when a day has fewer cells than the round has games', () => {
    // 8 teams (4 games a round) on one field with 3 kick-offs on Tuesdays and Thursdays.
    const input: ScheduleInput = { teams: [1, 2, 3, 4, 5, 6, 7, 8], games: 7, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [tuesday('18:00', '21:00'), { field: 1, weekday: 4, start_time: '18:00', end_time: '21:00' }], time_zone: NY };
    const schedule = buildSchedule(input);
    checkSchedule(input, schedule);
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
    checkSchedule(input, schedule);
    expect(schedule.filter((m) => !m.is_bye && m.group === 1)).toHaveLength(6);
    // Group 2 (3 teams, 3 games each): a cycle of 3 games, one more round and a make-up game.
    expect(schedule.filter((m) => !m.is_bye && m.group === 2)).toHaveLength(5);
    expect(schedule.filter((m) => m.is_bye).every((m) => m.group === 2)).toBe(true);
  });

  it('the 16 teams × 10 games bench league over 3 fields is balanced within 1', () => {
    const input: ScheduleInput = { teams: Array.from({ length: 16 }, (_, i) => i + 1), games: 10, start_date: ny('2027-01-04 00:00'), duration: 60, slots: [1, 2, 3].map((field) => ({ field, weekday: 3, start_time: '18:00', end_time: '21:00' })), time_zone: NY };
    const schedule = buildSchedule(input);
    checkSchedule(input, schedule);
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
