import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

export const resourcesRoutes: PageRoute[] = [
  { path: '/resources', page: 'page:resources', component: lazy(() => import('./ResourcesPage')) },
];
