import { lazy } from 'react';
import type { PageRoute } from '../../src/pages/pageRoute';

export const discountsRoutes: PageRoute[] = [
  { path: '/discount', page: 'page:discounts', component: lazy(() => import('./DiscountsPage')) },
];
