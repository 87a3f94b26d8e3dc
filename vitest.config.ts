import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { testDatabase } from './scripts/testDatabase.ts';

// Four projects: core logic, React components in jsdom, the API on embedded PGlite and the same API
// tests on PostgreSQL (TEST_DATABASE_URL, else the local server; scripts/testDatabase.ts), with the
// tests that need a server of their own: the PostgreSQL-only files below (races, the scoreboard cluster, several server processes, the busy-client guard), and the blocks of
// describeOnPostgres (tests/api/harness.ts). When no server can be reached the run says so in one line.
const POSTGRES_ONLY = ['tests/api/*-races.test.ts', 'tests/api/scoreboards-cluster.test.ts', 'tests/api/instances.test.ts', 'tests/api/busy-client.test.ts'];

const api = (name: string, env: Record<string, string>, exclude: string[] = [], setupFiles: string[] = []) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    exclude,
    // Every answer parsed by its declaration (server/http/answerCheck.ts), a mismatch failing its test.
    setupFiles: ['tests/api/support/answerCheck.ts', ...setupFiles],
    // The migrated and the seeded database each test file copies (tests/api/harness.ts).
    globalSetup: ['tests/api/support/databaseTemplates.ts'],
    environment: 'node' as const,
    env: { CHECK_ANSWERS: '1', ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig(async () => {
  const postgres = await testDatabase();
  console.log(postgres.line);
  return {
    test: {
      env: { TZ: 'UTC' },
      // Both cores (Vitest's default leaves one idle on a 2-core machine): each API test file has a
      // database of its own, and kept files go to the worker's own directory (tests/api/harness.ts).
      maxWorkers: 2,
      projects: [
        // The property tests run thousands of cases: on two busy cores a few take more than the default 5 s.
        { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
        {
          plugins: [react()],
          define: { __BUILD_ID__: JSON.stringify('test') },
          test: {
            name: 'web',
            include: ['tests/web/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['tests/web/setup.ts'],
            testTimeout: 20_000,
          },
        },
        api('api', { TEST_DB: 'pglite' }, POSTGRES_ONLY),
        // On PostgreSQL a test fails when a transaction's client is sent a query while it runs one (tests/api/support/busyClientGuard.ts).
        ...(postgres.url ? [api('api-pg', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres.url }, [], ['tests/api/support/busyClientGuard.ts'])] : []),
      ],
    },
  };
});
