import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../bench/load';
import { median, medianOfRuns } from '../../bench/median';

const run = (p95: number, extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  name: 'report-sales-year', description: 'd', concurrency: 4, requests: 100, errors: 0,
  p50: p95 / 2, p95, p99: p95 * 2, max: p95 * 3, rps: 1000 / p95, budgetP95Ms: 300, overBudget: p95 > 300, ...extra,
});

describe('the bench judges a budget on the median of its runs', () => {
  it('takes the middle value, the lower middle one of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(() => median([])).toThrow();
  });

  it('passes when one run of three is over the budget', () => {
    const folded = medianOfRuns([run(250), run(900), run(280)]);
    expect(folded.p95).toBe(280);
    expect(folded.p50).toBe(140);
    expect(folded.runP95s).toEqual([250, 900, 280]);
    expect(folded.overBudget).toBe(false);
  });

  it('fails when the median run is over the budget, and sums the requests and errors', () => {
    const folded = medianOfRuns([run(310), run(200), run(420, { errors: 2, firstError: '500 boom' })]);
    expect(folded.p95).toBe(310);
    expect(folded.overBudget).toBe(true);
    expect(folded.requests).toBe(300);
    expect(folded.errors).toBe(2);
    expect(folded.firstError).toBe('500 boom');
  });
});
