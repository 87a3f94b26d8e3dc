import type { EndpointDefinition } from './endpoint';

// An entity of the API: a react-admin resource whose generic verbs (getList, getOne, create, update,
// delete …) are calls declared in its area, so that the dataProvider derives its CRUD from this one
// declaration (dataProvider/index.ts) and nothing restates the entity's paths. The role matrix guards
// every call through the call's own `permission` (core/permissions.ts MATRIX).

/**
 * How the entity's list call takes react-admin's paging and answers its page:
 * - 'range' (the default): ra-data-simple-rest's `sort`, `range` and `filter`, the total in Content-Range;
 * - 'search-in-path': a search whose words are the last path segment ({query}), every match at once
 *   and nothing without words (spec 1 §7: /customer/search/{query});
 * - `{ limit: …, offset: …, items: …, total: … }`: limit and offset in the query, the page and the
 *   total under those keys of the answer (spec 3 §7: GET /class answers {classes, nb_classes}).
 */
export type ListStyle =
  | 'range'
  | 'search-in-path'
  | { readonly limit: string; readonly offset: string; readonly items: string; readonly total: string };

export interface EntityDeclaration {
  /** The react-admin resource: the spec's URL segment of a record (/league/{id} → 'league'). */
  readonly resource: string;
  /** How a record is named in messages: 'League' (League not found). */
  readonly label: string;
  /**
   * The list's filter of a facility, for an entity whose list holds several facilities' records: the
   * browser's lists follow the admin's facility selector through it (non-admins are pinned to their
   * own facility by the server whatever they send).
   */
  readonly facilityFilter?: string;
  readonly listStyle?: ListStyle;
  /** GET: the list (getList, getMany with filter id, getManyReference with the target as a filter). */
  readonly list?: EndpointDefinition;
  /** GET {id}: the record as its show view reads it. */
  readonly one?: EndpointDefinition;
  /** POST: creates one from its fields. */
  readonly create?: EndpointDefinition;
  /** PUT: changes the fields sent (by {id} in the path, or `id` in the body when the path has none). */
  readonly update?: EndpointDefinition;
  /** DELETE {id}. */
  readonly delete?: EndpointDefinition;
}

/** Declares an entity: `export const league = entity({ resource: 'league', label: 'League', list: leagueList, … })`. */
export const entity = <const E extends EntityDeclaration>(declaration: E): E => declaration;

/** The verbs an entity may declare. */
export const ENTITY_VERBS = ['list', 'one', 'create', 'update', 'delete'] as const;
