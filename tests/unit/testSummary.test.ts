import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../scripts/testDatabase';
import { summarize } from '../../scripts/testSummary';

// No silent skips (issue 32 item 3): .ci/run fails when a suite ran no test or skipped one, and never
// counts a skipped test as run; the api-pg project runs wherever PostgreSQL can be reached, and says
// in one line when it cannot.

const vitest = (files: string[], totals: string) => [
  ' RUN  v4.1.12 /work/touchline',
  ...files,
  ' Test Files  4 passed (4)',
  `      Tests  ${totals}`,
].join('\n');
const playwright = '\n  14 passed (40s)\n';
const ALL_RAN = [
  ' ✓ |unit| tests/unit/money.test.ts (12 tests) 20ms',
  ' ✓ |web| tests/web/login.test.tsx (3 tests) 900ms',
  ' ✓ |api| tests/api/events.test.ts (31 tests) 9000ms',
  ' ✓ |api-pg| tests/api/events.test.ts (33 tests) 9500ms',
];

describe('the summary of a CI run', () => {
  it('passes when every suite ran its tests, and counts them', () => {
    const { lines, ok } = summarize(vitest(ALL_RAN, '79 passed (79)') + playwright, { postgres: true });
    expect(ok).toBe(true);
    expect(lines).toEqual(['  unit    12 tests', '  web     3 tests', '  api     31 tests', '  api-pg  33 tests', '  e2e     14 tests', '93 passed, 0 failed, 0 skipped']);
  });

  it('fails a run where a project skipped tests, and does not count them as run', () => {
    const files = [...ALL_RAN.slice(0, 3), ' ✓ |api-pg| tests/api/events.test.ts (33 tests | 2 skipped) 9500ms', ' ↓ |api-pg| tests/api/square-races.test.ts (3 tests | 3 skipped)'];
    const { lines, ok } = summarize(vitest(files, '77 passed | 5 skipped (82)') + playwright, { postgres: true });
    expect(ok).toBe(false);
    expect(lines).toContain('  api-pg  31 tests');
    expect(lines).toContain('Skipped, so not run: api-pg tests/api/events.test.ts (2); api-pg tests/api/square-races.test.ts (3)');
    expect(lines.at(-1)).toBe('91 passed, 0 failed, 5 skipped');
  });

  it('fails a run where a project is missing or only skipped, and a todo counts as skipped', () => {
    expect(summarize(vitest(ALL_RAN.slice(0, 3), '46 passed (46)') + playwright, { postgres: true })).toMatchObject({ ok: false, lines: expect.arrayContaining(['Ran no test: api-pg']) });
    expect(summarize(vitest(ALL_RAN.slice(0, 3), '46 passed (46)') + playwright, { postgres: false }).ok).toBe(true);
    const todo = summarize(vitest([...ALL_RAN.slice(0, 3), ' ✓ |unit| tests/unit/x.test.ts (2 tests | 2 todo)'], '46 passed | 2 todo (48)') + playwright, { postgres: false });
    expect(todo.ok).toBe(false);
    expect(summarize(vitest(ALL_RAN, '79 passed (79)') + '\n  13 passed (40s)\n  1 skipped\n', { postgres: true }).ok).toBe(false);
  });
});

describe('the PostgreSQL of the api-pg project', () => {
  it('is TEST_DATABASE_URL when set', async () => {
    expect((await testDatabase({ TEST_DATABASE_URL: 'postgres://ci@db:5432/test' })).url).toBe('postgres://ci@db:5432/test');
  });

  it('says in one line why the PostgreSQL-only tests did not run when no server answers', async () => {
    const { url, line } = await testDatabase({}, 'postgres://postgres@127.0.0.1:1/test');
    expect(url).toBeNull();
    expect(line).toMatch(/^api-pg SKIPPED: no PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/test \(.+\), so the PostgreSQL-only tests \(races, kept sums, scoreboard cluster\) did not run; start the local server or set TEST_DATABASE_URL$/);
    expect(line).not.toContain('\n');
  });
});
