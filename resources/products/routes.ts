import { lazy } from 'react';
import type { PageRoute } from '../../src/pages/pageRoute';

export const productsRoutes: PageRoute[] = [
  { path: '/products', page: 'page:products', component: lazy(() => import('./ProductsPage')) },
];
