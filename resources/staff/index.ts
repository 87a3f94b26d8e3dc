import { lazy } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import type { ResourceProps } from 'react-admin';

/** Staff accounts (spec 1 §2): /staff lists them; adding and editing are dialogs over the list. */
const staff: ResourceProps = {
  name: 'staff',
  list: lazy(() => import('./StaffPage')),
  icon: BadgeIcon,
};
export default staff;
