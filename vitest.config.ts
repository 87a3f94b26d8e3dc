import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: core logic, React components in jsdom, the API on embedded PGlite and, when
// TEST_DATABASE_URL points at a PostgreSQL server, the same API tests on that server.
const api = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node' as const,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
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
      api('api', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [api('api-pg', { TEST_DB: 'postgres' })] : []),
    ],
  },
});
