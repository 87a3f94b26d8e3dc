import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

/** Referee assignment (spec 3 §2.17, issue 27): the office's page. */
export const refereeRoutes: PageRoute[] = [
  { path: '/referee', page: 'page:referee', component: lazy(() => import('./RefereePage')) },
];
