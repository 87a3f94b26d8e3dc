import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FolderEntity } from '../../core/entityFolder';

// The entities added as a folder (README "Adding an entity"), found by convention: every folder of
// resources/ holding an entity.ts. Its entity.ts (the declaration, core only) and table.ts (its Drizzle
// table) are all the server loads of it — never its views; its migrations/ (drizzle-kit's, generated
// by `ENTITY=<name> npm run db:generate`) run after the product's, tracked in a table of their own.

const RESOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources');

export interface EntityFolder {
  readonly name: string;
  readonly declaration: FolderEntity;
  readonly table: PgTable & { ID: AnyPgColumn };
}

/** The names of the folders of resources/ that declare an entity. */
export const entityFolderNames = (): string[] =>
  fs.readdirSync(RESOURCES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(RESOURCES, entry.name, 'entity.ts')))
    .map((entry) => entry.name)
    .sort();

async function load(name: string): Promise<EntityFolder> {
  const module = async (file: string) => (await import(pathToFileURL(path.join(RESOURCES, name, file)).href)).default;
  const [declaration, table] = await Promise.all([module('entity.ts'), module('table.ts')]);
  if (!declaration?.list || !declaration.rules) throw new Error(`resources/${name}/entity.ts: its default export is no folderEntity(…) declaration (core/entityFolder)`);
  if (!table?.ID) throw new Error(`resources/${name}/table.ts: its default export is no table with an ID column`);
  return { name, declaration, table };
}

let loaded: Promise<EntityFolder[]> | undefined;

/** Every entity folder's declaration and table, loaded once. */
export const entityFolders = (): Promise<EntityFolder[]> => (loaded ??= Promise.all(entityFolderNames().map(load)));

/** Runs each entity folder's migrations with `migrate` (drizzle's migrator of the database). */
export async function migrateEntityFolders(migrate: (config: { migrationsFolder: string; migrationsTable: string }) => Promise<void>): Promise<void> {
  for (const name of entityFolderNames()) {
    const migrationsFolder = path.join(RESOURCES, name, 'migrations');
    if (fs.existsSync(migrationsFolder)) await migrate({ migrationsFolder, migrationsTable: `__drizzle_migrations_${name}` });
  }
}
