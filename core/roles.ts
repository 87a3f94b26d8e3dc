// The role groups the role matrix is written with (core/permissions.ts MATRIX, and the roles of each
// entity in core/entities.ts), and the shape of one resource's rules.
import type { Role } from './constants';

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'access' | (string & {});

/** The roles allowed each action of one resource; an action not listed is refused to everyone. */
export type Rules = Partial<Record<Action, readonly Role[]>>;

export const ALL: readonly Role[] = ['admin', 'manager', 'mod', 'coach', 'referee'];
export const OFFICE: readonly Role[] = ['admin', 'manager', 'mod'];
export const ADMIN_MANAGER: readonly Role[] = ['admin', 'manager'];
export const ADMIN: readonly Role[] = ['admin'];
export const FIELD_STAFF: readonly Role[] = ['coach', 'referee'];

/** Reference data every staff member reads and admins and managers maintain. */
export const REFERENCE: Rules = { list: ALL, show: ALL, create: ADMIN_MANAGER, edit: ADMIN_MANAGER, delete: ADMIN };
