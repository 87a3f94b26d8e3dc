import { lazy } from 'react';
import type { PageRoute } from '../pageRoute';

// The calendar, the event page and the schedule: each loaded on first visit (FullCalendar stays out of
// the login bundle).
export const calendarRoutes: PageRoute[] = [
  { path: '/calendar', page: 'page:calendar', component: lazy(() => import('./CalendarPage')) },
  { path: '/calendar/event/:id', page: 'page:calendar', component: lazy(() => import('./EventPage')) },
  { path: '/schedule', page: 'page:schedule', component: lazy(() => import('./SchedulePage')) },
];
