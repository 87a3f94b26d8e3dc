import type { ResourceProps } from 'react-admin';
import type { EntityDeclaration } from '../../../core/api/entity';
import type { Rules } from '../../../core/roles';

/** Where a resource's entity declaration is (core/api/entity.ts): loaded with its first read or write. */
export type EntityLoader = () => Promise<EntityDeclaration>;

/**
 * Where an entity's views are, when not react-admin's /{name}: the spec's URL of its list (/leagues for
 * the resource 'league'), and other addresses that show a record (/tournament/{id}: a league).
 */
export interface EntityPaths {
  readonly list?: string;
  readonly show?: readonly string[];
}

/**
 * A react-admin resource of an entity: its views (list, show, edit, create), and its declaration, from
 * which the dataProvider derives its calls. Its folder's index.ts exports it; the registry lists it.
 * A record's address is the spec's /{name}/{id}, which shows it (the show view); /{name}/{id}/edit edits
 * it and /{name}/create creates one (src/kit/entity/paths.ts).
 */
export type EntityResource = ResourceProps & {
  entity: EntityLoader;
  paths?: EntityPaths;
  /** An entity folder's rows of the role matrix (resources/<name>/rules.ts): the registry adds them. */
  rules?: Rules;
};
