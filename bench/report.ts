import fs from 'node:fs';
import path from 'node:path';
import type { ScenarioResult } from './load';

// The results: a table on stdout and a JSON file under bench/results/ (git-ignored).

const ms = (v: number) => v.toFixed(1);

export function printTable(results: ScenarioResult[]): void {
  const rows = [
    ['scenario', 'callers', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'p95 budget', ''],
    ...results.map((r) => [
      r.name, String(r.concurrency), String(r.requests), String(r.errors), ms(r.p50), ms(r.p95), ms(r.p99), r.rps.toFixed(1),
      r.budgetP95Ms === undefined ? '-' : String(r.budgetP95Ms),
      [r.overBudget ? 'OVER BUDGET' : '', r.errors ? 'ERRORS' : ''].filter(Boolean).join(', '),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) {
    console.log(row.map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd());
  }
  for (const r of results) if (r.firstError) console.log(`${r.name}: first error: ${r.firstError}`);
}

export function writeResults(dir: string, report: object): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
