import { lazy } from 'react';
import type { PageRoute } from '../../../src/pages/pageRoute';

export const customerSearchRoutes: PageRoute[] = [
  { path: '/customer', page: 'page:customers', component: lazy(() => import('./CustomerSearchPage')) },
];
