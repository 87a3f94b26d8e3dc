import type { Pair } from './roundRobin';

// Home and away. A pair that meets again has home and away swapped each time, so two meetings cancel
// out and only the pairs that meet an odd number of times decide a team's balance. Those pairs are
// oriented along closed trails of their graph (an Euler walk, with a virtual team tied to every team
// of odd degree so that every trail closes): a trail enters and leaves each team it passes as often,
// so each team's home and away games differ by at most 1 — for any pairs at all, whole cycles or not.
// The first meetings of the pairs that meet an even number of times are oriented the same way on
// their own, so the first half of a double round robin is balanced too.

const VIRTUAL = Number.MIN_SAFE_INTEGER;
const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

/** Home first, away second, for each of `pairs` (in playing order). */
export function orientHomeAway(pairs: readonly Pair[]): Pair[] {
  const meetings = new Map<string, { pair: Pair; count: number }>();
  for (const [a, b] of pairs) {
    const entry = meetings.get(key(a, b));
    if (entry) entry.count++;
    else meetings.set(key(a, b), { pair: [a, b], count: 1 });
  }
  const entries = [...meetings.values()];
  const first = new Map<string, Pair>([
    ...balancedOrientation(entries.filter((e) => e.count % 2 === 1).map((e) => e.pair)),
    ...balancedOrientation(entries.filter((e) => e.count % 2 === 0).map((e) => e.pair)),
  ]);
  const seen = new Map<string, number>();
  return pairs.map(([a, b]) => {
    const k = key(a, b);
    const times = seen.get(k) ?? 0;
    seen.set(k, times + 1);
    const [home, away] = first.get(k)!;
    return times % 2 === 0 ? [home, away] : [away, home];
  });
}

/** An orientation of distinct pairs in which every team's home and away counts differ by at most 1. */
function balancedOrientation(pairs: readonly Pair[]): Map<string, Pair> {
  const edges: Pair[] = [...pairs];
  const degree = new Map<number, number>();
  for (const [a, b] of pairs) for (const team of [a, b]) degree.set(team, (degree.get(team) ?? 0) + 1);
  for (const [team, d] of degree) if (d % 2 === 1) edges.push([team, VIRTUAL]);

  const around = new Map<number, number[]>();
  edges.forEach(([a, b], i) => {
    for (const team of [a, b]) {
      const list = around.get(team);
      if (list) list.push(i);
      else around.set(team, [i]);
    }
  });
  const used = new Array<boolean>(edges.length).fill(false);
  const next = new Map<number, number>();
  const unusedEdge = (team: number): number | null => {
    const list = around.get(team)!;
    let i = next.get(team) ?? 0;
    while (i < list.length && used[list[i]]) i++;
    next.set(team, i);
    return i < list.length ? list[i] : null;
  };

  const oriented = new Map<string, Pair>();
  for (const start of around.keys()) {
    // Each walk from `start` can only get stuck back at `start` (every degree is even): a closed trail.
    for (let at = start, edge = unusedEdge(at); edge !== null; edge = unusedEdge(at)) {
      used[edge] = true;
      const [a, b] = edges[edge];
      const other = a === at ? b : a;
      if (at !== VIRTUAL && other !== VIRTUAL) oriented.set(key(at, other), [at, other]);
      at = other;
    }
  }
  return oriented;
}
