import { ALL_FACILITIES, session } from '../../../../dataProvider/session';
import type { TouchlineDataProvider } from '../../../../dataProvider';
import { nowSeconds } from '../../../../core/time';
import type { CalendarEvent } from '../../../../dataProvider/events';
import type { CalendarFacility } from './useCalendarOptions';
import type { CalendarField } from './FieldCalendar';
import { fromWall, parseDateParam, toWall } from './wallClock';

// The calendar's first calls, started at boot when the page opened is /calendar (src/app/main.tsx) rather
// than one after the other once the session is checked, the layout and the page are loaded and the
// facility has answered: the facility, its fields, the conflicts and the events of the range the
// calendar will open on (its zone comes with the facility). The page takes each once (takeEarly); a
// call it does not find here (another range, a later visit, an answer older than MAX_AGE_MS) it makes
// itself.

export interface Early<T> {
  promise: Promise<T>;
  /** The answer, once it has come. */
  value?: T;
  at: number;
}

const MAX_AGE_MS = 15_000;
const started = new Map<string, Early<unknown>>();

export const earlyKey = {
  facility: (facilityId: number) => `facility ${facilityId}`,
  fields: (facilityId: number) => `fields ${facilityId}`,
  conflicts: (facilityId: number) => `conflicts ${facilityId}`,
  events: (facilityId: number, start: number, end: number) => `events ${facilityId} ${start} ${end}`,
  event: (eventId: number) => `event ${eventId}`,
};

function keep<T>(key: string, promise: Promise<T>): Promise<T> {
  const early: Early<T> = { promise, at: Date.now() };
  promise.then((value) => { early.value = value; }, () => undefined);
  started.set(key, early);
  return promise;
}

/** The early call of `key`, if there is one, left for takeEarly. */
export function peekEarly<T>(key: string): Early<T> | undefined {
  const early = started.get(key) as Early<T> | undefined;
  return early && Date.now() - early.at <= MAX_AGE_MS ? early : undefined;
}

/** The early call of `key`, once: later takes find nothing. */
export function takeEarly<T>(key: string): Early<T> | undefined {
  const early = started.get(key) as Early<T> | undefined;
  started.delete(key);
  return early && Date.now() - early.at <= MAX_AGE_MS ? early : undefined;
}

/** An early call's answer (or promise), else `call()`; an early call that failed is made again. */
export function earlyOr<T>(key: string, call: () => Promise<T>): Promise<T> {
  const early = takeEarly<T>(key);
  return early ? early.promise.catch(call) : call();
}

/** The days each view of ?view= shows (FieldCalendar's views; the day view without ?view=; the list reads the week). */
export const VIEW_DAYS = { day: 1, week: 7, month: 30, list: 7 } as const;
export type CalendarViewName = keyof typeof VIEW_DAYS;
export const viewParam = (value: string | null): CalendarViewName => (Object.keys(VIEW_DAYS) as CalendarViewName[]).find((v) => v === value) ?? 'day';

/** The facility whose calendar /calendar shows to this role, or null (a referee; an admin under 'All facilities' who has not chosen). */
export function calendarFacility(role: string | null | undefined, params: URLSearchParams): number | null {
  if (!role || role === 'referee') return null;
  if (role !== 'admin') return session.facilityId() ?? 1;
  if (session.facilitySelection() !== ALL_FACILITIES) return session.selectedFacility();
  return Number(params.get('facility')) || null;
}

/** The wall-clock date the calendar opens on: ?date=, else today in the facility's zone. */
export function openingDate(params: URLSearchParams, zone: string): Date {
  return parseDateParam(params.get('date')) ?? toWall(nowSeconds(), zone);
}

/** The range (unix seconds) a view opening on `date` asks events for: whole days from the date's midnight, as FullCalendar does. */
export function viewRange(date: Date, view: CalendarViewName, zone: string): { start: number; end: number } {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return { start: fromWall(new Date(midnight), zone), end: fromWall(new Date(midnight + VIEW_DAYS[view] * 86_400_000), zone) };
}

/**
 * Each facility's zone as last seen, so that the events can be asked for with the facility rather than
 * after it. A facility whose zone has changed since answers it, and its range is asked for again.
 */
const zoneKey = (facilityId: number) => `calendar_zone_${facilityId}`;
export const rememberedZone = (facilityId: number) => localStorage.getItem(zoneKey(facilityId));
export const rememberZone = (facilityId: number, zone: string) => localStorage.setItem(zoneKey(facilityId), zone);

/** Starts the calendar's calls for /calendar?… as the signed-in user will open it. */
export function startCalendarCalls(search: string, dataProvider: TouchlineDataProvider): void {
  if (!session.token()) return;
  const params = new URLSearchParams(search);
  const facilityId = calendarFacility(session.userType(), params);
  if (!facilityId) return;
  const events = (zone: string) => {
    const { start, end } = viewRange(openingDate(params, zone), viewParam(params.get('view')), zone);
    const key = earlyKey.events(facilityId, start, end);
    if (!peekEarly(key)) keep<CalendarEvent[]>(key, dataProvider.getCalendar(facilityId, start, end));
  };
  const remembered = rememberedZone(facilityId);
  if (remembered) events(remembered);
  const facility = keep(earlyKey.facility(facilityId), readFacility(dataProvider, facilityId));
  keep(earlyKey.fields(facilityId), readFields(dataProvider, facilityId));
  keep(earlyKey.conflicts(facilityId), dataProvider.getConflicts(facilityId));
  facility.then(({ time_zone: zone }) => {
    rememberZone(facilityId, zone);
    if (zone !== remembered) events(zone);
  }, () => undefined);
}

/** The facility the calendar reads (its name and zone): made early here, or by the page. */
export const readFacility = (dataProvider: TouchlineDataProvider, facilityId: number) =>
  dataProvider.getOne<CalendarFacility & { id: number }>('facilities', { id: facilityId }).then((r) => r.data);

/** The facility's fields the calendar reads, ordered by number: made early here, or by the page. */
export const readFields = (dataProvider: TouchlineDataProvider, facilityId: number) =>
  dataProvider.getList<CalendarField & { id: number }>('fields', {
    filter: { facility_id: facilityId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'number', order: 'ASC' },
  }).then((r) => r.data);

/** Starts the event page's calls for /calendar/event/{id}: the event, then its facility and fields. */
export function startEventCalls(eventId: number, dataProvider: TouchlineDataProvider): void {
  if (!session.token()) return;
  keep(earlyKey.event(eventId), dataProvider.getEvent(eventId)).then((event) => {
    keep(earlyKey.facility(event.facility_id), readFacility(dataProvider, event.facility_id));
    keep(earlyKey.fields(event.facility_id), readFields(dataProvider, event.facility_id));
  }, () => undefined);
}
