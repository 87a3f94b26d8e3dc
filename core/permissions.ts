// The one role matrix. The server's guards and the browser's canAccess both read it; a role not
// listed for a resource and action is refused. Scoping to a facility is separate (see scopeFacility).
import type { Role } from './constants';

/** A 'page:*' entry of MATRIX: its 'access' roles pass the route guard of a page. */
export type PageKey = `page:${string}`;

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'access' | (string & {});

const ALL: readonly Role[] = ['admin', 'manager', 'mod', 'coach', 'referee'];
const OFFICE: readonly Role[] = ['admin', 'manager', 'mod'];
const ADMIN_MANAGER: readonly Role[] = ['admin', 'manager'];
const ADMIN: readonly Role[] = ['admin'];
const FIELD_STAFF: readonly Role[] = ['coach', 'referee'];

type Rules = Partial<Record<Action, readonly Role[]>>;

/** Reference data every staff member reads and admins and managers maintain. */
const reference: Rules = { list: ALL, show: ALL, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN };

export const MATRIX: Record<string, Rules> = {
  // Reference and settings (spec 1 §7).
  facilities: { ...reference, create: ADMIN, delete: ADMIN },
  fields: reference,
  field_types: reference,
  taxes: reference,
  fees: reference,
  age_groups: reference,
  seasons: reference,
  gls: reference,
  product_types: reference,
  integrations: { list: ADMIN_MANAGER, show: ADMIN_MANAGER, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN },
  // Staff accounts: admins and managers manage them; a manager only below manager (see canAssignRole).
  staff: { list: ADMIN_MANAGER, show: ADMIN_MANAGER, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN_MANAGER },
  changelog: { list: ADMIN_MANAGER },
  // Products (spec 3 §7): everyone reads them and their prices; admins and managers write them, managers
  // only their own facility's variations (facility settings).
  products: { list: ALL, show: ALL, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN_MANAGER },
  // Live scoreboards (spec 1 §2): 'edit' resets a board's game and changes the boards' background.
  scoreboards: { list: ADMIN_MANAGER, edit: ADMIN_MANAGER },
  // Discounts are network-wide: office staff read them (to apply them on invoices); only admins add or
  // delete them (spec 1 §6), admins and managers expire them. Rules: admins write, others read their
  // own facility's.
  discounts: { list: OFFICE, show: OFFICE, create: ADMIN, expire: ADMIN_MANAGER, delete: ADMIN },
  discount_rules: { list: OFFICE, show: OFFICE, create: ADMIN, edit: ADMIN, delete: ADMIN },
  // The customer profile (spec 1 §2, §6): office staff read and edit it; only admins add credit; admins
  // and managers merge customers and export the invoice history.
  customer_profile: { show: OFFICE, edit: OFFICE, credit: ADMIN, merge: ADMIN_MANAGER, export: ADMIN_MANAGER },
  suspensions: { list: OFFICE, create: OFFICE, delete: OFFICE },
  // Memberships: anyone in the office sells one; admins give them free; admins and managers transfer or extend.
  memberships: { list: OFFICE, create: OFFICE, free: ADMIN, edit: ADMIN_MANAGER },
  trials: { list: OFFICE, create: OFFICE },
  // Invoices and payments (spec 2 §6): the office reads, creates, adds event items, takes payments and
  // sends invoices; admins change dates, contract item prices and fees, add free items, delete items,
  // reverse invoices and revert payments; admins and managers change item prices and the processing
  // fee (managers on non-contract invoices), delete invoices, refund and transfer.
  invoices: {
    list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, send: OFFICE, export: ADMIN,
    price: ADMIN_MANAGER, contract_price: ADMIN, fee: ADMIN_MANAGER, date: ADMIN, add_item: ADMIN, delete: ADMIN_MANAGER, delete_item: ADMIN, reverse: ADMIN,
  },
  payments: { create: OFFICE, details: OFFICE, revert: ADMIN, refund: ADMIN_MANAGER, transfer: ADMIN_MANAGER, log: ADMIN_MANAGER },
  // The refund review (spec 2 §2: the menu entry is admin only): admins list, confirm and deny refunds.
  refunds: { list: ADMIN, confirm: ADMIN, deny: ADMIN },
  // The Square simulator page: the office completes or cancels its facility's pending checkouts.
  square_simulator: { list: OFFICE, edit: OFFICE },
  invoice_discounts: { list: OFFICE, apply: ADMIN, remove: ADMIN },
  // Customers and their families (spec 1 §2, §6): the office searches, creates, edits and reactivates
  // them; 'family' reads and makes parent–child links.
  customers: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER, reactivate: OFFICE, family: OFFICE },

  // Reports (spec 2 §2, §6): the office runs them (non-admins on their facility, mods on the last 30
  // days); only admins export them, except the check-ins export which everyone may take.
  reports: { list: OFFICE, export: ADMIN, export_health: OFFICE },

  // The calendar (spec 2 §2, §6): everyone reads their facility's events (coaches and referees their
  // schedule); the office books and moves them; only admins and managers delete (managers only events
  // without payments); coaches take attendance of their sessions.
  events: { list: ALL, show: ALL, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER, changes: ADMIN_MANAGER, attendance: [...OFFICE, 'coach'] },

  // Contracts (spec 2 §6): the office reads, creates and edits them and their events; admins and
  // managers delete them or their events (never once paid); admins search every facility.
  contracts: { list: OFFICE, show: OFFICE, create: OFFICE, edit: OFFICE, delete: ADMIN_MANAGER },
  // Pickup (spec 2 §2, §6): the office reads sessions and checks players in; admins add sessions and export.
  pickup: { list: OFFICE, show: OFFICE, create: ADMIN, checkin: OFFICE, export: ADMIN },

  // Pages of the app shell (spec 1 §2). 'access' is the route guard (the authProvider's canAccess);
  // 'menu' shows the page in the drawer's menu. Guarded pages let through admins, or admins and
  // managers; /admin is in the menu of admins only, but managers open it for the Staff, Scoreboards
  // and Resources cards. Coaches and referees reach the calendar and the schedule, and see only the
  // schedule in the menu.
  'page:calendar': { access: ALL, menu: OFFICE },
  'page:schedule': { access: ALL, menu: FIELD_STAFF },
  'page:contracts': { access: OFFICE, menu: OFFICE },
  'page:leagues': { access: OFFICE, menu: OFFICE },
  'page:pickup': { access: OFFICE, menu: OFFICE },
  'page:classes': { access: OFFICE, menu: OFFICE },
  'page:customers': { access: OFFICE, menu: OFFICE },
  'page:teams': { access: OFFICE, menu: OFFICE },
  'page:invoices': { access: ADMIN, menu: ADMIN },
  /** One invoice (/invoice/{id}): a link target from customers, contracts and events. */
  'page:invoice': { access: OFFICE },
  'page:refunds': { access: ADMIN, menu: ADMIN },
  'page:square_simulator': { access: OFFICE },
  'page:reporting': { access: OFFICE, menu: OFFICE },
  'page:referee': { access: OFFICE, menu: OFFICE },
  'page:admin': { access: ADMIN_MANAGER, menu: ADMIN },
  'page:products': { access: ADMIN_MANAGER },
  'page:discounts': { access: ADMIN_MANAGER },
  'page:staff': { access: ADMIN_MANAGER },
  'page:scoreboards': { access: ADMIN_MANAGER },
  'page:resources': { access: ADMIN_MANAGER },
  'page:media': { access: OFFICE },
  'page:eplayer': { access: OFFICE },
};

export function can(role: Role | undefined | null, resource: string, action: Action): boolean {
  if (!role) return false;
  return MATRIX[resource]?.[action]?.includes(role) ?? false;
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
