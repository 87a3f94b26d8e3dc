import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

export const scoreboardsRoutes: PageRoute[] = [
  { path: '/scoreboards', page: 'page:scoreboards', component: lazy(() => import('./ScoreboardsPage')) },
];
