// The one role matrix. The server's guards and the browser's canAccess both read it; a role not
// listed for a resource and action is refused. Scoping to a facility is separate (see scopeFacility).
import type { Role } from './constants';
import { ADMIN, ADMIN_MANAGER, ALL, FIELD_STAFF, OFFICE, REFERENCE, type Action, type Rules } from './roles';

export type { Action } from './roles';

/** What a view needs of the matrix: a MATRIX resource (an entity's, or a 'page:*' one) and an action. */
export interface Access {
  readonly resource: string;
  readonly action: Action;
}

/**
 * The rules of each entity (spec 1 §6, spec 2 §6, spec 3 §6), by MATRIX resource: every declared call
 * names the resource and action it needs (core/api), and each react-admin resource's views are guarded
 * by its own (RIGHTS maps the resources named otherwise).
 */
const ENTITY_RULES: Record<string, Rules> = {
  // Reference and settings (spec 1 §7). Only admins write a facility's waiver text (issue 43 §6).
  facilities: { ...REFERENCE, create: ADMIN, delete: ADMIN, waiver: ADMIN },
  taxes: REFERENCE,
  fees: REFERENCE,
  fields: REFERENCE,
  field_types: REFERENCE,
  age_groups: REFERENCE,
  seasons: REFERENCE,
  gls: REFERENCE,
  product_types: REFERENCE,
  integrations: { list: ADMIN_MANAGER, show: ADMIN_MANAGER, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN },
  // Customers and their families (spec 1 §2, §6): the office searches, creates, edits and reactivates
  // them; 'family' reads and makes parent–child links.
  customers: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER, reactivate: OFFICE, family: OFFICE },
  // Staff accounts: admins and managers manage them; a manager only below manager (see canAssignRole).
  staff: { list: ADMIN_MANAGER, show: ADMIN_MANAGER, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN_MANAGER },
  // Discounts are network-wide: office staff read them (to apply them on invoices); only admins add or
  // delete them (spec 1 §6), admins and managers expire them. Rules: admins write, others read their
  // own facility's.
  discounts: { list: OFFICE, show: OFFICE, create: ADMIN, expire: ADMIN_MANAGER, delete: ADMIN },
  discount_rules: { list: OFFICE, show: OFFICE, create: ADMIN, edit: ADMIN, delete: ADMIN },
  // Products (spec 3 §7): everyone reads them and their prices; admins and managers write them, managers
  // only their own facility's variations (facility settings).
  products: { list: ALL, show: ALL, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN_MANAGER },
  // The media gallery (spec 3 §2.18, issue 28): the office browses its facility's photos and marks them
  // deleted or restores them; admins and managers upload them.
  media: { list: OFFICE, show: OFFICE, edit: OFFICE, create: ADMIN_MANAGER },
  // Live scoreboards (spec 1 §2): 'edit' resets a board's game and changes the boards' background.
  scoreboards: { list: ADMIN_MANAGER, edit: ADMIN_MANAGER },
  // Invoices (spec 2 §6): the office reads, creates, adds event items and sends invoices; only admins
  // browse the list of every invoice (/invoice, spec 1 §2), the office reaching one through its
  // customer, contract or event; admins change dates, contract item prices and fees, add free items,
  // delete items and reverse invoices; admins and managers change item prices and the processing fee
  // (managers on non-contract invoices) and delete invoices.
  invoices: {
    list: OFFICE, browse: ADMIN, show: OFFICE, create: OFFICE, edit: OFFICE, send: OFFICE, export: ADMIN,
    price: ADMIN_MANAGER, contract_price: ADMIN, fee: ADMIN_MANAGER, date: ADMIN, add_item: ADMIN, delete: ADMIN_MANAGER, delete_item: ADMIN, reverse: ADMIN,
  },
  // Contracts (spec 2 §6): the office reads, creates and edits them and their events; admins and
  // managers delete them or their events (never once paid); admins search every facility.
  contracts: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER },
  // Leagues, tournaments, seasons and divisions (spec 3 §6): the office reads and edits them and
  // signs teams up; admins add them and roll seasons over; admins and managers delete one without
  // teams and delete a schedule's games.
  leagues: { list: OFFICE, show: OFFICE, create: ADMIN, edit: OFFICE, delete: ADMIN_MANAGER, rollover: ADMIN, delete_games: ADMIN_MANAGER },
  // Teams and rosters (spec 3 §6): the office does everything but renaming a team (admins and
  // managers) and adding players to a locked roster (admins).
  teams: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, rename: ADMIN_MANAGER, delete: OFFICE, signup: OFFICE, players: OFFICE, locked_roster: ADMIN },
  // Classes and camps (spec 3 §6): the office reads them, edits them, registers children and books
  // their events; admins create them (and search several facilities); admins and managers choose coaches.
  classes: { list: OFFICE, show: OFFICE, create: ADMIN, edit: OFFICE, delete: OFFICE, register: OFFICE, coaches: ADMIN_MANAGER },
};

/**
 * The MATRIX resource of a react-admin resource named otherwise (after the spec's URL of a record:
 * /league/{id}, /invoice/{id} …); every other resource is guarded by its own name.
 */
const RIGHTS: Record<string, string> = {
  customer: 'customers', discount: 'discounts', newproduct: 'products', product_settings: 'products', invoice: 'invoices',
  contract: 'contracts', league: 'leagues', tournament: 'leagues', team: 'teams',
};

