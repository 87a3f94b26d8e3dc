import { lazy } from 'react';
import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceProps } from 'react-admin';

/**
 * Teams (spec 3 §2.13, §2.14): /teams is the list (resource `teams`), /team/{id} the page (resource
 * `team`, in react-admin's `edit` slot: every change goes through its dialogs).
 */
const teams: ResourceProps = {
  name: 'teams',
  list: lazy(() => import('./TeamList')),
  icon: GroupsIcon,
  recordRepresentation: 'name',
};

export const team: ResourceProps = {
  name: 'team',
  edit: lazy(() => import('./TeamPage')),
  recordRepresentation: 'name',
};

/** A team's public page (issue 24 item 6): opens without sign-in, by its unguessable reference. */
export const PublicTeamPage = lazy(() => import('./PublicTeamPage'));
export { PUBLIC_TEAM_PATH } from './publicLink';

export default teams;
