import { lazy } from 'react';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { EntityResource } from '../../src/kit/entity/types';

const show = lazy(() => import('./LeagueShow'));
const edit = lazy(() => import('./LeagueEdit'));
const create = lazy(() => import('./LeagueCreate'));

/**
 * Leagues and tournaments (spec 3 §2.3–2.6): /leagues lists both (the league resource's list, at the
 * spec's address); /league/{id} and /tournament/{id} show one with its tabs (the show views of the
 * resources `league` and `tournament`, the API's /league and /tournament); /league/{id}/edit and
 * /tournament/{id}/edit are the Settings tab's form, /league/create and /tournament/create the form of
 * Add new league / tournament. The two resources share their views: a view asks its resource which it is.
 */
const league: EntityResource = {
  name: 'league',
  entity: () => import('../../core/api/leagues').then((m) => m.leagueEntity),
  list: lazy(() => import('./LeagueList')),
  show,
  edit,
  create,
  icon: EmojiEventsIcon,
  recordRepresentation: 'name',
  paths: { list: '/leagues' },
};

export const tournament: EntityResource = {
  name: 'tournament',
  entity: () => import('../../core/api/leagues').then((m) => m.tournamentEntity),
  show,
  edit,
  create,
  icon: EmojiEventsIcon,
  recordRepresentation: 'name',
};

export default league;