/** The MATRIX resource guarding a react-admin resource (a 'page:*' key or a MATRIX key passes through). */
export const rightsOf = (resource: string): string => RIGHTS[resource] ?? resource;

/** The rules of the calls around the entities and of the pages of the app shell. */
const OTHER_RULES: Record<string, Rules> = {
  changelog: { list: ADMIN_MANAGER },
  // The customer profile (spec 1 §2, §6): office staff read and edit it; only admins add credit; admins
  // and managers merge customers and export the invoice history.
  customer_profile: { show: OFFICE, edit: OFFICE, credit: ADMIN, merge: ADMIN_MANAGER, export: ADMIN_MANAGER },
  suspensions: { list: OFFICE, create: OFFICE, delete: OFFICE },
  // Memberships: anyone in the office sells one; admins give them free; admins and managers transfer or extend.
  memberships: { list: OFFICE, create: OFFICE, free: ADMIN, edit: ADMIN_MANAGER },
  trials: { list: OFFICE, create: OFFICE },
  // Payments (spec 2 §6): the office takes them; admins revert them; admins and managers refund and
  // transfer them and read the payment log.
  payments: { create: OFFICE, details: OFFICE, revert: ADMIN, refund: ADMIN_MANAGER, transfer: ADMIN_MANAGER, log: ADMIN_MANAGER },
  // The refund review (spec 2 §2: the menu entry is admin only): admins list, confirm and deny refunds.
  refunds: { list: ADMIN, confirm: ADMIN, deny: ADMIN },
  // The Square simulator page: the office completes or cancels its facility's pending checkouts.
  square_simulator: { list: OFFICE, edit: OFFICE },
  invoice_discounts: { list: OFFICE, apply: ADMIN, remove: ADMIN },

  // Reports (spec 2 §2, §6): the office runs them (non-admins on their facility, mods on the last 30
  // days); only admins export them, except the check-ins export which everyone may take.
  reports: { list: OFFICE, export: ADMIN, export_health: OFFICE },

  // The calendar (spec 2 §2, §6): everyone reads their facility's events (coaches and referees their
  // schedule); the office books and moves them; only admins and managers delete (managers only events
  // without payments); coaches take attendance of their sessions.
  events: { list: ALL, show: ALL, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER, changes: ADMIN_MANAGER, attendance: [...OFFICE, 'coach'] },

  // Referee assignment (spec 3 §2.17, issue 27): the office lists matches and referees and assigns them.
  referees: { list: OFFICE, assign: OFFICE },

  // E-players (spec 1 /eplayer, spec 3 §7, issue 27): the office finds and edits them and takes them out
  // of an e-league (non-admins: their facility's players and e-leagues). E-matches follow the leagues' rules.
  eplayers: { list: OFFICE, show: OFFICE, edit: OFFICE, delete: OFFICE },

  // Broadcast e-mail (spec 3 §2.12, §6 "other actions": any office staff member; issue 29): the office
  // sends to its facility's leagues, teams and classes and lists what was sent.
  broadcasts: { list: OFFICE, create: OFFICE },

  // Pickup (spec 2 §2, §6): the office reads sessions, checks players in and removes a game's waitlist
  // entries (issue 44 item 5); admins add sessions and export.
  pickup: { list: OFFICE, show: OFFICE, create: ADMIN, checkin: OFFICE, waitlist: OFFICE, export: ADMIN },

  // Pages that are no entity's view (spec 1 §2). 'access' is their route guard (the authProvider's
  // canAccess); an entity's view is guarded by the entity's own rules (src/app/registry.ts). /admin is for
  // admins, and managers for the Staff, Scoreboards and Resources cards. Coaches and referees reach the
  // calendar (events.list) and the schedule, and find only the schedule in the menu ('menu').
  'page:schedule': { access: ALL, menu: FIELD_STAFF },
  'page:admin': { access: ADMIN_MANAGER },
  'page:resources': { access: ADMIN_MANAGER },
  'page:referee': { access: OFFICE },
  'page:eplayer': { access: OFFICE },
};

/** The one role matrix: the entities' rules and the others, and those of the entity folders (declareRules). */
export const MATRIX: Record<string, Rules> = { ...ENTITY_RULES, ...OTHER_RULES };

/**
 * Adds the rules of an entity added as a folder (resources/<name>/rules.ts, README "Adding an entity"):
 * the server when it finds the folder, the browser's registry when it lists it. A name the matrix
 * already holds with other rules is a mistake of the folder's, refused at start.
 */
export function declareRules(resource: string, rules: Rules): void {
  if (MATRIX[resource] && MATRIX[resource] !== rules) throw new Error(`The role matrix already has rules for "${resource}": name the entity otherwise`);
  MATRIX[resource] = rules;
}

export function can(role: Role | undefined | null, resource: string, action: Action): boolean {
  if (!role) return false;
  return MATRIX[rightsOf(resource)]?.[action]?.includes(role) ?? false;
}

/** Roles a staff member may give to another: admins any, managers only below manager. */
export function canAssignRole(actor: Role, target: Role): boolean {
  if (actor === 'admin') return true;
  if (actor === 'manager') return target !== 'admin' && target !== 'manager';
  return false;
}

/**
 * The facility a request works in. Admins choose (0 or none means every facility); everyone else is
 * pinned to their own facility whatever they sent.
 */
export function scopeFacility(user: { role: Role; facility_id: number }, requested: number | undefined): number | null {
  if (user.role === 'admin') return requested ? requested : null;
  return user.facility_id;
}
