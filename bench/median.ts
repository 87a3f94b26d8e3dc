import type { ScenarioResult } from './load';

// A budget is judged on the median of several runs of a scenario (issue 22 item 17): one run on a
// loaded 2-core machine can land a p95 over its budget (or under it) by chance.

export interface MedianResult extends ScenarioResult {
  /** Each run's p95, in the order run. */
  runP95s: number[];
}

/** The median of the values (the lower middle one for an even count, so it is a figure actually measured). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * The runs of one scenario folded into one result: the run whose p95 is the median stands for the
 * scenario (its p50, p99, rate), errors are summed over the runs, and the budget is judged on that p95.
 */
export function medianOfRuns(runs: ScenarioResult[]): MedianResult {
  if (runs.length === 0) throw new Error('no runs to fold');
  const p95 = median(runs.map((r) => r.p95));
  const middle = runs.find((r) => r.p95 === p95)!;
  const errors = runs.reduce((sum, r) => sum + r.errors, 0);
  return {
    ...middle,
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    errors,
    firstError: runs.find((r) => r.firstError)?.firstError,
    runP95s: runs.map((r) => r.p95),
    overBudget: middle.budgetP95Ms !== undefined && p95 > middle.budgetP95Ms,
  };
}
