import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

export const adminRoutes: PageRoute[] = [{ path: '/admin', page: 'page:admin', component: lazy(() => import('./AdminHome')) }];
