import { lazy } from 'react';
import type { PageRoute } from '../../../src/pages/pageRoute';

export const customerProfileRoutes: PageRoute[] = [
  { path: '/customer/:id', page: 'page:customers', component: lazy(() => import('./CustomerProfilePage')) },
];
