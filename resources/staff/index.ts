import { lazy } from 'react';
import type { PageRoute } from '../../src/pages/pageRoute';

export const staffRoutes: PageRoute[] = [
  { path: '/staff', page: 'page:staff', component: lazy(() => import('./StaffPage')) },
];
