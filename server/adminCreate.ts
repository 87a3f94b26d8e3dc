import { createAdmin } from './auth/firstAdmin';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedNetwork, isEmpty } from './db/seed';

// `npm run admin:create -- --email someone@example.com [--facility 1]`: the first admin of a database
// without demo logins (production). Migrates the configured database (DATABASE_URL, else PGlite under
// DATA_DIR), adds the network's reference data when it is empty, creates the admin without a password
// and prints the single-use link (PUBLIC_URL) where they choose it.

const USAGE = 'Usage: npm run admin:create -- --email someone@example.com [--facility ID]';

function parseArgs(argv: string[]): { email: string; facilityId?: number } {
  let email = '';
  let facilityId: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--email') email = value();
    else if (flag === '--facility') {
      facilityId = Number(value());
      if (!Number.isInteger(facilityId) || facilityId < 1) throw new Error(`--facility needs a facility ID\n${USAGE}`);
    } else throw new Error(`Unknown argument ${argv[i]}\n${USAGE}`);
  }
  if (!email) throw new Error(USAGE);
  return { email, facilityId };
}

async function main() {
  const input = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (await isEmpty(database.db)) await seedNetwork(database.db);
    const { id, link } = await createAdmin(database.db, config.publicUrl, input);
    console.log(`Admin ${id} created for ${input.email.trim().toLowerCase()}. Their single-use link to choose a password (valid 7 days):`);
    console.log(link);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
