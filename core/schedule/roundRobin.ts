// The pairings of a round robin by the circle method: the first team stays put, the others turn one
// place a round, so in n − 1 rounds (n with an odd count, one team sitting out each) every pair meets
// once. Games beyond one cycle start another cycle in the same round order (home and away are swapped
// later, in homeAway.ts), so every pair meets once before any pair meets twice.

export type Pair = readonly [number, number];

export interface Round {
  /** The pairs of the round; no team is in two of them. */
  pairs: Pair[];
  /** The teams sitting the round out (byes): one a round with an odd count; in a make-up round every team not in it. */
  byes: number[];
  /** 1 for the first time the pairs meet, 2 for the second … */
  cycle: number;
}

/** The rounds of one full cycle for `teams` (two or more), in order. */
function cycleRounds(teams: readonly number[]): { pairs: Pair[]; byes: number[] }[] {
  const circle: (number | null)[] = teams.length % 2 === 0 ? [...teams] : [...teams, null];
  const size = circle.length;
  const rounds: { pairs: Pair[]; byes: number[] }[] = [];
  for (let r = 0; r < size - 1; r++) {
    const pairs: Pair[] = [];
    let bye: number | null = null;
    for (let i = 0; i < size / 2; i++) {
      const [a, b] = [circle[i], circle[size - 1 - i]];
      if (a === null || b === null) bye = a ?? b;
      else pairs.push([a, b]);
    }
    rounds.push({ pairs, byes: bye === null ? [] : [bye] });
    // Turn every place but the first one step.
    circle.splice(1, 0, circle.pop()!);
  }
  return rounds;
}

const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/**
 * The rounds that give each of `teams` (two or more) `games` games, in playing order.
 *
 * With an even count that is `games` rounds and every team plays exactly `games`. With an odd count a
 * cycle has n rounds and each team one bye in it (n − 1 games), so whole cycles are exact; a part cycle
 * of r rounds leaves its r bye teams one game short, and a last make-up round pairs them
 * among themselves, with pairs that have not met in that cycle. When r is odd (n × games is odd: two
 * teams a game cannot share an odd total) the one left over plays a team that has its games already,
 * which then plays one more than `games`. So every team plays at least `games`, and at most one plays
 * one more. The teams a make-up round leaves out are its byes.
 */
export function roundRobin(teams: readonly number[], games: number): Round[] {
  const cycle = cycleRounds(teams);
  const rounds: Round[] = [];
  for (let c = 1, left = games; left > 0; c++) {
    // A whole cycle gives each team n − 1 games.
    if (left >= teams.length - 1) {
      rounds.push(...cycle.map((round) => ({ ...round, cycle: c })));
      left -= teams.length - 1;
      continue;
    }
    const taken = cycle.slice(0, left);
    rounds.push(...taken.map((round) => ({ ...round, cycle: c })));
    if (teams.length % 2 === 1) {
      const pairs = makeUp(teams, taken);
      const playing = new Set(pairs.flat());
      rounds.push({ pairs, byes: teams.filter((team) => !playing.has(team)), cycle: c });
    }
    left = 0;
  }
  return rounds;
}

/** The make-up round of a part cycle with an odd team count (see roundRobin). */
function makeUp(teams: readonly number[], taken: { pairs: Pair[]; byes: number[] }[]): Pair[] {
  const met = new Set(taken.flatMap((round) => round.pairs.map(([a, b]) => key(a, b))));
  const short = taken.flatMap((round) => round.byes);
  const free = (a: number, b: number) => !met.has(key(a, b));
  if (short.length % 2 === 0) {
    const pairs = perfectMatching(short, free);
    if (pairs) return pairs;
  } else {
    // One short team plays a team that has its games; the first choice that lets the rest pair up.
    for (const leftover of short) {
      const rest = short.filter((team) => team !== leftover);
      for (const other of teams) {
        if (short.includes(other) || !free(leftover, other)) continue;
        const pairs = perfectMatching(rest, free);
        if (pairs) return [...pairs, [leftover, other]];
      }
    }
  }
  // The circle method's unplayed pairs always allow it (a part cycle is shorter than a cycle).
  throw new Error('No make-up round for the part cycle');
}

/** A pairing of all of `teams` with pairs `allowed` allows, found in order (backtracking), or null. */
function perfectMatching(teams: readonly number[], allowed: (a: number, b: number) => boolean): Pair[] | null {
  if (teams.length === 0) return [];
  const [first, ...rest] = teams;
  for (const other of rest) {
    if (!allowed(first, other)) continue;
    const pairs = perfectMatching(rest.filter((team) => team !== other), allowed);
    if (pairs) return [[first, other], ...pairs];
  }
  return null;
}
