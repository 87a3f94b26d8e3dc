import type { UnixSeconds } from '../time';
import { BYE } from './builder';

// Playoffs (spec 3 §2.8, §3 "Playoff settings", §4 "Playoffs", issue 25): a single-elimination
// bracket seeded from the standings. A round is named by its level, the number of teams in it (8
// quarter final, 4 semi final, 2 final). Seeds meet in bracket order — 1 v N, 4 v N−3, 2 v N−1,
// 3 v N−2 for 8 — so that the higher seeds meet as late as they can: 1 and 2 only in the final.
// With fewer teams than places the top seeds get byes: a bye books no field, counts 1–0 for its team
// (spec 3 §4: the opponent of a -1 gets an automatic score of 1) and moves it on at once.

/** The round sizes a bracket may start from, and the default rounds (semi finals, then the final). */
export const PLAYOFF_LEVELS = [16, 8, 4, 2] as const;
export const DEFAULT_PLAYOFF_LEVELS = [4, 2] as const;
/** A side not known yet: the winner of an earlier match (the API's 0). */
export const TO_BE_DECIDED = 0;

export interface RoundSetting {
  level: number;
  field_id: number;
  /** The round's first kick-off; its matches follow back to back. */
  start_time: UnixSeconds;
}

export interface PlayoffInput {
  /** Team IDs in standings order (seed 1 first); the top `level` of the first round qualify. */
  seeds: number[];
  /** Minutes per match. */
  duration: number;
  /** One per round, from the first round's level halving down to the final (2). */
  round_settings: RoundSetting[];
}

export interface PlayoffMatch {
  /** TO_BE_DECIDED until the earlier match is won. */
  home_team_id: number;
  /** TO_BE_DECIDED until the earlier match is won; BYE for a bye. */
  away_team_id: number;
  home_score: number | null;
  away_score: number | null;
  date: UnixSeconds;
  /** Null for a bye. */
  field_id: number | null;
  /** Minutes; 0 for a bye. */
  duration: number;
  level: number;
  /** 0-based position in the round, top of the bracket first. */
  index: number;
  match_type: 'playoffs';
  is_bye: boolean;
}

/** "Quarter final", "Semi final", "Final", otherwise "Round of N". */
export function roundName(level: number): string {
  if (level === 8) return 'Quarter final';
  if (level === 4) return 'Semi final';
  if (level === 2) return 'Final';
  return `Round of ${level}`;
}

/** The seeds (1-based) in bracket order for a bracket of `size` (a power of two): match i is order[2i] v order[2i + 1]. */
export function bracketOrder(size: number): number[] {
  // Each seed s of the bracket half the size meets the seed that makes the sum size + 1.
  let order = [1];
  for (let n = 2; n <= size; n *= 2) order = order.flatMap((seed) => [seed, n + 1 - seed]);
  return order;
}

/** Why the playoffs cannot be built, or null when they can. */
export function playoffProblem(input: PlayoffInput): string | null {
  const levels = input.round_settings.map((r) => r.level);
  const first = levels[0];
  if (!(PLAYOFF_LEVELS as readonly number[]).includes(first)) return `The first round has ${PLAYOFF_LEVELS.join(', ')} places`;
  const expected = PLAYOFF_LEVELS.filter((level) => level <= first);
  if (levels.length !== expected.length || levels.some((level, i) => level !== expected[i])) return `Give every round from ${roundName(first)} to the final a field and a start time, in order`;
  if (new Set(input.seeds).size !== input.seeds.length) return 'A team is seeded twice';
  if (!Number.isInteger(input.duration) || input.duration < 1 || input.duration > 24 * 60) return 'The match duration is a whole number of minutes';
  const teams = Math.min(input.seeds.length, first);
  if (teams <= first / 2) return `A ${roundName(first).toLowerCase()} needs at least ${first / 2 + 1} teams; ${teams} ${teams === 1 ? 'is' : 'are'} seeded`;
  return null;
}

/** Where the winner of a match goes: the next round's match and side, or null after the final. */
export function nextMatch(level: number, index: number): { level: number; index: number; side: 'home' | 'away' } | null {
  if (level <= 2) return null;
  return { level: level / 2, index: Math.floor(index / 2), side: index % 2 === 0 ? 'home' : 'away' };
}

/** The winner of a played match, or null while it has no score or is level. */
export function playoffWinner(match: Pick<PlayoffMatch, 'home_team_id' | 'away_team_id' | 'home_score' | 'away_score'>): number | null {
  if (match.home_score === null || match.away_score === null || match.home_score === match.away_score) return null;
  const winner = match.home_score > match.away_score ? match.home_team_id : match.away_team_id;
  return winner > 0 ? winner : null;
}

/** The bracket: every round's matches, top of the bracket first, byes decided and moved on. Throws on a playoffProblem. */
export function buildPlayoffs(input: PlayoffInput): PlayoffMatch[] {
  const problem = playoffProblem(input);
  if (problem) throw new Error(problem);
  const first = input.round_settings[0].level;
  const qualified = input.seeds.slice(0, first);
  let bracket: PlayoffMatch[] = [];
  for (const setting of input.round_settings) {
    const order = setting.level === first ? bracketOrder(first) : null;
    let kickOff = 0;
    for (let index = 0; index < setting.level / 2; index++) {
      const [home, away] = order ? [qualified[order[2 * index] - 1], qualified[order[2 * index + 1] - 1]] : [TO_BE_DECIDED, TO_BE_DECIDED];
      // Seeds beyond the teams are byes; the higher seed is always the home side.
      const bye = order !== null && away === undefined;
      bracket.push({
        home_team_id: home,
        away_team_id: bye ? BYE : away,
        home_score: bye ? 1 : null,
        away_score: bye ? 0 : null,
        date: setting.start_time + (bye ? 0 : kickOff++ * input.duration * 60),
        field_id: bye ? null : setting.field_id,
        duration: bye ? 0 : input.duration,
        level: setting.level,
        index,
        match_type: 'playoffs',
        is_bye: bye,
      });
    }
  }
  for (const match of bracket.filter((m) => m.is_bye)) bracket = recordResult(bracket, match);
  return bracket;
}

/**
 * The bracket with a match's score recorded and its winner moved into the next round's match (its
 * side there is cleared while the match is level or unscored). Pure: the given bracket is unchanged.
 */
export function recordResult(bracket: readonly PlayoffMatch[], result: Pick<PlayoffMatch, 'level' | 'index' | 'home_score' | 'away_score'>): PlayoffMatch[] {
  const at = bracket.findIndex((m) => m.level === result.level && m.index === result.index);
  if (at < 0) throw new Error(`No ${roundName(result.level).toLowerCase()} match ${result.index + 1}`);
  const played = { ...bracket[at], home_score: result.home_score, away_score: result.away_score };
  const next = nextMatch(played.level, played.index);
  return bracket.map((match, i) => {
    if (i === at) return played;
    if (!next || match.level !== next.level || match.index !== next.index) return match;
    const side = next.side === 'home' ? 'home_team_id' : 'away_team_id';
    return { ...match, [side]: playoffWinner(played) ?? TO_BE_DECIDED };
  });
}
