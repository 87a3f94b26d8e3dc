import { useCallback, useEffect, useMemo, useRef } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { CalendarOptions, DatesSetArg, EventClickArg, EventContentArg, EventDropArg, EventSourceFuncArg, EventInput, NowIndicatorContentArg } from '@fullcalendar/core';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import resourceTimeGridPlugin from '@fullcalendar/resource-timegrid';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import { Box } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { CONFLICT_RED } from '../../../../core/calendar';
import { textOn } from '../../../../core/contrast';
import { formatMoney, toCents } from '../../../../core/money';
import { displayCloseTime, nowSeconds, wallClock } from '../../../../core/time';
import type { CalendarEvent } from '../../../../dataProvider/events';
import type { CalendarViewName } from './early';
import { reducedMotion } from '../../../kit/theme';
import { fromWall, toWall } from './wallClock';
import './messages';

// The field calendar (spec 2 §2) on FullCalendar's resource plugins: the day view is a resource time
// grid (one column per field); week (7 days) and month (30 days) are resource timelines with the fields
// as rows, which read better than 35–70 narrow columns at 7–14 fields. The calendar runs in 'UTC' fed
// with the facility's wall clock (wallClock.ts), so it shows the facility's time in any browser zone.

/** The GPL key of FullCalendar's premium plugins unless a commercial key is configured at build time. */
export const LICENSE_KEY = import.meta.env.VITE_FULLCALENDAR_LICENSE_KEY || 'GPL-My-Project-Is-Open-Source';

export interface CalendarField {
  ID: number;
  name: string;
  number: number;
  weekday_open_time: number;
  weekday_close_time: number;
  weekend_open_time: number;
  weekend_close_time: number;
}

export type { CalendarViewName } from './early';

export interface FieldCalendarProps {
  zone: string;
  fields: CalendarField[];
  view: CalendarViewName;
  initialDate: Date;
  /** Changes whenever the events must be fetched again. */
  version: number;
  /** The events of a range: an array when they are already there (drawn in FullCalendar's first render). */
  load(start: number, end: number): CalendarEvent[] | Promise<CalendarEvent[]>;
  onDates(view: CalendarViewName, start: Date): void;
  /** A click on an empty cell: the add-event dialog (none for those who may not book: nothing happens). */
  onEmptyCell?(slot: { field_id: number; start_date: number; end_date: number }): void;
  /** A Shift-clicked event: the edit dialog (none for those who may not edit: a click opens the event page). */
  onEventClick?(event: CalendarEvent): void;
  /** A dropped event: resolve to keep it there, reject to snap back (none: events cannot be dragged). */
  onMove?(event: CalendarEvent, to: { field_id: number; start_date: number; end_date: number }): Promise<void>;
}

const VIEW_TYPES: Record<CalendarViewName, string> = { day: 'resourceTimeGridDay', week: 'resourceTimelineWeek7', month: 'resourceTimelineMonth30', list: 'listWeek7' };
const viewName = (type: string): CalendarViewName => (Object.entries(VIEW_TYPES).find(([, t]) => t === type)?.[0] as CalendarViewName) ?? 'day';

/** Decimal hours as FullCalendar's HH:mm (a close time of 23.99 is midnight, 24:00). */
const clock = (hours: number) => {
  const h = displayCloseTime(hours);
  return `${String(Math.floor(h)).padStart(2, '0')}:${String(Math.round((h % 1) * 60)).padStart(2, '0')}`;
};

