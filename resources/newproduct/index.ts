import { lazy } from 'react';
import type { PageRoute } from '../../src/pages/pageRoute';

export const newProductRoutes: PageRoute[] = [
  { path: '/newproduct', page: 'page:products', component: lazy(() => import('./ProductListPage')) },
  { path: '/newproduct/:id', page: 'page:products', component: lazy(() => import('./ProductPage')) },
];
