// The one contract between the browser and the server for the API's entity paths: for each
// react-admin resource, the spec's list path (GET) and item path (POST; GET, PUT, DELETE with /{id}),
// relative to /api (or to the root for the authentication's paths), and the resource of
// core/permissions MATRIX whose rules guard it. The server's crud declarations and the dataProvider
// both read it; a new entity is one line here.

export interface ApiPaths {
  /** GET list (getList, getMany, getManyReference). */
  readonly list: string;
  /** POST, and GET / PUT / DELETE with /{id}. */
  readonly item: string;
  /** The MATRIX resource of core/permissions that guards these paths. */
  readonly rights: string;
  /** At the root (spec 1 §7: the staff accounts under /user), not under /api. */
  readonly root?: true;
  /** The list is a search whose words are the last path segment (spec 1 §7: /customer/search/{query}). */
  readonly searchInPath?: true;
}

export const API_PREFIX = '/api';

export const API_PATHS = {
  facilities: { list: '/facility', item: '/facility', rights: 'facilities' },
  taxes: { list: '/taxes', item: '/tax', rights: 'taxes' },
  fees: { list: '/fees', item: '/fee', rights: 'fees' },
  fields: { list: '/facility/fields', item: '/field', rights: 'fields' },
  field_types: { list: '/field-type', item: '/field-type', rights: 'field_types' },
  age_groups: { list: '/age-group', item: '/age-group', rights: 'age_groups' },
  seasons: { list: '/season', item: '/season', rights: 'seasons' },
  gls: { list: '/gl', item: '/gl', rights: 'gls' },
  product_types: { list: '/product/types', item: '/product/types', rights: 'product_types' },
  integrations: { list: '/integration', item: '/integration', rights: 'integrations' },
  customer: { list: '/customer/search', item: '/customer', rights: 'customers', searchInPath: true },
  staff: { list: '/user', item: '/user', rights: 'staff', root: true },
  discount: { list: '/discount', item: '/discount', rights: 'discounts' },
  discount_rules: { list: '/discount/rule', item: '/discount/rule', rights: 'discount_rules' },
  newproduct: { list: '/newproduct', item: '/newproduct', rights: 'products' },
  /** The /products page reads the same products. */
  products: { list: '/newproduct', item: '/newproduct', rights: 'products' },
  product_settings: { list: '/newproduct/settings', item: '/newproduct/settings', rights: 'products' },
  scoreboards: { list: '/scoreboard', item: '/scoreboard', rights: 'scoreboards' },
  invoice: { list: '/invoice', item: '/invoice', rights: 'invoices' },
  contract: { list: '/contract', item: '/contract', rights: 'contracts' },
} as const satisfies Record<string, ApiPaths>;

export type ApiResource = keyof typeof API_PATHS;

export const isApiResource = (name: string): name is ApiResource => Object.hasOwn(API_PATHS, name);

/** The full path of a resource's list or item, as the browser calls it. */
export function apiPath(resource: ApiResource, kind: 'list' | 'item'): string {
  const paths: ApiPaths = API_PATHS[resource];
  return `${paths.root ? '' : API_PREFIX}${paths[kind]}`;
}

/** The MATRIX resource guarding a react-admin resource (a 'page:*' key or a MATRIX key passes through). */
export const rightsOf = (resource: string): string => (isApiResource(resource) ? API_PATHS[resource].rights : resource);
