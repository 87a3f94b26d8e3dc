// The API's entities: for each react-admin resource, the spec's list path (GET) and item path (POST;
// GET, PUT, DELETE with /{id}), relative to /api (or to the root for the authentication's paths), and
// the roles allowed each of its actions. The server's crud declarations, the dataProvider and the role
// matrix (core/permissions.ts MATRIX, which adds these rules to those of the pages and of the calls
// that are no entity's) all read it; a new entity is one entry here.
import { ADMIN, ADMIN_MANAGER, ALL, OFFICE, REFERENCE, type Rules } from './roles';

export interface ApiPaths {
  /** GET list (getList, getMany, getManyReference). */
  readonly list: string;
  /** POST, and GET / PUT / DELETE with /{id}. */
  readonly item: string;
  /** The roles of each action: MATRIX[rights] (by default MATRIX[the entity's name]). */
  readonly roles?: Rules;
  /**
   * The MATRIX resource that guards these paths when it is not the entity's name: another entity's
   * (which declares the roles) or one named in the plural while the spec's route is singular.
   */
  readonly rights?: string;
  /** At the root (spec 1 §7: the staff accounts under /user), not under /api. */
  readonly root?: true;
  /** The list is a search whose words are the last path segment (spec 1 §7: /customer/search/{query}). */
  readonly searchInPath?: true;
}

export const API_PREFIX = '/api';

