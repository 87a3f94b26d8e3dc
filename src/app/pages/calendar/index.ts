import { preloadable } from '../../../kit/layout/preloadable';

// The calendar page, loaded on first visit (FullCalendar stays out of the login bundle). Opening
// /calendar itself starts its chunk at boot (src/app/main.tsx), before the session check answers.
export const calendarPage = preloadable(() => import('./CalendarPage'));

/**
 * The event page (/calendar/event/{id}), opened in a new tab by every calendar click: its cold load is
 * what staff feel, so opening it starts its chunk and its event at boot (src/app/main.tsx), as /calendar does.
 */
export const eventPage = preloadable(() => import('./EventPage'));
/** The id of /calendar/event/{id}, or null for another path. */
export const eventPageId = (path: string): number | null => {
  const match = /^\/calendar\/event\/(\d+)\/?$/.exec(path);
  return match ? Number(match[1]) : null;
};
