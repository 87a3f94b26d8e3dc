import { wallClock, type UnixSeconds } from '../time';
import { timeOfDay } from './slots';

// Fairness checks the schedule review and the tests share (spec 3 §4 "Schedule stepper"): rows in
// conflict, double-headers, and each team's home/away, kick-off and field counts. Byes (is_bye) and
// rows without both teams are not games and are left out.

export interface ScheduleRow {
  home_team_id: number | null;
  away_team_id: number | null;
  date: UnixSeconds;
  field_id: number | null;
  /** Minutes. */
  duration: number;
  is_bye?: boolean;
}

const isGame = (row: ScheduleRow) => !row.is_bye && row.home_team_id !== null && row.away_team_id !== null && row.home_team_id > 0 && row.away_team_id > 0;
const teamsOf = (row: ScheduleRow) => [row.home_team_id!, row.away_team_id!];

/** Indices of the rows in conflict: a team, or a field, in two games at once (their times overlap). */
export function conflictRows(rows: readonly ScheduleRow[]): number[] {
  const games = rows.map((row, i) => ({ row, i })).filter(({ row }) => isGame(row)).sort((a, b) => a.row.date - b.row.date);
  const flagged = new Set<number>();
  for (let a = 0; a < games.length; a++) {
    const end = games[a].row.date + games[a].row.duration * 60;
    for (let b = a + 1; b < games.length && games[b].row.date < end; b++) {
      const [x, y] = [games[a].row, games[b].row];
      const sharesTeam = teamsOf(x).some((team) => teamsOf(y).includes(team));
      const sharesField = x.field_id !== null && x.field_id === y.field_id;
      if (sharesTeam || sharesField) flagged.add(games[a].i).add(games[b].i);
    }
  }
  return [...flagged].sort((a, b) => a - b);
}

/** Indices of the rows of a team's second (or later) game in a week, Sunday to Saturday in `zone`. */
export function doubleHeaderRows(rows: readonly ScheduleRow[], zone: string): number[] {
  const weekOf = (date: UnixSeconds) => {
    const w = wallClock(date, zone);
    return (Date.UTC(w.year, w.month - 1, w.day) / 86_400_000 - w.weekday) / 7;
  };
  const byTeamWeek = new Map<string, number[]>();
  rows.forEach((row, i) => {
    if (!isGame(row)) return;
    for (const team of teamsOf(row)) {
      const key = `${team}:${weekOf(row.date)}`;
      (byTeamWeek.get(key) ?? byTeamWeek.set(key, []).get(key)!).push(i);
    }
  });
  const flagged = new Set<number>();
  for (const indices of byTeamWeek.values()) if (indices.length > 1) indices.forEach((i) => flagged.add(i));
  return [...flagged].sort((a, b) => a - b);
}

/** Per team and key, how many games; every team of `teams` has every key (0 when it has none). */
export type Counts = Map<number, Map<string, number>>;

function countBy(rows: readonly ScheduleRow[], teams: readonly number[], keysOf: (row: ScheduleRow) => [number, string][]): Counts {
  const counts: Counts = new Map(teams.map((team) => [team, new Map<string, number>()]));
  const keys = new Set<string>();
  for (const row of rows) {
    if (!isGame(row)) continue;
    for (const [team, key] of keysOf(row)) {
      keys.add(key);
      const ofTeam = counts.get(team) ?? counts.set(team, new Map()).get(team)!;
      ofTeam.set(key, (ofTeam.get(key) ?? 0) + 1);
    }
  }
  for (const ofTeam of counts.values()) for (const key of keys) if (!ofTeam.has(key)) ofTeam.set(key, 0);
  return counts;
}

/** Each team's home and away games (keys "home" and "away"). */
export function homeAwayCounts(rows: readonly ScheduleRow[], teams: readonly number[] = []): Counts {
  return countBy(rows, teams, (row) => [[row.home_team_id!, 'home'], [row.away_team_id!, 'away']]);
}

/** Each team's games per kick-off time ("HH:mm" in `zone`). */
export function kickOffCounts(rows: readonly ScheduleRow[], zone: string, teams: readonly number[] = []): Counts {
  return countBy(rows, teams, (row) => {
    const w = wallClock(row.date, zone);
    const time = timeOfDay(w.hour * 60 + w.minute);
    return teamsOf(row).map((team) => [team, time]);
  });
}

/** Each team's games per field (the field ID as the key). */
export function fieldCounts(rows: readonly ScheduleRow[], teams: readonly number[] = []): Counts {
  return countBy(rows, teams, (row) => teamsOf(row).map((team) => [team, String(row.field_id)]));
}

/** The largest difference between two teams' counts at one key (0 when all are level). */
export function spread(counts: Counts): number {
  const keys = new Set([...counts.values()].flatMap((ofTeam) => [...ofTeam.keys()]));
  let widest = 0;
  for (const key of keys) {
    const values = [...counts.values()].map((ofTeam) => ofTeam.get(key) ?? 0);
    widest = Math.max(widest, Math.max(...values) - Math.min(...values));
  }
  return widest;
}

/** The largest difference between a team's home and away games. */
export function homeAwayGap(rows: readonly ScheduleRow[]): number {
  let widest = 0;
  for (const ofTeam of homeAwayCounts(rows).values()) widest = Math.max(widest, Math.abs(ofTeam.get('home')! - ofTeam.get('away')!));
  return widest;
}
