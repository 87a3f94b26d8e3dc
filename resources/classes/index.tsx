import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import type { ResourceProps } from 'react-admin';
import { RequirePage } from '../../src/layout/RequirePage';

const List = lazy(() => import('./ClassList'));
const Page = lazy(() => import('./ClassPage'));

/**
 * Classes and camps (spec 3 §2.15–2.16): /classes is the list, /classes/{id} the class page (in
 * react-admin's `edit` slot: every change goes through its cards, tabs and dialogs). Both read the API
 * paths of core/entities.ts.
 */
const classes: ResourceProps = {
  name: 'classes',
  list: () => <RequirePage page="page:classes"><List /></RequirePage>,
  edit: () => <RequirePage page="page:classes"><Page /></RequirePage>,
  icon: SchoolIcon,
  recordRepresentation: 'name',
};

export default classes;
