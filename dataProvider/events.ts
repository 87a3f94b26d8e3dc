import * as api from '../core/api/events';
import type { BookingProducts, CalendarEvent, CheckedRows, Coach, Deleted, EventInput, EventPerson, EventRecord, MatchRoster, PickupPlayer, SlotRow } from '../core/api/events';
import type { RepeatRule } from '../core/recurrence';
import type { SeriesScope } from '../core/validation/event';
import { createCall, keyed } from './call';
import type { HttpClient } from './httpClient';

// The calendar's calls (spec 2 §7 "Events and calendar"), through their declarations in core/api/events.ts.
// Mixed into the dataProvider (./index.ts). Times are unix seconds; money in dollars.

export type {
  BookingProduct, BookingProducts, CalendarEvent, CheckedRow, CheckedRows, Coach, EventInput, EventPerson, EventRecord, InTheWay, MatchRoster, PickupPlayer, RosterPlayer, RosterTeam, SlotRow,
} from '../core/api/events';

export interface EventMethods {
  getCalendar(facilityId: number, start: number, end: number): Promise<CalendarEvent[]>;
  getConflicts(facilityId: number): Promise<CalendarEvent[]>;
  getSchedule(): Promise<CalendarEvent[]>;
  getEvent(id: number): Promise<CalendarEvent>;
  /** GET /event/product: the product a booking of a type on a field takes, priced for its time (or what to pick). */
  getBookingProduct(booking: { product_type_id: number; field_id: number; start: number; end: number }): Promise<BookingProducts>;
  /** POST /event (or /event/keep), with an Idempotency-Key: a repeat answers the first booking. */
  createEvent(event: EventInput, idempotencyKey?: string): Promise<EventRecord & { invoice_id?: number }>;
  updateEvent(id: number, change: Partial<EventInput>, scope?: SeriesScope): Promise<EventRecord | EventRecord[]>;
  deleteEvent(id: number, scope?: SeriesScope): Promise<Deleted>;
  deleteSeries(token: string): Promise<Deleted>;
  checkRepeat(rows: SlotRow[]): Promise<CheckedRows>;
  checkRepeatRule(first: SlotRow, repeat: RepeatRule): Promise<CheckedRows>;
  createSeries(common: Omit<EventInput, 'field_id' | 'start_date' | 'end_date' | 'keep'>, rows: SlotRow[], idempotencyKey?: string): Promise<{ block_token: string; events: EventRecord[] }>;
  setNoShow(id: number, noShow: boolean): Promise<unknown>;
  setVideoVisible(id: number, visible: boolean): Promise<unknown>;
  setCoach(id: number, coachId: number): Promise<unknown>;
  getCoaches(facilityId: number): Promise<Coach[]>;
  sendEventEmail(id: number): Promise<{ message: string }>;
  getParticipants(id: number): Promise<Array<EventPerson & { attended: boolean }>>;
  getHealthChecks(id: number): Promise<EventPerson[]>;
  getPickupPlayers(id: number): Promise<PickupPlayer[]>;
  checkInPickup(playerId: number, present: boolean): Promise<unknown>;
  setAttendance(eventId: number, customerId: number, attended: boolean): Promise<unknown>;
  setMatchScores(matchId: number, scores: { home_score: number | null; away_score: number | null }): Promise<unknown>;
  getMatchRoster(matchId: number): Promise<MatchRoster>;
}

export function eventMethods(apiUrl: string, client: HttpClient): EventMethods {
  const call = createCall(client, apiUrl);
  return {
    getCalendar: (facility_id, start, end) => call(api.calendar, { query: { facility_id, start, end } }),
    getConflicts: (facility_id) => call(api.conflicts, { query: { facility_id } }),
    getSchedule: () => call(api.schedule),
    getEvent: (id) => call(api.getEvent, { params: { id } }),
    getBookingProduct: (query) => call(api.bookingProduct, { query }),
    createEvent: (event, key) => call(event.keep ? api.createKeptEvent : api.createEvent, { body: event }, keyed(key)),
    updateEvent: (id, change, scope = 'this') => call(api.updateEvent, { params: { id }, query: { scope }, body: change }),
    deleteEvent: (id, scope = 'this') => call(api.deleteEvent, { params: { id }, query: { scope } }),
    deleteSeries: (token) => call(api.deleteSeries, { params: { token } }),
    checkRepeat: (events) => call(api.checkRepeat, { body: { events: events.map(({ field_id, start_date, end_date }) => ({ field_id, start_date, end_date })) } }),
    checkRepeatRule: (first, repeat) => call(api.checkRepeat, { body: { field_id: first.field_id, start_date: first.start_date, end_date: first.end_date, repeat } }),
    createSeries: (common, events, key) => call(api.createSeries, { body: { ...common, events } }, keyed(key)),
    setNoShow: (id, noShow) => call(api.setNoShow, { params: { id }, query: { no_show: noShow ? '1' : '0' } }),
    setVideoVisible: (id, video_visible) => call(api.setVideoVisible, { params: { id }, body: { video_visible } }),
    setCoach: (id, coach_id) => call(api.setCoach, { params: { id }, query: { coach_id } }),
    getCoaches: (facility_id) => call(api.coaches, { query: { facility_id } }),
    sendEventEmail: (id) => call(api.sendEventEmail, { params: { id } }),
    getParticipants: (id) => call(api.participants, { params: { eventId: id } }),
    getHealthChecks: (id) => call(api.healthChecks, { params: { id } }),
    getPickupPlayers: (id) => call(api.pickupPlayers, { params: { id } }),
    checkInPickup: (id, present) => call(api.checkInPickup, { params: { id }, query: { present: present ? '1' : '0' } }),
    setAttendance: (event_id, customer_id, attended) => call(api.setAttendance, { body: { event_id, customer_id, attended } }),
    setMatchScores: (id, scores) => call(api.matchScores, { params: { id }, body: scores }),
    getMatchRoster: (id) => call(api.matchRoster, { params: { id } }),
  };
}
