import { lazy } from 'react';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { ResourceProps } from 'react-admin';

const Page = lazy(() => import('./LeaguePage'));

/**
 * Leagues and tournaments (spec 3 §2.3–2.6): /leagues is the list (resource `leagues`), /league/{id}
 * and /tournament/{id} the pages (resources `league` and `tournament`, in react-admin's `edit` slot:
 * every change goes through their dialogs). All three read the API paths of core/entities.ts.
 */
const leagues: ResourceProps = {
  name: 'leagues',
  list: lazy(() => import('./LeagueList')),
  icon: EmojiEventsIcon,
  recordRepresentation: 'name',
};

export const league: ResourceProps = {
  name: 'league',
  edit: () => <Page kind="league" />,
  recordRepresentation: 'name',
};

export const tournament: ResourceProps = {
  name: 'tournament',
  edit: () => <Page kind="tournament" />,
  recordRepresentation: 'name',
};

export default leagues;
