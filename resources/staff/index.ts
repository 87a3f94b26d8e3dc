import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import type { EntityResource } from '../../src/kit/entity/types';

/**
 * Staff accounts (spec 1 §2): /staff lists them (Add new and edit are dialogs over the list, spec 1
 * §2), /staff/{id} shows one, /staff/create and /staff/{id}/edit are the same forms at addresses of
 * their own. Their calls are core/api/staff.ts's staffEntity (the root's /user).
 */
const staff: EntityResource = {
  name: 'staff',
  entity: () => import('../../core/api/staff').then((m) => m.staffEntity),
  list: lazy(() => import('./StaffList')),
  show: lazy(() => import('./StaffShow')),
  edit: lazy(() => import('./StaffEdit')),
  create: lazy(() => import('./StaffCreate')),
  icon: BadgeIcon,
  recordRepresentation: (record) => `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim() || String(record.email ?? ''),
};
export default staff;
