import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';
import { REPORTS } from './definitions';

// /reporting and its sub-routes (spec 2 §2 Reports), loaded when visited.
const ReportPage = lazy(() => import('./ReportPage'));

export const reportRoutes: PageRoute[] = [
  { path: '/reporting', page: 'page:reporting', component: lazy(() => import('./ReportingHub')) },
  ...REPORTS.map(({ name }): PageRoute => ({ path: `/reporting/${name}`, page: 'page:reporting', component: ReportPage })),
];
