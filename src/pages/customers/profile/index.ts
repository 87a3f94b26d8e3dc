import { lazy } from 'react';
import type { PageRoute } from '../../pageRoute';

export const customerProfileRoutes: PageRoute[] = [
  { path: '/customer/:id', page: 'page:customers', component: lazy(() => import('./CustomerProfilePage')) },
];
