import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import type { ResourceProps } from 'react-admin';

/**
 * Classes and camps (spec 3 §2.15–2.16): /classes is the list, /classes/{id} the class page (in
 * react-admin's `edit` slot: every change goes through its cards, tabs and dialogs). Both read the API
 * paths of core/entities.ts.
 */
const classes: ResourceProps = {
  name: 'classes',
  list: lazy(() => import('./ClassList')),
  edit: lazy(() => import('./ClassPage')),
  icon: SchoolIcon,
  recordRepresentation: 'name',
};

export default classes;
