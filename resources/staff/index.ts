import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import type { ResourceProps } from 'react-admin';
import { guardedView } from '../../src/layout/RequirePage';

/** Staff accounts (spec 1 §2): /staff lists them; adding and editing are dialogs over the list. */
const staff: ResourceProps = {
  name: 'staff',
  list: guardedView('page:staff', lazy(() => import('./StaffPage'))),
  icon: BadgeIcon,
};
export default staff;
