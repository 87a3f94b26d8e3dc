import { createDatabase, databaseComment, databaseUrl } from '../server/db/admin.ts';

// Where the api-pg project (the API tests again, and the PostgreSQL-only races, kept sums and the
// scoreboard cluster) runs: TEST_DATABASE_URL when set, else the local server as .ci/run sets it up
// (postgres@127.0.0.1:5432, database "test", created when missing). When neither can be reached, the
// run says so in one line instead of leaving those tests out silently.

export const LOCAL_TEST_DATABASE = 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  /** The server the api-pg project uses, or null when it is left out. */
  url: string | null;
  /** The one line the run prints about it. */
  line: string;
}

export async function testDatabase(env: NodeJS.ProcessEnv = process.env, local = LOCAL_TEST_DATABASE): Promise<TestDatabase> {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, line: 'api-pg: the API tests run on PostgreSQL too (TEST_DATABASE_URL)' };
  const name = new URL(local).pathname.slice(1);
  try {
    const admin = databaseUrl(local, 'postgres');
    if ((await databaseComment(admin, name)) === null) await createDatabase(admin, name);
    return { url: local, line: `api-pg: the API tests run on PostgreSQL too (the local server, ${local})` };
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return {
      url: null,
      line: `api-pg SKIPPED: no PostgreSQL at ${local} (${reason}), so the PostgreSQL-only tests (races, kept sums, scoreboard cluster) did not run; start the local server or set TEST_DATABASE_URL`,
    };
  }
}
