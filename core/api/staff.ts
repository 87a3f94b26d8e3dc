import type { z } from 'zod';
import { listQuery } from '../validation/listQuery';
import { describeStaffIssues, STAFF_MESSAGES, staffCreateSchema, staffUpdateSchema, userType } from '../validation/staff';
import { facilityFilterId, idParam } from '../validation/wire';
import { endpoint } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/staff';

// Staff accounts (spec 1 §5, §6, §7), at the root's /user: admins manage everyone; a manager the mods,
// coaches and referees of their own facility. A new member gets a mailed link to set a password.

/** A staff account as the API shows it (never its password hash). */
export type StaffMember = z.output<typeof answers.staffMember>;

/** The columns the list sorts by. */
export const STAFF_SORTS = ['ID', 'email', 'user_type', 'first_name', 'last_name', 'phone', 'facility_id'] as const;

export const staffList = endpoint<StaffMember[]>()({
  method: 'GET',
  path: '/user',
  root: true,
  summary: 'The staff accounts the caller may see (filter, sort and range as ra-data-simple-rest sends them; Content-Range tells the total)',
  permission: { resource: 'staff', action: 'list' },
  query: listQuery({
    sortable: STAFF_SORTS,
    defaultSort: ['ID', 'ASC'],
    filters: { facility_id: facilityFilterId('must be 0 (all) or a facility id'), user_type: userType },
    searchable: true,
  }),
  answer: answers.staffMember.array(),
});

export const getStaff = endpoint<StaffMember>()({
  method: 'GET',
  path: '/user/{id}',
  root: true,
  summary: 'One staff account the caller may see (404 for another facility\'s, and for an admin\'s to non-admins)',
  permission: { resource: 'staff', action: 'show' },
  params: idParam,
  answer: answers.staffMember,
});

export const createStaff = endpoint<StaffMember>()({
  method: 'POST',
  path: '/user/presignup',
  root: true,
  summary: 'Creates a staff account without a password and mails its signup link (502 when the mail fails: the account stays)',
  permission: { resource: 'staff', action: 'create', refusal: STAFF_MESSAGES.onlyAdminsCreate },
  body: staffCreateSchema,
  describe: describeStaffIssues,
  answer: answers.staffMember,
});

export const updateStaff = endpoint<StaffMember>()({
  method: 'PUT',
  path: '/user',
  root: true,
  summary: 'Changes a staff account: its id and the fields that change',
  permission: { resource: 'staff', action: 'edit' },
  body: staffUpdateSchema,
  describe: describeStaffIssues,
  answer: answers.staffMember,
});

export const deleteStaff = endpoint<StaffMember>()({
  method: 'DELETE',
  path: '/user/{id}',
  root: true,
  summary: 'Deletes a staff account (never your own) and ends its sessions',
  permission: { resource: 'staff', action: 'delete' },
  params: idParam,
  answer: answers.staffMember,
});

/** The staff entity (/staff), at the root's /user: an update names its record by `id` in the body. */
export const staffEntity = entity({ resource: 'staff', label: 'Staff member', facilityFilter: 'facility_id', list: staffList, one: getStaff, create: createStaff, update: updateStaff, delete: deleteStaff });
