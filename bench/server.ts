import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { nowSeconds } from '../core/time';
import { buildApp } from '../server/app';
import type { Db } from '../server/db/client';
import { loadConfig } from '../server/config';
import { seedDemo } from '../server/db/seed';
import { createHubspotClient } from '../server/services/hubspot';
import { startFakeHubspot } from '../tests/api/support/fakeHubspot';
import { createMailer } from '../server/services/mail';
import { createSquare } from '../server/services/square';
import { createStorage } from '../server/services/storage';
import { openBenchDatabase, tableSizes, type BenchDbKind } from './database';
import { SCALE_GENERATOR_VERSION, seedScale } from './scale';
import { seedClasses } from './scaleClasses';
import { seedLeagues } from './scaleLeagues';

// The server under test, in a process of its own (forked by bench/run.ts) so that the load loop does
// not share its event loop: a fresh database (or a kept one seeded the same way), the demo network at
// the chosen scale plus the scale volumes (bench/scale.ts) when asked, the real app on an ephemeral
// loopback port, its HubSpot the local fake of the API tests (the export scenario's). It reports 'ready' over IPC and cleans up on 'stop', on a signal, or when
// the parent goes.

export interface ServerReady {
  type: 'ready';
  baseUrl: string;
  database: string;
  /** The PostgreSQL database's URL, null on PGlite. */
  databaseUrl: string | null;
  scryptLogN: number;
  seedSeconds: number;
  tables: Array<{ table: string; rows: number }>;
  /** The built app the server also serves (for the first-load measurement), when dist/ holds one. */
  distDir: string | null;
  /** The server's DATA_DIR: its outbox holds the mails it sent (the portal's sign-in links). */
  dataDir: string;
}

const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

async function seed(db: Db, options: { scale: number; events: number; invoices: number; leagues: number; classes?: number; scryptLogN: number; label: string }) {
  console.log(`Seeding the demo network at scale ${options.scale} on ${options.label}…`);
  const now = nowSeconds();
  await seedDemo(db, { scryptLogN: options.scryptLogN, scale: options.scale, now });
  if (options.events > 0) {
    console.log(`Adding about ${options.events} events and ${options.invoices} invoices…`);
    const added = await seedScale(db, { events: options.events, invoices: options.invoices, now });
    console.log(`Added ${added.events} events, ${added.invoices} invoices, ${added.payments} payments`);
  }
  if (options.leagues > 0) {
    console.log(`Adding ${options.leagues} leagues with their teams and players…`);
    const added = await seedLeagues(db, { leagues: options.leagues, now });
    console.log(`Added ${added.leagues} leagues, ${added.teams} teams, ${added.players} players, ${added.payments} payments`);
  }
  if (options.classes) {
    console.log(`Adding ${options.classes} classes with their attendees…`);
    const added = await seedClasses(db, { classes: options.classes, now });
    console.log(`Added ${added.classes} classes, ${added.attendees} attendees`);
  }
  if (options.events > 0 || options.leagues > 0 || options.classes) {
    console.log('Vacuuming…');
    await db.execute(sql`vacuum (analyze)`);
  }
}

async function main() {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const kind = (process.env.BENCH_DB ?? 'pglite') as BenchDbKind;
  const classes = Number(process.env.BENCH_CLASSES ?? 0);
  // Classes join the seed's label only when asked for, so that databases kept before they existed are reused.
  const volumes = {
    events: Number(process.env.BENCH_EVENTS ?? 0), invoices: Number(process.env.BENCH_INVOICES ?? 0), leagues: Number(process.env.BENCH_LEAGUES ?? 0), ...(classes > 0 && { classes }),
  };
  const keep = process.env.BENCH_KEEP === '1';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-bench-'));
  const hubspot = await startFakeHubspot();
  const config = loadConfig({
    HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', HUBSPOT_API_URL: hubspot.url,
    SCRYPT_LOG_N: process.env.SCRYPT_LOG_N ?? '17',
    ...(process.env.BENCH_METRICS_TOKEN && { METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN }),
  });
  const bench = await openBenchDatabase(kind, dataDir, { keep, seed: JSON.stringify({ scale, ...volumes, generator: SCALE_GENERATOR_VERSION }) });
  let stopping: Promise<void> | undefined;
  const cleanUp = async () => {
    await bench.dispose();
    await hubspot.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const { db } = bench.database;
    await bench.database.migrate();
    const seedStart = performance.now();
    if (bench.reused) console.log(`Reusing ${bench.label}`);
    else await seed(db, { scale, ...volumes, scryptLogN: config.scryptLogN, label: bench.label });
    await bench.markSeeded();
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const tables = await tableSizes(db);

    const distDir = fs.existsSync(path.join(DIST_DIR, 'index.html')) ? DIST_DIR : null;
    const app = await buildApp({ config, db, connections: bench.database.stats, mailer: createMailer(config), hubspot: createHubspotClient(config), square: createSquare(config, db), storage: createStorage(config) }, { logger: false, staticDir: distDir ?? undefined });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const stop = () => (stopping ??= app.close().then(cleanUp).then(() => process.exit(0)));
    process.on('message', (message) => message === 'stop' && stop());
    process.on('disconnect', stop);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    const ready: ServerReady = {
      type: 'ready',
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      database: bench.label,
      databaseUrl: bench.url,
      scryptLogN: config.scryptLogN,
      seedSeconds,
      tables,
      distDir,
      dataDir,
    };
    process.send!(ready);
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

main().catch((error) => {
  // Drizzle's "Failed query" errors carry the database's own message as their cause.
  const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
  console.error(`${error instanceof Error ? error.message : error}${cause}`);
  process.exit(1);
});
