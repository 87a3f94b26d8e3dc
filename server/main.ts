import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isEmpty, seedDemo } from './db/seed';
import { DEMO_PASSWORD, DEMO_STAFF } from './db/seed/staff';
import { createHubspotClient } from './services/hubspot';
import { createMailer } from './services/mail';
import { createSquare } from './services/square';

// Start: validate configuration, open and migrate the database, seed an empty one, serve.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  if (config.seed === 'demo' && (await isEmpty(database.db))) {
    console.log('Empty database: seeding the demo network…');
    await seedDemo(database.db, { scryptLogN: config.scryptLogN });
  }
  const mailer = createMailer(config);
  const staticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const app = await buildApp({ config, db: database.db, mailer, hubspot: createHubspotClient(config), square: createSquare(config, database.db) }, { staticDir, logger: { level: config.logLevel } });

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  // The banner ends with the demo logins, the one thing a first-time user needs to read.
  const where = config.host === '0.0.0.0' || config.host === '::' ? 'every network interface' : config.host;
  console.log(`\nTouchline is running at ${config.publicUrl} (listening on ${where}, port ${config.port}; ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'})`);
  if (!config.smtpUrl) console.log(`Mail is written to ${path.join(config.dataDir, 'outbox')}`);
  console.log(`Demo logins (password "${DEMO_PASSWORD}"):`);
  for (const s of DEMO_STAFF) console.log(`  ${s.user_type.padEnd(8)} ${s.email}  (facility ${s.facility_id})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
