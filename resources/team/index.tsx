import { lazy } from 'react';
import GroupsIcon from '@mui/icons-material/Groups';
import type { EntityResource } from '../../src/kit/entity/types';

/**
 * Teams (spec 3 §2.13, §2.14): /teams lists them (Create new team is a dialog over the list),
 * /team/{id} shows one (its page: roster, schedule and standings, invoices, summary, and its dialogs),
 * /team/{id}/edit edits its name, age group and colour, /team/create creates one.
 */
const team: EntityResource = {
  name: 'team',
  entity: () => import('../../core/api/teams').then((m) => m.teamEntity),
  paths: { list: '/teams' },
  list: lazy(() => import('./TeamList')),
  show: lazy(() => import('./TeamShow')),
  edit: lazy(() => import('./TeamEdit')),
  create: lazy(() => import('./TeamCreate')),
  icon: GroupsIcon,
  recordRepresentation: 'name',
};

/** A team's public page (issue 24 item 6): opens without sign-in, by its unguessable reference. */
export const PublicTeamPage = lazy(() => import('./PublicTeamPage'));

export default team;
