import fs from 'node:fs';
import path from 'node:path';
import type { MedianResult } from './median';

// The results: a table on stdout and a JSON file under bench/results/ (git-ignored).

const ms = (v: number) => v.toFixed(1);

/** One line per scenario: each run's p95, then the median run's figures (the budget is judged on its p95). */
export function printTable(results: MedianResult[]): void {
  const rows = [
    ['scenario', 'callers', 'requests', 'errors', 'run p95s ms', 'p50 ms', 'median p95 ms', 'p99 ms', 'req/s', 'p95 budget', ''],
    ...results.map((r) => [
      r.name, String(r.concurrency), String(r.requests), String(r.errors), r.runP95s.map(ms).join(' '), ms(r.p50), ms(r.p95), ms(r.p99), r.rps.toFixed(1),
      r.budgetP95Ms === undefined ? '-' : String(r.budgetP95Ms),
      [r.overBudget ? 'OVER BUDGET' : '', r.errors ? 'ERRORS' : ''].filter(Boolean).join(', '),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) {
    console.log(row.map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd());
  }
  for (const r of results) if (r.firstError) console.log(`${r.name}: first error: ${r.firstError}`);
  const check = results.find((r) => r.name === 'check');
  if (check) console.log(`The machine's \`check\` p95: ${check.runP95s.map(ms).join(', ')} ms (median ${ms(check.p95)}): compare the figures above with it.`);
}

export function writeResults(dir: string, report: object): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
