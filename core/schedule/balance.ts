import type { Pair } from './roundRobin';
import type { Cell } from './slots';

// Kick-off and field balance: which pairs a slot day takes, and which of its cells each gets.
//
// The measure: for every team and every kick-off time (and every field), how far the team's number of
// games there lies outside the band [⌊share⌋, ⌈share⌉], where the share is that time's games divided
// by the teams — squared and weighted heavily (every count in its band is a spread of at most 1) —
// plus the squared count itself (so that, where the bands cannot all be met, counts stay as equal as
// they can). Days are filled in order, each by an optimal assignment (Hungarian method) of its pairs
// to its cells given the counts so far; when more pairs could play than the day has cells, the same
// assignment picks which pairs of the latest round play and which wait. Then the cells of two pairs
// of a day are swapped, many times over all days, by simulated annealing with a fixed seed (so the
// same input gives the same schedule) in episodes that each cool down from hot, keeping the best
// arrangement seen and stopping as soon as every count is in its band.

/** How much more a count outside its band weighs than the squares. */
const OUTSIDE = 10;
/** The annealing's first temperature (a worse swap by this much is taken a third of the time). */
const HEAT = 10;
/** Swaps tried: per pair, but at least and at most (the time budget). */
const SWAPS_PER_PAIR = 1000;
const MIN_SWAPS = 100_000;
const MAX_SWAPS = 150_000;
/** Swaps per cooling: each starts hot again from where the last one ended. */
const EPISODE = 10_000;

/** A pair that may play on the day, with its round (earlier rounds are always taken first). */
export interface Candidate {
  pair: Pair;
  round: number;
}

interface Day {
  pairs: Pair[];
  cells: Cell[];
}

/** A count's weight in the measure: squared distance outside its band, weighted, plus its square. */
function weight(count: number, low: number, high: number): number {
  const outside = count < low ? low - count : count > high ? count - high : 0;
  return OUTSIDE * outside * outside + count * count;
}

/** Each key's band [⌊share⌋, ⌈share⌉] of the counts (teams × keys). */
function bands(counts: Int32Array, teams: number, keys: number): [Int32Array, Int32Array] {
  const [low, high] = [new Int32Array(keys), new Int32Array(keys)];
  for (let k = 0; k < keys; k++) {
    let total = 0;
    for (let t = 0; t < teams; t++) total += counts[t * keys + k];
    [low[k], high[k]] = [Math.floor(total / teams), Math.ceil(total / teams)];
  }
  return [low, high];
}

/** xorshift32 from a fixed seed: the same sequence every time. */
class XorShift {
  private state = 0x2545f491;

  /** In [0, 1). */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x;
    return (x >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
}

export class CellBalance {
  private readonly team: Map<number, number>;
  private readonly time: Map<number, number>;
  private readonly field: Map<number, number>;
  /** Games per team and time (team × times), and per team and field. */
  private readonly atTime: Int32Array;
  private readonly onField: Int32Array;
  private readonly days: Day[] = [];

  /** For `teams`, and cells at the kick-off `times` (minutes) on the `fields` the slots have. */
  constructor(teams: readonly number[], times: readonly number[], fields: readonly number[]) {
    const index = (values: readonly number[]) => new Map([...new Set(values)].map((value, i) => [value, i]));
    [this.team, this.time, this.field] = [index(teams), index(times), index(fields)];
    this.atTime = new Int32Array(this.team.size * this.time.size);
    this.onField = new Int32Array(this.team.size * this.field.size);
  }

