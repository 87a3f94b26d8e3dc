import { lazy } from 'react';
import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceProps } from 'react-admin';
import { RequirePage } from '../../src/layout/RequirePage';

const List = lazy(() => import('./TeamList'));
const Page = lazy(() => import('./TeamPage'));

/**
 * Teams (spec 3 §2.13, §2.14): /teams is the list (resource `teams`), /team/{id} the page (resource
 * `team`, in react-admin's `edit` slot: every change goes through its dialogs).
 */
const teams: ResourceProps = {
  name: 'teams',
  list: () => <RequirePage page="page:teams"><List /></RequirePage>,
  icon: GroupsIcon,
  recordRepresentation: 'name',
};

export const team: ResourceProps = {
  name: 'team',
  edit: () => <RequirePage page="page:teams"><Page /></RequirePage>,
  recordRepresentation: 'name',
};

export default teams;
