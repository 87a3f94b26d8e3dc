import type { z } from 'zod';
import { crudEndpoints, type CrudEndpoints, type CrudOptions, type CrudRecord } from '../api/crud';
import type { Rules } from '../roles';
import { updateOf } from '../validation/updateOf';

// An entity added as a folder (README "Adding an entity"): resources/<name>/entity.ts exports as its
// default this declaration — the five CRUD calls (core/api/crud.ts) with their zod schemas, its rows of
// the role matrix, its facility column and what the server's crud helper needs to know of its table.
// The server finds the folder by itself (server/db/entityFolders.ts) and serves it; the browser's
// registry lists its views. This module sits outside core/api so that the built browser keeps the
// folder's schemas (vite.config.ts strips those of core/api's declarations): its forms check them.

export interface FolderEntity<Row = unknown, Create extends z.ZodType = z.ZodType, Update extends z.ZodType = z.ZodType> extends CrudEndpoints<Row, Create, Update> {
  /** The entity's rules of the role matrix (resources/<name>/rules.ts, zod-free for the first load). */
  readonly rules: Rules;
  /** The text columns `q` searches. */
  readonly searchable: readonly string[];
  /** The columns stored as integer cents and sent as dollars. */
  readonly money: readonly string[];
}

export interface FolderEntityOptions<Row, Create extends z.ZodObject, Update extends z.ZodType>
  extends Omit<CrudOptions<Row, Create, Update>, 'update' | 'rights'> {
  /** The body of an update; by default the create's, every field optional (updateOf). */
  update?: Update;
  rules: Rules;
  searchable?: readonly string[];
  money?: readonly string[];
}

/** `export default folderEntity<Locker>()('lockers', { paths, answer, create, list, facilityScoped, rules, … })`. */
export const folderEntity = <Row = CrudRecord>() =>
  <Create extends z.ZodObject, Update extends z.ZodType = z.ZodType>(
    resource: string,
    { rules, searchable = [], money = [], update, ...options }: FolderEntityOptions<Row, Create, Update>,
  ): FolderEntity<Row, Create, Update> => ({
    ...crudEndpoints<Row>()(resource, { ...options, update: update ?? (updateOf(options.create) as unknown as Update) }),
    rules,
    searchable,
    money,
  });
