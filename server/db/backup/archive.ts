import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';

// The backup file: one tar holding a manifest, the database's dump (PGlite's data directory as a
// gzipped tar, or pg_dump's custom format) and the kept files of DATA_DIR/files. It is written under a
// temporary name and renamed at the end, so a file with the final name is always a complete backup.

export const MANIFEST = 'touchline-backup.json';
/** The kept files' folder, inside the archive as under DATA_DIR. */
export const FILES = 'files';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Manifest {
  /** The archive's layout; a later one a restore does not know is refused. */
  format: 1;
  database: DatabaseKind;
  /** The database dump's name inside the archive. */
  dump: string;
  /** Unix seconds, when the copy began. */
  created_at: number;
  /** Whether DATA_DIR/files is in it (not with S3_BUCKET: the bucket is copied on its own). */
  files: boolean;
}

export const DUMP_NAME: Record<DatabaseKind, string> = { pglite: 'database.tar.gz', postgres: 'database.pgdump' };

/**
 * Writes `file` from the dump in `staging` (named as the manifest says) and, when given, the kept
 * files under `dataDir/files`.
 */
export async function writeArchive(file: string, staging: string, manifest: Manifest, dataDir: string | null): Promise<void> {
  fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${file}.partial`;
  try {
    await tar.c({ file: partial, cwd: staging, portable: true }, [MANIFEST, manifest.dump]);
    // Not a file being written (storage writes under *.tmp and renames: server/services/storage/disk.ts).
    if (dataDir) await tar.r({ file: partial, cwd: dataDir, portable: true, filter: (name) => !name.endsWith('.tmp') }, [FILES]);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Unpacks `file` into the empty folder `into` and answers its manifest; refuses what is not a backup. */
export async function readArchive(file: string, into: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${file}`);
  try {
    await tar.x({ file, cwd: into, strict: true });
  } catch (error) {
    throw new Error(`${file} is not a Touchline backup (${(error as Error).message})`);
  }
  const manifestFile = path.join(into, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${file} is not a Touchline backup: it holds no ${MANIFEST}`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file} is a backup of a later Touchline (format ${manifest.format}); restore it with that version`);
  if (!fs.existsSync(path.join(into, manifest.dump))) throw new Error(`${file} is incomplete: its database dump ${manifest.dump} is missing`);
  return manifest;
}