export const API_PATHS = {
  // Reference and settings (spec 1 §7).
  facilities: { list: '/facility', item: '/facility', roles: { ...REFERENCE, create: ADMIN, delete: ADMIN } },
  taxes: { list: '/taxes', item: '/tax', roles: REFERENCE },
  fees: { list: '/fees', item: '/fee', roles: REFERENCE },
  fields: { list: '/facility/fields', item: '/field', roles: REFERENCE },
  field_types: { list: '/field-type', item: '/field-type', roles: REFERENCE },
  age_groups: { list: '/age-group', item: '/age-group', roles: REFERENCE },
  seasons: { list: '/season', item: '/season', roles: REFERENCE },
  gls: { list: '/gl', item: '/gl', roles: REFERENCE },
  product_types: { list: '/product/types', item: '/product/types', roles: REFERENCE },
  integrations: {
    list: '/integration', item: '/integration',
    roles: { list: ADMIN_MANAGER, show: ADMIN_MANAGER, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN },
  },
  // Customers and their families (spec 1 §2, §6): the office searches, creates, edits and reactivates
  // them; 'family' reads and makes parent–child links.
  customer: {
    list: '/customer/search', item: '/customer', searchInPath: true, rights: 'customers',
    roles: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER, reactivate: OFFICE, family: OFFICE },
  },
  // Staff accounts: admins and managers manage them; a manager only below manager (see canAssignRole).
  staff: {
    list: '/user', item: '/user', root: true,
    roles: { list: ADMIN_MANAGER, show: ADMIN_MANAGER, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN_MANAGER },
  },
  // Discounts are network-wide: office staff read them (to apply them on invoices); only admins add or
  // delete them (spec 1 §6), admins and managers expire them. Rules: admins write, others read their
  // own facility's.
  discount: { list: '/discount', item: '/discount', rights: 'discounts', roles: { list: OFFICE, show: OFFICE, create: ADMIN, expire: ADMIN_MANAGER, delete: ADMIN } },
  discount_rules: { list: '/discount/rule', item: '/discount/rule', roles: { list: OFFICE, show: OFFICE, create: ADMIN, edit: ADMIN, delete: ADMIN } },
  // Products (spec 3 §7): everyone reads them and their prices; admins and managers write them, managers
  // only their own facility's variations (facility settings). /newproduct and /products read the same.
  products: { list: '/newproduct', item: '/newproduct', roles: { list: ALL, show: ALL, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN_MANAGER } },
  newproduct: { list: '/newproduct', item: '/newproduct', rights: 'products' },
  product_settings: { list: '/newproduct/settings', item: '/newproduct/settings', rights: 'products' },
  // Live scoreboards (spec 1 §2): 'edit' resets a board's game and changes the boards' background.
  // The media gallery (spec 3 §2.18, issue 28): the office browses its facility's photos and marks them
  // deleted or restores them; admins and managers upload them.
  media: { list: '/media', item: '/media', roles: { list: OFFICE, show: OFFICE, edit: OFFICE, create: ADMIN_MANAGER } },
  scoreboards: { list: '/scoreboard', item: '/scoreboard', roles: { list: ADMIN_MANAGER, edit: ADMIN_MANAGER } },
  // Invoices (spec 2 §6): the office reads, creates, adds event items and sends invoices; only admins
  // browse the list of every invoice (/invoice, spec 1 §2), the office reaching one through its
  // customer, contract or event; admins change
  // dates, contract item prices and fees, add free items, delete items and reverse invoices; admins and
  // managers change item prices and the processing fee (managers on non-contract invoices) and delete
  // invoices.
  invoice: {
    list: '/invoice', item: '/invoice', rights: 'invoices',
    roles: {
      list: OFFICE, browse: ADMIN, show: OFFICE, create: OFFICE, edit: OFFICE, send: OFFICE, export: ADMIN,
      price: ADMIN_MANAGER, contract_price: ADMIN, fee: ADMIN_MANAGER, date: ADMIN, add_item: ADMIN, delete: ADMIN_MANAGER, delete_item: ADMIN, reverse: ADMIN,
    },
  },
  // Contracts (spec 2 §6): the office reads, creates and edits them and their events; admins and
  // managers delete them or their events (never once paid); admins search every facility.
  // Leagues, tournaments, seasons and divisions (spec 3 §6): the office reads and edits them and
  // signs teams up; admins add them and roll seasons over; admins and managers delete one without
  // teams and delete a schedule's games. /leagues is the list, /league/{id} and /tournament/{id} the pages.
  leagues: {
    list: '/league', item: '/league',
    roles: { list: OFFICE, show: OFFICE, create: ADMIN, edit: OFFICE, delete: ADMIN_MANAGER, rollover: ADMIN, delete_games: ADMIN_MANAGER },
  },
  league: { list: '/league', item: '/league', rights: 'leagues' },
  tournament: { list: '/tournament', item: '/tournament', rights: 'leagues' },
  // Teams and rosters (spec 3 §6): the office does everything but renaming a team (admins and
  // managers) and adding players to a locked roster (admins). /teams is the list, /team/{id} the page.
  teams: {
    list: '/team', item: '/team',
    roles: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, rename: ADMIN_MANAGER, delete: OFFICE, signup: OFFICE, players: OFFICE, locked_roster: ADMIN },
  },
  team: { list: '/team', item: '/team', rights: 'teams' },
  // Classes and camps (spec 3 §6): the office reads them, edits them, registers children and books
  // their events; admins create them (and search several facilities); admins and managers choose coaches.
  classes: {
    list: '/class', item: '/class',
    roles: { list: OFFICE, show: OFFICE, create: ADMIN, edit: OFFICE, delete: OFFICE, register: OFFICE, coaches: ADMIN_MANAGER },
  },
  contract: { list: '/contract', item: '/contract', rights: 'contracts', roles: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER } },
} as const satisfies Record<string, ApiPaths>;

export type ApiResource = keyof typeof API_PATHS;

export const isApiResource = (name: string): name is ApiResource => Object.hasOwn(API_PATHS, name);

/** The full path of a resource's list or item, as the browser calls it. */
export function apiPath(resource: ApiResource, kind: 'list' | 'item'): string {
  const paths: ApiPaths = API_PATHS[resource];
  return `${paths.root ? '' : API_PREFIX}${paths[kind]}`;
}

/** The MATRIX resource guarding a react-admin resource (a 'page:*' key or a MATRIX key passes through). */
export function rightsOf(resource: string): string {
  if (!isApiResource(resource)) return resource;
  const paths: ApiPaths = API_PATHS[resource];
  return paths.rights ?? resource;
}

/** The rules the entities declare, by MATRIX resource. */
export const ENTITY_RULES: Record<string, Rules> = Object.fromEntries(
  (Object.keys(API_PATHS) as ApiResource[]).flatMap((resource) => {
    const { roles }: ApiPaths = API_PATHS[resource];
    return roles ? [[rightsOf(resource), roles]] : [];
  }),
);
