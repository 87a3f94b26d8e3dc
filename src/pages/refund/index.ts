import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

/** The refund review (spec 2 §2), admins only. */
export const refundRoutes: PageRoute[] = [
  { path: '/refund', page: 'page:refunds', component: lazy(() => import('./RefundPage')) },
];
