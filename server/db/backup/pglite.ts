import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openPglite, PGLITE_EXTENSIONS, type Database } from '../client';
import { holdsData } from './contents';

// Backups of the embedded database (PGlite). It lives inside the server's process, and a second
// process must never open its data directory while the server runs (two PostgreSQL on one directory
// corrupt it). So the running server takes the copy itself and hands it over a Unix socket in DATA_DIR
// (only who may read DATA_DIR, and so could copy the database anyway, can connect). With no server
// running, `npm run backup` opens the directory itself. The socket also keeps a second server off a
// DATA_DIR a first one serves.

const SOCKET = 'backup.sock';
/** What the client sends on the socket to ask for a snapshot. */
const REQUEST = 'backup';
/** A Unix socket's path is at most 107 bytes on Linux (sun_path). */
const MAX_SOCKET_PATH = 107;

const socketOf = (dataDir: string) => path.join(dataDir, SOCKET);
const databaseDir = (dataDir: string) => path.join(dataDir, 'db');

/** Connects to the socket of the server holding `dataDir`; null when none answers there. */
function connect(dataDir: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketOf(dataDir));
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** Whether a server holds `dataDir` now. */
export async function serverHolds(dataDir: string): Promise<boolean> {
  const socket = await connect(dataDir);
  socket?.destroy();
  return socket !== null;
}

/** Gzips PGlite's snapshot (the tar of dumpDataDir) into `out`. */
const gzipTo = (tarball: Blob, out: Writable) =>
  pipeline(Readable.fromWeb(tarball.stream() as import('node:stream/web').ReadableStream), zlib.createGzip({ level: 6 }), out);

/**
 * The server's side (server/main.ts, PGlite only): answers `backup` and a newline with `{"ok":true}`
 * and a newline, then the gzipped snapshot; or `{"error": …}`. Refuses to start when another server answers
 * on DATA_DIR's socket.
 */
export async function serveBackups(dataDir: string, database: Database, log: { warn(message: string): void }): Promise<{ close(): Promise<void> }> {
  const file = socketOf(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn(`DATA_DIR is too long a path for the backup socket (${file}): stop the server to run npm run backup`);
    return { close: async () => {} };
  }
  if (await serverHolds(dataDir)) throw new Error(`Another Touchline server is running on ${dataDir}: one server per DATA_DIR`);
  fs.rmSync(file, { force: true }); // left by a server that did not stop cleanly
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined); // the client went away; nothing to tell it
    // A snapshot only when asked: `serverHolds` connects just to see who is there.
    socket.once('data', async (request) => {
      if (request.toString('utf8').trim() !== REQUEST) return void socket.destroy();
      let tarball: Blob;
      try {
        tarball = await database.snapshot!();
      } catch (error) {
        log.warn(`backup: ${(error as Error).message}`);
        socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
        return;
      }
      socket.write('{"ok":true}\n');
      await gzipTo(tarball, socket).catch((error: Error) => {
        log.warn(`backup: ${error.message}`);
        socket.destroy();
      });
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(file, resolve));
  fs.chmodSync(file, 0o600);
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Asks the server for a snapshot and reads its answer into `toFile`: a first line saying ok or the
 * error, then the gzipped snapshot, checked as it arrives (a connection cut mid-way leaves a gzip
 * stream that does not end).
 */
async function receive(socket: net.Socket, toFile: string): Promise<void> {
  socket.write(`${REQUEST}\n`);
  const check = zlib.createGunzip().resume();
  const checked = new Promise<void>((resolve, reject) => check.once('end', resolve).once('error', reject));
  let head: Buffer | null = Buffer.alloc(0);
  await pipeline(socket, async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      let body = chunk;
      if (head) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(10);
        if (end < 0) continue;
        const answer = JSON.parse(head.subarray(0, end).toString('utf8')) as { ok?: true; error?: string };
        if (!answer.ok) throw new Error(`the server could not take the backup: ${answer.error}`);
        body = head.subarray(end + 1);
        head = null;
      }
      check.write(body);
      yield body;
    }
    if (head) throw new Error('the server closed the backup connection without an answer');
    check.end();
  }, fs.createWriteStream(toFile));
  await checked.catch((error: Error) => { throw new Error(`the backup arrived incomplete (${error.message})`); });
}

/**
 * Writes the gzipped snapshot of the PGlite database under `dataDir` to `toFile`: through the server
 * holding it, or (none running) opening it here. Answers which.
 */
export async function dumpPglite(dataDir: string, toFile: string): Promise<'server' | 'directory'> {
  const socket = await connect(dataDir);
  if (socket) {
    try {
      await receive(socket, toFile);
    } finally {
      socket.destroy();
    }
    return 'server';
  }
  if (!fs.existsSync(path.join(databaseDir(dataDir), 'PG_VERSION'))) throw new Error(`No database under ${dataDir} (no ${databaseDir(dataDir)})`);
  const database = await openPglite(databaseDir(dataDir));
  try {
    await gzipTo(await database.snapshot!(), fs.createWriteStream(toFile));
  } finally {
    await database.close();
  }
  return 'directory';
}

/** Whether the PGlite database under `dataDir` holds data (a missing or empty directory does not). */
export async function pgliteHoldsData(dataDir: string): Promise<boolean> {
  const dir = databaseDir(dataDir);
  if (!fs.existsSync(dir) || fs.readdirSync(dir).length === 0) return false;
  const database = await openPglite(dir);
  try {
    return await holdsData(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Loads the gzipped snapshot `dumpFile` as the database under `dataDir`, then VACUUM (ANALYZE): a
 * copied database brings no fresh statistics, and its indexes' pending entries (the trigram GIN's)
 * would steer the planner to sequential scans. The caller has checked that no server holds `dataDir`,
 * and what it held (`previous`) is moved aside.
 */
export async function restorePglite(dataDir: string, dumpFile: string, previous: string | null): Promise<void> {
  const dir = databaseDir(dataDir);
  if (previous) fs.renameSync(dir, previous);
  else fs.rmSync(dir, { recursive: true, force: true });
  const client = await PGlite.create(dir, { loadDataDir: await fs.openAsBlob(dumpFile, { type: 'application/x-gzip' }), extensions: PGLITE_EXTENSIONS });
  const database = await openPglite(dir, client);
  try {
    await database.db.execute(sql`vacuum (analyze)`);
  } finally {
    await database.close();
  }
}
