import type { BenchContext, Scenario } from './scenarios/types';

// A small bounded load loop: `concurrency` callers send requests back to back until the request count
// or the time limit is reached, whichever comes first. Latency is measured per request, body included.

export interface LoadLimits {
  concurrency: number;
  requests: number;
  durationMs: number;
  warmup: number;
}

export interface ScenarioResult {
  name: string;
  description: string;
  concurrency: number;
  requests: number;
  errors: number;
  /** The first error, to tell what went wrong. */
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  budgetP95Ms?: number;
  overBudget: boolean;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function once(ctx: BenchContext, scenario: Scenario, state: unknown): Promise<string | null> {
  try {
    const res = await scenario.request(ctx, state);
    const body = await res.text();
    return res.ok ? null : `${res.status} ${body.slice(0, 200)}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function runScenario(ctx: BenchContext, scenario: Scenario, limits: LoadLimits): Promise<ScenarioResult> {
  let state: unknown;
  try {
    state = scenario.setup ? await scenario.setup(ctx) : undefined;
  } catch (error) {
    // A setup that fails is this scenario's failure, not the run's: the other scenarios' figures still count.
    return { name: scenario.name, description: scenario.description, concurrency: 0, requests: 0, errors: 1, firstError: `setup: ${(error as Error).message}`,
      p50: 0, p95: 0, p99: 0, max: 0, rps: 0, budgetP95Ms: scenario.budgetP95Ms, overBudget: false };
  }
  const total = Math.min(limits.requests, scenario.maxRequests ?? Infinity);
  for (let i = 0; i < Math.min(limits.warmup, total); i++) await once(ctx, scenario, state);

  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let started = 0;
  const begin = performance.now();
  const deadline = begin + limits.durationMs;

  const caller = async () => {
    while (started < total && performance.now() < deadline) {
      started++;
      const t0 = performance.now();
      const error = await once(ctx, scenario, state);
      latencies.push(performance.now() - t0);
      if (error) {
        errors++;
        firstError ??= error;
      }
    }
  };
  const concurrency = Math.max(1, Math.min(limits.concurrency, scenario.maxConcurrency ?? Infinity));
  await Promise.all(Array.from({ length: concurrency }, caller));
  const elapsedS = (performance.now() - begin) / 1000;

  latencies.sort((a, b) => a - b);
  const ms = (p: number) => Math.round(percentile(latencies, p) * 100) / 100;
  const p95 = ms(95);
  return {
    name: scenario.name,
    description: scenario.description,
    concurrency,
    requests: latencies.length,
    errors,
    firstError,
    p50: ms(50),
    p95,
    p99: ms(99),
    max: ms(100),
    rps: Math.round((latencies.length / elapsedS) * 10) / 10,
    budgetP95Ms: scenario.budgetP95Ms,
    overBudget: scenario.budgetP95Ms !== undefined && p95 > scenario.budgetP95Ms,
  };
}
