import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// The closing lines of .ci/run, read from the log of `npm test`: how many tests each suite ran (Vitest's
// per-file lines "✓ |api| tests/api/x.test.ts (7 tests | 6 skipped)", Playwright's "  14 passed (40s)"),
// and the verdict. A suite that ran no test fails the run, and so does any skipped test: a skipped test
// is never counted as run.

export interface Summary {
  lines: string[];
  ok: boolean;
}

/** Reads a plain (or coloured) log of `npm test`; `postgres` says whether the api-pg project had to run. */
export function summarize(log: string, { postgres }: { postgres: boolean }): Summary {
  const text = log.replace(/\x1b\[[0-9;]*m/g, '');
  const ran: Record<string, number> = { unit: 0, web: 0, api: 0, ...(postgres ? { 'api-pg': 0 } : {}) };
  const skipped: string[] = [];
  for (const [, project, file, counts] of text.matchAll(/^\s*\S+\s+\|([\w-]+)\|\s+(\S+)\s+\((\d+ tests?\b[^)]*)\)/gm)) {
    const total = Number(/^(\d+)/.exec(counts)![1]);
    const notRun = [...counts.matchAll(/(\d+) (?:skipped|todo)/g)].reduce((n, [, k]) => n + Number(k), 0);
    ran[project] = (ran[project] ?? 0) + total - notRun;
    if (notRun) skipped.push(`${project} ${file} (${notRun})`);
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  const vitest = /^\s*Tests\s+(.+?)\s+\(\d+\)\s*$/m.exec(text);
  for (const [, n, what] of vitest ? vitest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g) : []) {
    total[what === 'todo' ? 'skipped' : (what as keyof typeof total)] += Number(n);
  }
  let e2e = 0;
  for (const [, n, what] of text.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped|did not run|interrupted)\b/gm)) {
    const key = what === 'passed' || what === 'flaky' ? 'passed' : what === 'skipped' ? 'skipped' : 'failed';
    total[key] += Number(n);
    if (key === 'skipped') skipped.push(`e2e (${n})`);
    else e2e += Number(n);
  }
  ran.e2e = e2e;
  const lines = Object.entries(ran).map(([name, n]) => `  ${name.padEnd(7)} ${n} tests`);
  const empty = Object.entries(ran).filter(([, n]) => n === 0).map(([name]) => name);
  if (empty.length) lines.push(`Ran no test: ${empty.join(', ')}`);
  if (total.skipped && !skipped.length) skipped.push(`${total.skipped} in Vitest's count`);
  if (skipped.length) lines.push(`Skipped, so not run: ${skipped.join('; ')}`);
  lines.push(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return { lines, ok: empty.length === 0 && skipped.length === 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { lines, ok } = summarize(readFileSync(process.argv[2], 'utf8'), { postgres: Boolean(process.env.TEST_DATABASE_URL) });
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
}
