import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedEmpty } from './db/seed';
import { DEMO_PASSWORD, DEMO_STAFF } from './db/seed/staff';
import { createHubspotClient } from './services/hubspot';
import { createMailer } from './services/mail';
import { createSquare } from './services/square';
import { createStorage } from './services/storage';

// Start: validate configuration, open and migrate the database, seed an empty one (SEED: the demo on
// the embedded database, the network's reference data without logins with DATABASE_URL or in
// production), serve.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const storage = createStorage(config);
  const seeded = await seedEmpty(database.db, { seed: config.seed, scryptLogN: config.scryptLogN, files: storage });
  if (seeded === 'demo' || seeded === 'reference') console.log(`Empty database: seeded ${seeded === 'demo' ? 'the demo network' : "the network's reference data, without logins"} (SEED=${seeded}).`);
  const mailer = createMailer(config);
  const staticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const app = await buildApp({ config, db: database.db, mailer, hubspot: createHubspotClient(config), square: createSquare(config, database.db), storage }, { staticDir, logger: { level: config.logLevel }, jobs: { leaseMs: config.jobLeaseSeconds * 1000 } });

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  // The banner ends with the demo logins (or how to create the first admin), the one thing a first-time user needs to read.
  const where = config.host === '0.0.0.0' || config.host === '::' ? 'every network interface' : config.host;
  console.log(`\nTouchline is running at ${config.publicUrl} (listening on ${where}, port ${config.port}; ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'})`);
  if (!config.smtpUrl) console.log(`Mail is written to ${path.join(config.dataDir, 'outbox')}`);
  if (seeded === 'demo' || (seeded === 'kept' && config.seed === 'demo')) {
    console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const s of DEMO_STAFF) console.log(`  ${s.user_type.padEnd(8)} ${s.email}  (facility ${s.facility_id})`);
  } else if (seeded !== 'kept') {
    console.log('No staff yet: create the first admin with  npm run admin:create -- --email you@example.com');
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
