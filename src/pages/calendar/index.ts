import { lazy } from 'react';
import { shellPage } from '../../components/PageShell';
import type { PageRoute } from '../pageRoute';

export const calendarRoutes: PageRoute[] = [
  { path: '/calendar', page: 'page:calendar', component: lazy(() => import('./CalendarPage')) },
  { path: '/calendar/event/:id', page: 'page:calendar', component: shellPage('page.event') },
];
