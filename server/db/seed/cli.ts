import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { createStorage } from '../../services/storage';
import { DEMO_PASSWORD, DEMO_STAFF } from './staff';
import { isEmpty, seedDemo } from '.';
import { TABLES_IN_DEPENDENCY_ORDER } from './writer';

// `npm run db:seed [-- --reset] [-- --scale N]`: migrates the configured database (DATABASE_URL, else
// PGlite under DATA_DIR) and fills it with the demo network. It refuses a database that holds data
// unless --reset, which empties every table first.

const USAGE = 'Usage: npm run db:seed -- [--reset] [--scale N]';

function parseArgs(argv: string[]): { reset: boolean; scale: number } {
  let reset = false;
  let scale = 1;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    if (flag === '--reset') reset = true;
    else if (flag === '--scale') {
      scale = Number(inline ?? argv[++i]);
      if (!(scale > 0)) throw new Error(`--scale needs a positive number\n${USAGE}`);
    } else throw new Error(`Unknown argument ${argv[i]}\n${USAGE}`);
  }
  return { reset, scale };
}

async function main() {
  const { reset, scale } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config);
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'the PostgreSQL server of DATABASE_URL';
  try {
    await database.migrate();
    if (!(await isEmpty(database.db))) {
      if (!reset) {
        throw new Error(`The database (${where}) already holds data; nothing was changed.\n`
          + 'Run `npm run db:seed -- --reset` to empty it and seed the demo network again.');
      }
      const tables = TABLES_IN_DEPENDENCY_ORDER.map((t) => sql.identifier(getTableConfig(t).name));
      await database.db.execute(sql`truncate table ${sql.join(tables, sql`, `)} restart identity cascade`);
      console.log(`Emptied the database (${where}).`);
    }
    const started = performance.now();
    await seedDemo(database.db, { scryptLogN: config.scryptLogN, scale, files: createStorage(config) });
    console.log(`Seeded the demo network (scale ${scale}) into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    console.log(`Demo logins (password "${DEMO_PASSWORD}"): ${DEMO_STAFF.map((s) => s.email).join(', ')}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