  /**
   * Fills a day: of `candidates` (no team in two), as many as the day has `cells`, earlier rounds
   * first. Answers the cell index of each candidate, or -1 for one that waits. With fewer candidates
   * than cells, the earliest cells are used.
   */
  place(candidates: readonly Candidate[], cells: readonly Cell[]): number[] {
    const used = cells.slice(0, Math.min(cells.length, candidates.length));
    const waits = candidates.length - used.length;
    // A cell costs the pair's counts there; a wait costs more than any cell and more for an earlier
    // round, so the earliest rounds play and the balance decides among the pairs of the round at the cut.
    const costs = candidates.map(({ pair }) => used.map((cell) => this.cost(pair, cell)));
    const roundStep = 2 * Math.max(0, ...costs.flat()) + 1;
    const lastRound = Math.max(...candidates.map((c) => c.round));
    const columns = assignment(costs.map((row, i) => [...row, ...new Array<number>(waits).fill(roundStep * (lastRound - candidates[i].round + 1))]));
    const day: Day = { pairs: [], cells: [] };
    const answer = columns.map((column, i) => {
      if (column >= used.length) return -1;
      this.count(candidates[i].pair, used[column], 1);
      day.pairs.push(candidates[i].pair);
      day.cells.push(used[column]);
      return column;
    });
    this.days.push(day);
    return answer;
  }

  /** Anneals the days placed so far (see the top). Answers each day's pairs and their cells, in the order of `place`. */
  improve(): Day[] {
    const days = this.days.filter((day) => day.pairs.length > 1);
    if (days.length === 0) return this.days;
    const [teams, times, fields] = [this.team.size, this.time.size, this.field.size];
    // Flat arrays for the hot loop: each day's pairs' teams, and their cells (by number) with the
    // cells' time and field.
    const start = new Int32Array(days.length + 1);
    days.forEach((day, d) => { start[d + 1] = start[d] + day.pairs.length; });
    const pairs = start[days.length];
    const [home, away, cellOf, timeOf, fieldOf] = [0, 0, 0, 0, 0].map(() => new Int32Array(pairs));
    const cellList: Cell[] = [];
    days.forEach((day, d) => day.pairs.forEach(([a, b], p) => {
      const i = start[d] + p;
      [home[i], away[i], cellOf[i]] = [this.team.get(a)!, this.team.get(b)!, cellList.push(day.cells[p]) - 1];
      [timeOf[i], fieldOf[i]] = [this.time.get(day.cells[p].minutes)!, this.field.get(day.cells[p].field)!];
    }));
    const [timeLow, timeHigh] = bands(this.atTime, teams, times);
    const [fieldLow, fieldHigh] = bands(this.onField, teams, fields);
    const { atTime, onField } = this;
    // The change of the measure when team i's count drops by one at key `from` and rises by one at `to`.
    const shift = (counts: Int32Array, low: Int32Array, high: Int32Array, row: number, from: number, to: number) => {
      if (from === to) return 0;
      const [a, b] = [counts[row + from], counts[row + to]];
      return weight(a - 1, low[from], high[from]) - weight(a, low[from], high[from]) + weight(b + 1, low[to], high[to]) - weight(b, low[to], high[to]);
    };
    const moveCost = (i: number, time: number, field: number) =>
      shift(atTime, timeLow, timeHigh, home[i] * times, timeOf[i], time) + shift(atTime, timeLow, timeHigh, away[i] * times, timeOf[i], time) +
      shift(onField, fieldLow, fieldHigh, home[i] * fields, fieldOf[i], field) + shift(onField, fieldLow, fieldHigh, away[i] * fields, fieldOf[i], field);
    // How many counts lie outside their bands: at none, every spread is at most 1 and the work is done.
    let outside = 0;
    const bump = (counts: Int32Array, low: Int32Array, high: Int32Array, row: number, key: number, by: number) => {
      const before = counts[row + key];
      const after = before + by;
      counts[row + key] = after;
      outside += Number(after < low[key] || after > high[key]) - Number(before < low[key] || before > high[key]);
    };
    for (let t = 0; t < teams; t++) {
      for (let k = 0; k < times; k++) { const c = atTime[t * times + k]; outside += Number(c < timeLow[k] || c > timeHigh[k]); }
      for (let k = 0; k < fields; k++) { const c = onField[t * fields + k]; outside += Number(c < fieldLow[k] || c > fieldHigh[k]); }
    }
    const put = (i: number, by: number) => {
      bump(atTime, timeLow, timeHigh, home[i] * times, timeOf[i], by);
      bump(atTime, timeLow, timeHigh, away[i] * times, timeOf[i], by);
      bump(onField, fieldLow, fieldHigh, home[i] * fields, fieldOf[i], by);
      bump(onField, fieldLow, fieldHigh, away[i] * fields, fieldOf[i], by);
    };
    const exchange = (list: Int32Array, p: number, q: number) => {
      const value = list[p];
      list[p] = list[q];
      list[q] = value;
    };

    const swaps = Math.min(MAX_SWAPS, Math.max(MIN_SWAPS, SWAPS_PER_PAIR * pairs));
    const random = new XorShift();
    let measure = 0;
    let best = 0;
    const bestCells = cellOf.slice();
    for (let swap = 0; swap < swaps && outside > 0; swap++) {
      const d = random.below(days.length);
      const size = start[d + 1] - start[d];
      const offset = random.below(size);
      const p = start[d] + offset;
      const q = start[d] + (offset + 1 + random.below(size - 1)) % size;
      if (timeOf[p] === timeOf[q] && fieldOf[p] === fieldOf[q]) continue;
      const delta = moveCost(p, timeOf[q], fieldOf[q]) + moveCost(q, timeOf[p], fieldOf[p]);
      // In each episode the temperature falls from HEAT to nearly 0: worse swaps are taken less and less often.
      if (delta > 0 && random.next() >= Math.exp(-delta / (HEAT * (1 - (swap % EPISODE) / EPISODE) + 1e-3))) continue;
      put(p, -1);
      put(q, -1);
      exchange(timeOf, p, q);
      exchange(fieldOf, p, q);
      exchange(cellOf, p, q);
      put(p, 1);
      put(q, 1);
      measure += delta;
      if (measure < best || outside === 0) {
        best = measure;
        bestCells.set(cellOf);
      }
    }
    days.forEach((day, d) => { day.cells = [...bestCells.subarray(start[d], start[d + 1])].map((cell) => cellList[cell]); });
    return this.days;
  }

