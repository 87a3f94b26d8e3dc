import { lazy } from 'react';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { ResourceProps } from 'react-admin';
import { RequirePage } from '../../src/layout/RequirePage';

const List = lazy(() => import('./LeagueList'));
const Page = lazy(() => import('./LeaguePage'));

/**
 * Leagues and tournaments (spec 3 §2.3–2.6): /leagues is the list (resource `leagues`), /league/{id}
 * and /tournament/{id} the pages (resources `league` and `tournament`, in react-admin's `edit` slot:
 * every change goes through their dialogs). All three read the API paths of core/entities.ts.
 */
const leagues: ResourceProps = {
  name: 'leagues',
  list: () => <RequirePage page="page:leagues"><List /></RequirePage>,
  icon: EmojiEventsIcon,
  recordRepresentation: 'name',
};

export const league: ResourceProps = {
  name: 'league',
  edit: () => <RequirePage page="page:leagues"><Page kind="league" /></RequirePage>,
  recordRepresentation: 'name',
};

export const tournament: ResourceProps = {
  name: 'tournament',
  edit: () => <RequirePage page="page:leagues"><Page kind="tournament" /></RequirePage>,
  recordRepresentation: 'name',
};

export default leagues;