export function FieldCalendar({ zone, fields, view, initialDate, version, load, onDates, onEmptyCell, onEventClick, onMove }: FieldCalendarProps) {
  const translate = useTranslate();
  // FullCalendar formats its dates with Intl in the app's language; its few words come from our messages.
  const [locale] = useLocaleState();

  const resources = useMemo(() => fields.map((f) => ({
    id: String(f.ID),
    title: f.name,
    order: f.number,
    // Open hours shade the rest of the day: weekdays and weekends have their own.
    businessHours: [
      { daysOfWeek: [1, 2, 3, 4, 5], startTime: clock(f.weekday_open_time), endTime: clock(f.weekday_close_time) },
      { daysOfWeek: [0, 6], startTime: clock(f.weekend_open_time), endTime: clock(f.weekend_close_time) },
    ],
  })), [fields]);

  const events = useCallback((info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (error: Error) => void) => {
    const toInput = (rows: CalendarEvent[]): EventInput[] => rows.map((e) => {
      const background = e.conflict ? CONFLICT_RED : e.color;
      return {
        id: String(e.ID),
        resourceId: String(e.field_id),
        start: toWall(e.start_date, zone),
        end: toWall(e.end_date, zone),
        title: e.title,
        backgroundColor: background,
        borderColor: background,
        // The colours are backgrounds: black or white text, whichever reads at 4.5:1 or more on them.
        textColor: textOn(background),
        classNames: e.conflict ? ['event-conflict'] : [],
        extendedProps: { event: e },
      };
    });
    const rows = load(fromWall(info.start, zone), fromWall(info.end, zone));
    // Events already there are handed over at once: FullCalendar then lays out its first render with
    // them instead of an empty one followed by a full one.
    if (Array.isArray(rows)) success(toInput(rows));
    else rows.then((r) => success(toInput(r)), failure);
    // version: a new function makes FullCalendar fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, zone, version]);

  // The callbacks read the latest props through a ref, so that the options below stay the same objects
  // across renders: FullCalendar re-applies its options whenever one of them changes identity.
  const latest = useRef({ zone, onDates, onEmptyCell, onEventClick, onMove });
  latest.current = { zone, onDates, onEmptyCell, onEventClick, onMove };
  const root = useRef<HTMLDivElement>(null);

  const options = useMemo(() => ({
    views: {
      // slotMinWidth: the hour labels' width (12 PM at 14 px bold, as FullCalendar measured it), given so that
      // it lays the week out once instead of measuring the labels first and then laying it out again.
      resourceTimelineWeek7: { type: 'resourceTimeline', duration: { days: 7 }, buttonText: translate('calendar.week'),
        slotDuration: '01:00', slotLabelInterval: '01:00', snapDuration: SNAP, slotMinWidth: WEEK_SLOT_WIDTH,
        slotLabelFormat: [{ weekday: 'short', month: 'numeric', day: 'numeric' }, { hour: 'numeric' }] },
      // One column a day: labels and drags go by whole days (a dragged event keeps its time of day).
      resourceTimelineMonth30: { type: 'resourceTimeline', duration: { days: 30 },
        slotDuration: { days: 1 }, slotLabelInterval: { days: 1 }, snapDuration: { days: 1 },
        slotLabelFormat: { weekday: 'short', month: 'numeric', day: 'numeric' }, buttonText: translate('calendar.month') },
      // 60-minute rows of four 15-minute slots; drags snap to them.
      resourceTimeGridDay: { slotDuration: '00:15:00', slotLabelInterval: '01:00', snapDuration: SNAP, buttonText: translate('calendar.day') },
      // The week as a list, read in order by a screen reader (issue 31): time, field, title, paid or owed, conflict.
      listWeek7: { type: 'list', duration: { days: 7 }, buttonText: translate('calendar.list'), listDayFormat: { weekday: 'long', month: 'long', day: 'numeric' }, listDaySideFormat: false },
    } as CalendarOptions['views'],
    headerToolbar: { left: 'prev,next today', center: 'title', right: `${VIEW_TYPES.day},${VIEW_TYPES.week},${VIEW_TYPES.month},${VIEW_TYPES.list}` },
    buttonText: { today: translate('calendar.today') },
    buttonHints: { prev: translate('calendar.previous'), next: translate('calendar.next') },
    noEventsText: translate('calendar.no_events'),
    eventContent: eventLabel((key, args) => translate(key, args), () => latest.current.zone),
    resourceAreaHeaderContent: translate('calendar.field'),
    // The month's axis is its day headers, which a label would cover: there the line alone marks now.
    nowIndicatorContent: (arg: NowIndicatorContentArg) => (arg.isAxis && arg.view.type !== VIEW_TYPES.month ? { domNodes: [nowLabel(translate('calendar.local_time'))] } : null),
    now: () => toWall(nowSeconds(), latest.current.zone),
    dateClick: (info: DateClickArg) => {
      const { onEmptyCell: add } = latest.current;
      if (!info.resource || !add) return;
      // The cell clicked: its 15-minute slot.
      const start = Math.floor(fromWall(info.date, latest.current.zone) / 900) * 900;
      add({ field_id: Number(info.resource.id), start_date: start, end_date: start + 30 * 60 });
    },
    /** A dragged or resized event: confirmed and saved by the page, or snapped back. */
    eventChange: (info: EventDropArg | EventResizeDoneArg) => {
      const { zone: tz, onMove: move } = latest.current;
      const event = info.event.extendedProps.event as CalendarEvent;
      if (!move) return info.revert();
      const resource = ('newResource' in info ? info.newResource : null) ?? info.event.getResources()[0];
      const to = {
        field_id: resource ? Number(resource.id) : event.field_id,
        start_date: fromWall(info.event.start!, tz),
        end_date: info.event.end ? fromWall(info.event.end, tz) : event.end_date + (fromWall(info.event.start!, tz) - event.start_date),
      };
      move(event, to).catch(() => info.revert());
    },
    eventClick: (info: EventClickArg) => {
      info.jsEvent.preventDefault();
      // Spec 2 §2: a click opens the event page in a new tab; Shift-click edits it here.
      const edit = latest.current.onEventClick;
      if (info.jsEvent.shiftKey && edit) edit(info.event.extendedProps.event as CalendarEvent);
      else window.open(`/calendar/event/${info.event.id}`, '_blank', 'noopener');
    },
    datesSet: (arg: DatesSetArg) => latest.current.onDates(viewName(arg.view.type), arg.view.currentStart),
  }), [translate]);

  // FullCalendar's markup made readable (repairAccessibility) once each of its renders has settled.
  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => repairAccessibility(el), REPAIR_DELAY_MS);
    });
    observer.observe(el, { childList: true, subtree: true });
    repairAccessibility(el);
    return () => { observer.disconnect(); clearTimeout(timer); };
  }, []);

  return (
    <Box ref={root} sx={{
      '& .fc-timegrid-now-indicator-line, & .fc-timeline-now-indicator-line': { borderColor: '#2e7d32', borderWidth: '2px' },
      '& .fc-timegrid-now-indicator-arrow, & .fc-timeline-now-indicator-arrow': { borderColor: '#2e7d32' },
      '& .now-label': { color: '#2e7d32', fontSize: 10, fontWeight: 600, whiteSpace: 'nowrap' },
      // In the month a day is one column: the now line runs through the day's events, behind them
      // rather than across their text (FullCalendar draws it over the events: z-index 4 to their 3).
      '& .fc-resourceTimelineMonth30-view .fc-timeline-body .fc-timeline-now-indicator-container': { zIndex: 2 },
      '& .fc-event': { cursor: 'pointer' },
      // Each event box lays out on its own: FullCalendar measures the week's 600 boxes between renders,
      // and each of those forced layouts is cheaper when a box's content cannot affect the rest.
      '& .fc-timeline-event-harness': { contain: 'layout style' },
      '& .event-label': { px: 0.5, overflow: 'hidden', fontSize: 12, lineHeight: 1.2 },
      // A conflict is told by more than its red: a ✖ before the title and a dashed frame (issue 31).
      '& .fc-event.event-conflict': { outline: '2px dashed #000', outlineOffset: '-2px' },
      '& .sr-only': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
      // FullCalendar's buttons in the app's green (its slate blue is not the app's) and the list's day rows readable.
      '& .fc .fc-button-primary': { bgcolor: 'primary.main', borderColor: 'primary.main' },
      '& .fc .fc-button-primary:not(:disabled).fc-button-active, & .fc .fc-button-primary:not(:disabled):active, & .fc .fc-button-primary:hover': { bgcolor: '#0d3b12', borderColor: '#0d3b12' },
    }}>
      <FullCalendar
        plugins={PLUGINS}
        schedulerLicenseKey={LICENSE_KEY}
        locale={locale}
        timeZone="UTC"
        now={options.now}
        initialView={VIEW_TYPES[view]}
        initialDate={initialDate}
        views={options.views}
        headerToolbar={options.headerToolbar}
        buttonText={options.buttonText}
        resources={resources}
        resourceOrder="order"
        resourceAreaWidth="140px"
        resourceAreaHeaderContent={options.resourceAreaHeaderContent}
        events={events}
        scrollTime="15:00:00"
        // The grid scrolls inside the page, opening at 15:00 (scrollTime).
        height={Math.max(520, window.innerHeight - 180)}
        allDaySlot={false}
        expandRows
        nowIndicator
        nowIndicatorContent={options.nowIndicatorContent}
        editable={!!onMove}
        dragRevertDuration={reducedMotion ? 0 : undefined}
        eventResourceEditable={!!onMove}
        dateClick={options.dateClick}
        eventDrop={options.eventChange}
        eventResize={options.eventChange}
        eventClick={options.eventClick}
        eventContent={options.eventContent}
        eventDidMount={markEventButton}
        buttonHints={options.buttonHints}
        noEventsText={options.noEventsText}
        datesSet={options.datesSet}
      />
    </Box>
  );
}

