import { lazy } from 'react';
import { preloadable } from '../../layout/preloadable';
import type { PageRoute } from '../pageRoute';

// The calendar, the event page and the schedule: each loaded on first visit (FullCalendar stays out of
// the login bundle). Opening /calendar itself starts the calendar's chunk at boot (src/main.tsx).
const calendarPage = preloadable(() => import('./CalendarPage'));
export const preloadCalendarPage = calendarPage.preload;

export const calendarRoutes: PageRoute[] = [
  { path: '/calendar', page: 'page:calendar', component: calendarPage.Component },
  { path: '/calendar/event/:id', page: 'page:calendar', component: lazy(() => import('./EventPage')) },
  { path: '/schedule', page: 'page:schedule', component: lazy(() => import('./SchedulePage')) },
];
