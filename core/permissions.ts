// The one role matrix. The server's guards and the browser's canAccess both read it; a role not
// listed for a resource and action is refused. Scoping to a facility is separate (see scopeFacility).
import type { Role } from './constants';
import { ENTITY_RULES } from './entities';
import { ADMIN, ADMIN_MANAGER, ALL, FIELD_STAFF, OFFICE, type Action, type Rules } from './roles';

export type { Action } from './roles';

/** What a view needs of the matrix: a MATRIX resource (an entity's, or a 'page:*' one) and an action. */
export interface Access {
  readonly resource: string;
  readonly action: Action;
}

/**
 * The rules of what is no entity of core/entities.ts: the calls around the entities (the customer
 * profile, memberships, payments, reports, the calendar …) and the pages of the app shell.
 */
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

  // Pickup (spec 2 §2, §6): the office reads sessions and checks players in; admins add sessions and export.
  pickup: { list: OFFICE, show: OFFICE, create: ADMIN, checkin: OFFICE, export: ADMIN },

  // Pages that are no entity's view (spec 1 §2). 'access' is their route guard (the authProvider's
  // canAccess); an entity's view is guarded by the entity's own rules (src/registry.ts). /admin is for
  // admins, and managers for the Staff, Scoreboards and Resources cards. Coaches and referees reach the
  // calendar (events.list) and the schedule, and find only the schedule in the menu ('menu').
  'page:schedule': { access: ALL, menu: FIELD_STAFF },
  'page:admin': { access: ADMIN_MANAGER },
  'page:resources': { access: ADMIN_MANAGER },
  'page:referee': { access: OFFICE },
  'page:eplayer': { access: OFFICE },
};

/** The one role matrix: the entities' rules (core/entities.ts) and the others. */
export const MATRIX: Record<string, Rules> = { ...ENTITY_RULES, ...OTHER_RULES };

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
