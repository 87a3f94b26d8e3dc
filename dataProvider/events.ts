import type { Customer } from '../core/customer';
import type { CalendarEvent } from '../core/calendar';
import type { RosterMark } from '../core/roster';
import type { RepeatRule } from '../core/recurrence';
import type { SeriesScope } from '../core/validation/event';
import type { HttpClient } from './httpClient';

// The calendar's calls (spec 2 §7 "Events and calendar"). Mixed into the dataProvider (./index.ts).
// Times are unix seconds; money in dollars.

export type { CalendarEvent };

export interface EventInput {
  field_id: number;
  product_type_id: number;
  start_date: number;
  end_date: number;
  comment?: string;
  customer_id?: number | null;
  team_a?: string | null;
  team_b?: string | null;
  keep?: boolean;
}

export interface SlotRow { ID?: number; field_id: number; start_date: number; end_date: number; keep?: boolean }
export interface InTheWay { ID: number; field_id: number; start_date: number; end_date: number; product_type: string; comment: string | null }
/** A checked row; `closed` says why the field is closed then (outside its opening hours), which no Keep overrides. */
export interface CheckedRow extends SlotRow { is_ok: boolean; events_on_spot: InTheWay[]; closed?: string | null }

export interface RosterPlayer {
  customer_id: number;
  first_name: string;
  last_name: string;
  birthdate: number | null;
  is_coach: boolean;
  is_captain: boolean;
  has_active_membership: boolean;
  waiver_signed: boolean;
  suspension: { until: number; foul: string | null } | null;
  marks: RosterMark[];
}
export interface RosterTeam { ID: number; name: string; color: string; players: RosterPlayer[] }
/** GET /match/{id}: the match with its league and both rosters. */
export interface MatchRoster {
  ID: number;
  date: number;
  home_score: number | null;
  away_score: number | null;
  league: { ID: number; name: string; color: string; facility_id: number };
  home_team: RosterTeam | null;
  away_team: RosterTeam | null;
}

export type EventPerson = { ID: number; customer_id: number } & Pick<Customer, 'first_name' | 'last_name' | 'email' | 'phone' | 'waiver_signed'>;
export interface PickupPlayer extends EventPerson { checked_in: boolean }
export interface Coach { ID: number; first_name: string; last_name: string; email: string }

export interface EventMethods {
  getCalendar(facilityId: number, start: number, end: number): Promise<CalendarEvent[]>;
  getConflicts(facilityId: number): Promise<CalendarEvent[]>;
  getSchedule(): Promise<CalendarEvent[]>;
  getEvent(id: number): Promise<CalendarEvent>;
  createEvent(event: EventInput): Promise<CalendarEvent>;
  updateEvent(id: number, change: Partial<EventInput>, scope?: SeriesScope): Promise<unknown>;
  deleteEvent(id: number, scope?: SeriesScope): Promise<{ deleted: number[] }>;
  deleteSeries(token: string): Promise<{ deleted: number[] }>;
  checkRepeat(rows: SlotRow[]): Promise<{ events: CheckedRow[] }>;
  checkRepeatRule(first: SlotRow, repeat: RepeatRule): Promise<{ events: CheckedRow[] }>;
  createSeries(common: Omit<EventInput, 'field_id' | 'start_date' | 'end_date' | 'keep'>, rows: SlotRow[]): Promise<{ block_token: string }>;
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
  const call = async (method: string, path: string, body?: unknown) =>
    (await client(`${apiUrl}${path}`, { method, ...(body !== undefined && { body: JSON.stringify(body) }) })).json;
  const get = (path: string) => call('GET', path);
  const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return {
    getCalendar: (facility_id, start, end) => get(`/event?${q({ facility_id, start, end })}`),
    getConflicts: (facility_id) => get(`/event/conflicts?${q({ facility_id })}`),
    getSchedule: () => get('/schedule'),
    getEvent: (id) => get(`/event/${id}`),
    createEvent: (event) => call('POST', event.keep ? '/event/keep' : '/event', event),
    updateEvent: (id, change, scope = 'this') => call('PUT', `/event/${id}?${q({ scope })}`, change),
    deleteEvent: (id, scope = 'this') => call('DELETE', `/event/${id}?${q({ scope })}`),
    deleteSeries: (token) => call('DELETE', `/event/block/${encodeURIComponent(token)}`),
    checkRepeat: (events) => call('POST', '/event/recurrent', { events: events.map(({ field_id, start_date, end_date }) => ({ field_id, start_date, end_date })) }),
    checkRepeatRule: (first, repeat) => call('POST', '/event/recurrent', { field_id: first.field_id, start_date: first.start_date, end_date: first.end_date, repeat }),
    createSeries: (common, events) => call('POST', '/event/series', { ...common, events }),
    setNoShow: (id, noShow) => call('PUT', `/event/no_show/${id}?no_show=${noShow ? 1 : 0}`),
    setVideoVisible: (id, video_visible) => call('PUT', `/event/video/${id}`, { video_visible }),
    setCoach: (id, coachId) => call('PUT', `/event/coach/${id}?coach_id=${coachId}`),
    getCoaches: (facility_id) => get(`/coaches?${q({ facility_id })}`),
    sendEventEmail: (id) => call('POST', `/event/email/${id}`),
    getParticipants: (id) => get(`/event/participants/${id}`),
    getHealthChecks: (id) => get(`/event/health/${id}`),
    getPickupPlayers: (id) => get(`/pickup/players/${id}`),
    checkInPickup: (id, present) => call('PUT', `/pickup/checkin/${id}?present=${present ? 1 : 0}`),
    setAttendance: (event_id, customer_id, attended) => call('POST', '/attendance', { event_id, customer_id, attended }),
    setMatchScores: (matchId, scores) => call('PUT', `/match/score/${matchId}`, scores),
    getMatchRoster: (matchId) => get(`/match/${matchId}`),
  };
}
