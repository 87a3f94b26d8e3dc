// Standings (spec 3 §2.9, §3 "Standings row", issue 25): 3 points for a win, 1 for a draw; a no-show
// loses 0–3 (spec 3 §4 and §9). Only regular games count: friendlies and playoffs do not, nor byes,
// nor games without a score. The spec gives no order for teams level on points; this is the decision
// (the legend under the table and in docs/DECISIONS.md), as UEFA's group stages do it.

export const POINTS_WIN = 3;
export const POINTS_DRAW = 1;
/** A no-show loses by this score to none, whatever score was typed. */
export const NO_SHOW_GOALS = 3;

export const STANDINGS_LEGEND =
  'Teams are ranked by points (3 for a win, 1 for a draw; a team that does not show up loses 0–3). ' +
  'Teams level on points are ranked by the games between them: points, then goal difference, then goals scored in those games; ' +
  'when that separates some of them but not all, it is applied again to the games between those still level. ' +
  'Then goal difference, goals scored, and name. Friendlies and playoff games do not count.';

export interface StandingsTeam {
  team_id: number;
  name: string;
  /** Pool play: each group is ranked on its own. */
  group?: number | null;
}

/** A match as it is stored (spec 3 §3 "Match"). */
export interface ResultMatch {
  home_team_id: number | null;
  away_team_id: number | null;
  home_score: number | null;
  away_score: number | null;
  /** 'regular' (or absent), 'friendly', 'playoffs'. */
  match_type?: string | null;
  is_bye?: boolean | null;
  /** The side that did not show up: it loses 0–3 whatever the scores say. */
  no_show?: 'home' | 'away' | null;
}

export interface StandingsRow {
  team_id: number;
  /** The team's name. */
  team: string;
  group: number | null;
  /** 1-based, within the group. */
  rank: number;
  games: number;
  won: number;
  draw: number;
  lost: number;
  gf: number;
  ga: number;
  gd: number;
  points: number;
}

interface Result {
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
}

/** The score that counts for the standings, or null when the match does not count. */
export function countedScore(match: ResultMatch): { home: number; away: number } | null {
  if (match.is_bye || (match.match_type && match.match_type !== 'regular')) return null;
  if (!match.home_team_id || !match.away_team_id || match.home_team_id < 0 || match.away_team_id < 0) return null;
  if (match.no_show === 'home') return { home: 0, away: NO_SHOW_GOALS };
  if (match.no_show === 'away') return { home: NO_SHOW_GOALS, away: 0 };
  if (match.home_score === null || match.away_score === null) return null;
  return { home: match.home_score, away: match.away_score };
}

type Tally = Omit<StandingsRow, 'team_id' | 'team' | 'group' | 'rank'>;

function tally(teams: Iterable<number>, results: readonly Result[]): Map<number, Tally> {
  const table = new Map<number, Tally>();
  for (const team of teams) table.set(team, { games: 0, won: 0, draw: 0, lost: 0, gf: 0, ga: 0, gd: 0, points: 0 });
  const add = (team: number, scored: number, conceded: number) => {
    const row = table.get(team);
    if (!row) return;
    row.games++;
    row.gf += scored;
    row.ga += conceded;
    row.gd = row.gf - row.ga;
    if (scored > conceded) { row.won++; row.points += POINTS_WIN; } else if (scored === conceded) { row.draw++; row.points += POINTS_DRAW; } else row.lost++;
  };
  for (const r of results) {
    add(r.home, r.homeGoals, r.awayGoals);
    add(r.away, r.awayGoals, r.homeGoals);
  }
  return table;
}

/** The standings of `teams` from `matches`, in rank order (group by group, groups in ascending order). */
export function standings(teams: readonly StandingsTeam[], matches: readonly ResultMatch[]): StandingsRow[] {
  const known = new Set(teams.map((t) => t.team_id));
  const results: Result[] = [];
  for (const match of matches) {
    const score = countedScore(match);
    if (!score || !known.has(match.home_team_id!) || !known.has(match.away_team_id!)) continue;
    results.push({ home: match.home_team_id!, away: match.away_team_id!, homeGoals: score.home, awayGoals: score.away });
  }
  const overall = tally(known, results);
  const nameOf = new Map(teams.map((t) => [t.team_id, t.name]));

  /** Those level on points, in order: the games between them, again among those still level, then the rest. */
  const breakTie = (level: number[]): number[] => {
    if (level.length === 1) return level;
    const among = new Set(level);
    const mini = tally(level, results.filter((r) => among.has(r.home) && among.has(r.away)));
    const blocks = blocksOf(level, (a, b) => compare(mini.get(a)!, mini.get(b)!, ['points', 'gd', 'gf']));
    if (blocks.length > 1) return blocks.flatMap(breakTie);
    return [...level].sort((a, b) => compare(overall.get(a)!, overall.get(b)!, ['gd', 'gf']) || nameOf.get(a)!.localeCompare(nameOf.get(b)!, 'en') || a - b);
  };

  const groups = [...new Set(teams.map((t) => t.group ?? null))].sort((a, b) => (a ?? 0) - (b ?? 0));
  return groups.flatMap((group) => {
    const ofGroup = teams.filter((t) => (t.group ?? null) === group).map((t) => t.team_id);
    const order = blocksOf(ofGroup, (a, b) => overall.get(b)!.points - overall.get(a)!.points).flatMap(breakTie);
    return order.map((team_id, i) => ({ team_id, team: nameOf.get(team_id)!, group, rank: i + 1, ...overall.get(team_id)! }));
  });
}

/** Larger first on each key in turn. */
function compare(a: Tally, b: Tally, keys: readonly (keyof Tally)[]): number {
  for (const key of keys) if (a[key] !== b[key]) return b[key] - a[key];
  return 0;
}

/** `items` sorted by `order`, cut into runs of items it finds equal. */
function blocksOf(items: readonly number[], order: (a: number, b: number) => number): number[][] {
  const sorted = [...items].sort(order);
  const blocks: number[][] = [];
  for (const item of sorted) {
    const last = blocks[blocks.length - 1];
    if (last && order(last[0], item) === 0) last.push(item);
    else blocks.push([item]);
  }
  return blocks;
}
