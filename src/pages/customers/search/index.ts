import { lazy } from 'react';
import type { PageRoute } from '../../pageRoute';

export const customerSearchRoutes: PageRoute[] = [
  { path: '/customer', page: 'page:customers', component: lazy(() => import('./CustomerSearchPage')) },
];
