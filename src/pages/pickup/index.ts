import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

export const pickupRoutes: PageRoute[] = [
  { path: '/pickup', page: 'page:pickup', component: lazy(() => import('./PickupPage')) },
  { path: '/pickup/:id', page: 'page:pickup', component: lazy(() => import('./PickupSessionPage')) },
];
