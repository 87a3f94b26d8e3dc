import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { serveBackups } from './db/backup/pglite';
import { openDatabase } from './db/client';
import { seedEmpty } from './db/seed';
import { seedMediaFiles } from './db/seed/mediaFiles';
import { DEMO_PASSWORD, DEMO_STAFF, demoPasswordHash } from './db/seed/staff';
import { createHubspotClient } from './services/hubspot';
import { createMailer } from './services/mail';
import { createSquare } from './services/square';
import { createStorage } from './services/storage';

export interface StartOptions {
  /**
   * The browser app's build, when one is running beside the start (npm start: scripts/start.ts): the
   * server prepares its database meanwhile, and serves once the build is done.
   */
  appBuilt?: Promise<unknown>;
}

// Start: validate configuration, open and migrate the database, seed an empty one (SEED: the demo on
// the embedded database, the network's reference data without logins with DATABASE_URL or in
// production), serve.
export async function start(options: StartOptions = {}): Promise<void> {
  options.appBuilt?.catch(() => undefined); // its failure is awaited below, not unhandled meanwhile
  const config = loadConfig();
  // A first start on the embedded database: the demo logins' slow password hash runs in the thread pool
  // while PGlite creates its directory.
  const fresh = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'));
  const passwordHash = fresh && config.seed === 'demo' ? demoPasswordHash(config.scryptLogN) : undefined;
  passwordHash?.catch(() => undefined); // awaited by the seed: a failure surfaces there
  const database = await openDatabase(config);
  await database.migrate();
  const storage = createStorage(config);
  const seeded = await seedEmpty(database.db, { seed: config.seed, scryptLogN: config.scryptLogN, passwordHash });
  if (seeded === 'demo' || seeded === 'reference') console.log(`Empty database: seeded ${seeded === 'demo' ? 'the demo network' : "the network's reference data, without logins"} (SEED=${seeded}).`);
  // The demo's photos are drawn (in sharp's threads) while the app is built, and stored before it serves.
  const photos = seeded === 'demo' ? seedMediaFiles(database.db, storage) : null;
  photos?.catch(() => undefined); // awaited before listening: a failure surfaces there
  await options.appBuilt;
  const mailer = createMailer(config);
  const staticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const app = await buildApp({ config, db: database.db, connections: database.stats, mailer, hubspot: createHubspotClient(config), square: createSquare(config, database.db), storage }, { staticDir, logger: { level: config.logLevel }, jobs: { leaseMs: config.jobLeaseSeconds * 1000 } });
  await photos;
  // The embedded database's backups go through this process (server/db/backup/pglite.ts).
  const backups = database.kind === 'pglite' ? await serveBackups(config.dataDir, database, app.log) : null;

  // A clean stop (SIGTERM from an orchestrator, Ctrl-C): refuse new connections, finish the requests
  // in flight (app.close waits for them) and the jobs in hand (the worker stops claiming at once),
  // then close the database. Past SHUTDOWN_SECONDS, or on a second signal, exit anyway: a job left
  // unfinished is taken over by another process once its lease runs out.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, `stopping: finishing the requests and jobs in hand (at most ${config.shutdownSeconds} s)`);
    setTimeout(() => {
      app.log.warn(`stopping: requests or jobs still running after ${config.shutdownSeconds} s (SHUTDOWN_SECONDS); exiting without them`);
      process.exit(1);
    }, config.shutdownSeconds * 1000).unref();
    (async () => {
      await Promise.all([app.close(), app.jobs.stop(), backups?.close()]);
      await database.close();
    })().then(() => process.exit(0), (error: unknown) => {
      app.log.error({ err: error }, 'stopping failed');
      process.exit(1);
    });
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

/** A start that failed: its reason, and exit 1. */
export function failed(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// `tsx server/main.ts` (npm run serve) starts the server; scripts/start.ts (npm start) calls start() itself.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) start().catch(failed);
