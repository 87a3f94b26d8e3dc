import { buildSchedule, type ScheduleInput } from '../core/schedule/builder';
import { standings } from '../core/schedule/standings';
import { zonedMidnight } from '../core/time';

// `npx tsx bench/schedule.ts`: how long the pure schedule builder and the standings take in this
// process (issue 25's budgets are for the server: building 16 teams × 10 games over 3 fields p95 ≤ 50
// ms, 64 teams in 4 groups ≤ 250 ms, standings of a 30-team league with 870 played games p95 ≤ 20 ms).
// The HTTP scenario comes with the schedule's routes.

const NY = 'America/New_York';
const RUNS = 30;
const teams = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const start = zonedMidnight(2027, 1, 4, NY);

const league: ScheduleInput = {
  teams: teams(16), games: 10, start_date: start, duration: 60, time_zone: NY,
  slots: [1, 2, 3].map((field) => ({ field, weekday: 3, start_time: '18:00', end_time: '21:00' })),
};
const pools: ScheduleInput = {
  teams: teams(64), groups: teams(64).map((i) => 1 + Math.floor((i - 1) / 16)), games: 15, start_date: start, duration: 50, time_zone: NY,
  slots: [1, 2, 3, 4].flatMap((field) => [6, 0].map((weekday) => ({ field, weekday, start_time: '08:00', end_time: '15:00' }))),
};
const thirty = buildSchedule({ teams: teams(30), games: 58, start_date: start, duration: 60, time_zone: NY, slots: [1, 2, 3].map((field) => ({ field, weekday: 2, start_time: '17:00', end_time: '22:00' })) });
const played = thirty.filter((m) => !m.is_bye).map((m, i) => ({ ...m, home_score: i % 5, away_score: (i * 7) % 4 }));
const table = teams(30).map((team_id) => ({ team_id, name: `Team ${team_id}` }));

/** Wall-clock and CPU milliseconds (the CPU time tells the cost on a machine busy with other work). */
function time(name: string, run: () => unknown) {
  run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [t, c] = [performance.now(), process.cpuUsage()];
    run();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.ceil(RUNS * q) - 1].toFixed(1);
  console.log(`${name}: wall p50 ${at(wall, 0.5)} ms, p95 ${at(wall, 0.95)} ms; CPU p50 ${at(cpu, 0.5)} ms, p95 ${at(cpu, 0.95)} ms`);
}

time(`build 16 teams × 10 games over 3 fields (${buildSchedule(league).length} matches)`, () => buildSchedule(league));
time(`build 64 teams in 4 groups × 15 games (${buildSchedule(pools).length} matches)`, () => buildSchedule(pools));
time(`standings of 30 teams, ${played.length} played games`, () => standings(table, played));
