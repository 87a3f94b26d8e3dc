import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

/** The Square simulator (issue 11): where pending terminal checkouts are completed or cancelled. */
export const squareRoutes: PageRoute[] = [
  { path: '/square/simulator', page: 'page:square_simulator', component: lazy(() => import('./SimulatorPage')) },
];
