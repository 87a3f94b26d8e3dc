import { preloadable } from '../../layout/preloadable';

// The calendar page, loaded on first visit (FullCalendar stays out of the login bundle). Opening
// /calendar itself starts its chunk at boot (src/main.tsx), before the session check answers.
export const calendarPage = preloadable(() => import('./CalendarPage'));