/**
 * Where a drag lands: the quarter hours the dialog's pickers step by (issue 22 item 8; the spec's
 * 5-minute drag left events at 18:05 that the dialog could not show).
 */
export const SNAP = '00:15:00';

/** Pixels per hour of the week view. */
const WEEK_SLOT_WIDTH = 58;

const PLUGINS = [resourceTimeGridPlugin, resourceTimelinePlugin, listPlugin, interactionPlugin];

/** The 'Local Time' label on the now line's axis. */
function nowLabel(text: string): HTMLElement {
  const label = document.createElement('span');
  label.className = 'now-label';
  label.textContent = text;
  return label;
}

type Translate = (key: string, args?: Record<string, unknown>) => string;

/** Each event's label, kept while its event, time text and language stay: see eventLabel. */
const labels = new WeakMap<CalendarEvent, { timeText: string; lang: string; list: boolean; node: HTMLElement }>();

const hhmm = (seconds: number, zone: string) => {
  const { hour, minute } = wallClock(seconds, zone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

/**
 * What a screen reader says of an event (issue 31): its time, field, title, whether it is paid or owes,
 * and a conflict. The zone is the calendar's wall clock: the event's instants read in the facility's zone.
 */
export function eventName(event: CalendarEvent, zone: string, translate: Translate): string {
  const parts = [
    `${hhmm(event.start_date, zone)}–${hhmm(event.end_date, zone)}`,
    `${translate('calendar.field')} ${event.field.name}`,
    event.title,
  ];
  if (event.mark === 'paid') parts.push(translate('calendar.a11y.paid'));
  if (event.mark === 'owed') parts.push(translate('calendar.a11y.owed', { balance: formatMoney(toCents(event.invoice?.balance ?? 0)) }));
  if (event.mark === 'scored') parts.push(translate('calendar.a11y.scored'));
  if (event.mark === 'uninvoiced') parts.push(translate('calendar.a11y.uninvoiced'));
  if (event.conflict) parts.push(translate('calendar.a11y.conflict'));
  return parts.join(', ');
}

/**
 * Each event's label: the time, ✖ for a conflict, ✓ (paid, or a match with both scores), ⚠ (a balance
 * owed) or ○ (a priced booking not invoiced yet) and the title, shown; for assistive technology the whole of eventName instead. Plain DOM rather
 * than a React element: FullCalendar mounts a React element through a portal per event, which at a busy
 * week's 600 events costs most of the paint. FullCalendar asks again on each of its render passes (a
 * timeline lays its events out, measures them and lays them out again) and swaps in whatever new nodes
 * it gets, so an event's label is made once and handed back while its event and time text stay. A drag's
 * mirror gets a node of its own: one node cannot show in two places.
 */
function eventLabel(translate: Translate, zone: () => string) {
  return (arg: EventContentArg): { domNodes: Node[] } => {
    const event = arg.event.extendedProps.event as CalendarEvent;
    const lang = translate('calendar.field');
    // The list view has its own time column: its label is the title, with the field it is on.
    const list = arg.view.type === VIEW_TYPES.list;
    const kept = arg.isMirror ? undefined : labels.get(event);
    if (kept?.timeText === arg.timeText && kept.lang === lang && kept.list === list) return { domNodes: [kept.node] };
    const mark = event.mark === 'owed' ? '⚠ ' : event.mark === 'uninvoiced' ? '○ ' : event.mark ? '✓ ' : '';
    const label = document.createElement('div');
    label.className = 'event-label';
    label.dataset.testid = 'calendar-event';
    label.dataset.conflict = event.conflict ? 'true' : 'false';
    label.dataset.mark = event.mark ?? '';
    if (event.mark === 'uninvoiced') label.title = translate('calendar.a11y.uninvoiced');
    const shown = document.createElement('span');
    shown.setAttribute('aria-hidden', 'true');
    const text = `${event.conflict ? '✖ ' : ''}${mark}${event.title}${list ? ` — ${event.field.name}` : ''}`;
    if (list) shown.append(text);
    else {
      const time = document.createElement('b');
      time.textContent = arg.timeText;
      shown.append(time, ` ${text}`);
    }
    const name = document.createElement('span');
    name.className = 'sr-only';
    name.textContent = eventName(event, zone(), translate);
    label.append(shown, name);
    if (!arg.isMirror) labels.set(event, { timeText: arg.timeText, lang, list, node: label });
    return { domNodes: [label] };
  };
}

/**
 * FullCalendar's markup made readable and operable (issue 31), after each of its renders:
 * - its toolbar icons are role="img" without a name: hidden, so that the buttons read their hint (Previous, Next);
 * - a timeline hides its lanes' table from assistive technology (aria-hidden) although the events in it take
 *   focus: the table becomes a presentation table, so its events are read, not hidden while focused;
 * - each view's frame, a role="grid" of scroll panes (some of them focusable, which a grid row may not hold), a layout table;
 * - a scroll pane with nothing to focus in it (the week's hour header, the month's field names) takes focus
 *   itself, so that the keyboard can scroll it.
 */
export function repairAccessibility(root: HTMLElement | null): void {
  if (!root) return;
  for (const icon of root.querySelectorAll('.fc-icon[role="img"]')) icon.setAttribute('aria-hidden', 'true');
  for (const table of root.querySelectorAll('.fc-timeline-body table[aria-hidden]')) {
    table.removeAttribute('aria-hidden');
    table.setAttribute('role', 'presentation');
  }
  // Each view's outer frame (the day's time grid, the week's and month's timelines) calls itself a grid, yet holds
  // scroll panes and events rather than rows of cells: a layout table. Its rows and cells (the fields' column
  // included) belonged to that grid: layout too. The tables inside it keep their own roles.
  for (const frame of root.querySelectorAll('table.fc-scrollgrid')) {
    const parts = frame.querySelectorAll(':scope > thead, :scope > tbody, :scope > * > tr, [role="row"], [role="rowgroup"], [role="columnheader"], [role="rowheader"], [role="gridcell"]');
    for (const part of [frame, ...parts]) part.setAttribute('role', 'presentation');
  }
  for (const pane of root.querySelectorAll<HTMLElement>('.fc-scroller')) {
    const scrolls = pane.scrollHeight > pane.clientHeight || pane.scrollWidth > pane.clientWidth;
    const focusable = pane.querySelector('a[href], button, [tabindex]:not([tabindex="-1"])');
    if (scrolls && !focusable) pane.tabIndex = 0;
  }
}

/**
 * An event is FullCalendar's <a> without an address, which takes focus and opens on Enter but has no role,
 * so a screen reader reads no name on it: it is a button, named by its label (eventName).
 */
function markEventButton({ el }: { el: HTMLElement }): void {
  if (el.tagName === 'A' && !el.hasAttribute('href')) el.setAttribute('role', 'button');
}

/** How long FullCalendar's DOM stays still before repairAccessibility runs: after its render passes, not between them. */
const REPAIR_DELAY_MS = 50;
