import fs from 'node:fs';
import path from 'node:path';
import { nowSeconds } from '../core/time';
import { loadConfig, type Config } from './config';
import { DUMP_NAME, FILES, readArchive, writeArchive, type Manifest } from './db/backup/archive';
import { holdsData } from './db/backup/contents';
import { dumpPglite, pgliteHoldsData, restorePglite, serverHolds } from './db/backup/pglite';
import { dumpPostgres, restorePostgres, withPostgres } from './db/backup/postgres';

// `npm run backup -- <file>`: a consistent copy of the configured database (DATABASE_URL, else PGlite
// under DATA_DIR), taken while the product serves, with the kept files of DATA_DIR/files, in one file.
// `npm run restore -- <file> [--force]`: loads such a file into an empty database (and DATA_DIR/files),
// refusing one that holds data unless --force. README: "Backup and restore".

const USAGE = 'Usage: npm run backup -- <file>\n       npm run restore -- <file> [--force]';

const kindOf = (config: Config) => (config.databaseUrl ? 'postgres' : 'pglite') as Manifest['database'];
const where = (config: Config) => (config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `PGlite in ${path.join(config.dataDir, 'db')}`);
const filesDir = (config: Config) => path.join(config.dataDir, FILES);
const isFilled = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
const megabytes = (file: string) => `${(fs.statSync(file).size / 1e6).toFixed(1)} MB`;

/** A folder for the work in progress beside `near`, on its file system (so its parts move by rename). */
const staging = (near: string) => {
  fs.mkdirSync(near, { recursive: true });
  return fs.mkdtempSync(path.join(near, '.touchline-backup-'));
};

async function backup(config: Config, file: string): Promise<void> {
  if (fs.existsSync(file)) throw new Error(`${file} already exists: name a new file`);
  const work = staging(path.dirname(file));
  try {
    const database = kindOf(config);
    const manifest: Manifest = {
      format: 1, database, dump: DUMP_NAME[database], created_at: nowSeconds(),
      files: !config.s3 && fs.existsSync(filesDir(config)),
    };
    const dump = path.join(work, manifest.dump);
    const how = database === 'postgres' ? (await dumpPostgres(config.databaseUrl!, dump), 'pg_dump') : `${await dumpPglite(config.dataDir, dump) === 'server' ? 'through the running server' : 'with no server running'}`;
    await writeArchive(file, work, manifest, manifest.files ? config.dataDir : null);
    console.log(`Backed up ${where(config)} (${how})${manifest.files ? ` and ${filesDir(config)}` : ''} to ${file} (${megabytes(file)}).`);
    if (config.s3) console.log(`Kept files are in the S3 bucket ${config.s3.bucket}, not in this file: copy the bucket as README "Backup and restore" says.`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function restore(config: Config, file: string, force: boolean): Promise<void> {
  const database = kindOf(config);
  // Every refusal comes before anything changes.
  if (database === 'pglite' && (await serverHolds(config.dataDir))) throw new Error(`A Touchline server is running on ${config.dataDir}: stop it before restoring`);
  const filled = database === 'postgres' ? await withPostgres(config.databaseUrl!, holdsData) : await pgliteHoldsData(config.dataDir);
  const files = filesDir(config);
  if (!force && (filled || isFilled(files))) {
    const what = filled ? where(config) : files;
    throw new Error(`${what[0].toUpperCase()}${what.slice(1)} is not empty; nothing was changed.\n`
      + 'Restore into an empty database, or add --force to replace what it holds (under DATA_DIR the old database and files are kept, renamed *.replaced-<time>).');
  }
  const work = staging(config.dataDir);
  try {
    const manifest = await readArchive(file, work);
    if (manifest.database !== database) {
      throw new Error(`${file} is a backup of ${manifest.database === 'pglite' ? 'the embedded database (PGlite): restore it without DATABASE_URL' : 'a PostgreSQL database: restore it with DATABASE_URL set'}`);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dump = path.join(work, manifest.dump);
    if (database === 'postgres') await restorePostgres(config.databaseUrl!, dump);
    else await restorePglite(config.dataDir, dump, filled ? path.join(config.dataDir, `db.replaced-${stamp}`) : null);
    if (manifest.files) {
      if (fs.existsSync(files)) fs.renameSync(files, path.join(config.dataDir, `${FILES}.replaced-${stamp}`));
      fs.renameSync(path.join(work, FILES), files);
    }
    console.log(`Restored the backup of ${new Date(manifest.created_at * 1000).toISOString()} into ${where(config)}${manifest.files ? ` and ${files}` : ''}.`);
    if (manifest.files && config.s3) console.log(`S3_BUCKET is set: copy ${files} into the bucket (README "Backup and restore").`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0].startsWith('-') || (command === 'backup' && force)) throw new Error(USAGE);
  const config = loadConfig();
  const file = path.resolve(files[0]);
  if (command === 'backup') await backup(config, file);
  else if (command === 'restore') await restore(config, file, force);
  else throw new Error(USAGE);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