  /** The pair's counts at the cell's time and on its field: what playing there adds to the measure, less constants. */
  private cost(pair: Pair, cell: Cell): number {
    const [t, f] = [this.time.get(cell.minutes)!, this.field.get(cell.field)!];
    const [a, b] = [this.team.get(pair[0])!, this.team.get(pair[1])!];
    const [times, fields] = [this.time.size, this.field.size];
    return this.atTime[a * times + t] + this.atTime[b * times + t] + this.onField[a * fields + f] + this.onField[b * fields + f];
  }

  private count(pair: Pair, cell: Cell, by: number) {
    const [t, f] = [this.time.get(cell.minutes)!, this.field.get(cell.field)!];
    for (const team of pair) {
      const i = this.team.get(team)!;
      this.atTime[i * this.time.size + t] += by;
      this.onField[i * this.field.size + f] += by;
    }
  }
}

/** The column for each row of a square cost matrix with the least total cost (Hungarian method, O(n³)). */
function assignment(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  // Potentials and matching over 1-based rows and columns; column 0 holds the row being added.
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const rowOf = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let row = 1; row <= n; row++) {
    rowOf[0] = row;
    let column = 0;
    const least = new Array<number>(n + 1).fill(Infinity);
    const done = new Array<boolean>(n + 1).fill(false);
    do {
      done[column] = true;
      const r = rowOf[column];
      let delta = Infinity;
      let nextColumn = 0;
      for (let c = 1; c <= n; c++) {
        if (done[c]) continue;
        const reduced = cost[r - 1][c - 1] - u[r] - v[c];
        if (reduced < least[c]) { least[c] = reduced; way[c] = column; }
        if (least[c] < delta) { delta = least[c]; nextColumn = c; }
      }
      for (let c = 0; c <= n; c++) {
        if (done[c]) { u[rowOf[c]] += delta; v[c] -= delta; } else least[c] -= delta;
      }
      column = nextColumn;
    } while (rowOf[column] !== 0);
    do {
      const previous = way[column];
      rowOf[column] = rowOf[previous];
      column = previous;
    } while (column !== 0);
  }
  const columns = new Array<number>(n).fill(0);
  for (let c = 1; c <= n; c++) columns[rowOf[c] - 1] = c - 1;
  return columns;
}
