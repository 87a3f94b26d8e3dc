import { useGetList } from 'react-admin';
import { BYE } from '../../../core/schedule/builder';
import { TO_BE_DECIDED } from '../../../core/schedule/playoffs';
import { formatDateTime, wallClock, zonedMidnight, zonedTime } from '../../../core/time';
import type { LeagueDetail } from '../../../dataProvider';

// What the Schedule, Play-offs and Standings tabs share: the league's fields and team names, and
// dates shown and typed in the facility's zone.

/** The league's games, kept under the league resource: every write to a league (or tournament) refreshes them too. */
export const matchesKey = (leagueId: number) => ['league', 'schedule', 'matches', leagueId];

export interface FieldOption { ID: number; name: string; number: number }

/** The fields of the league's facility, by number. */
export function useLeagueFields(league: LeagueDetail): FieldOption[] {
  const { data = [] } = useGetList<FieldOption & { id: number }>('fields', {
    filter: { facility_id: league.facility_id }, pagination: { page: 1, perPage: 200 }, sort: { field: 'number', order: 'ASC' },
  }, { staleTime: 60_000 });
  return data;
}

/** A team's name by ID, "Bye" for -1, "TBD" for a side not known yet (0). */
export function teamNamer(league: LeagueDetail, words: { bye: string; tbd: string }) {
  const names = new Map(league.teams.map((signup) => [signup.team.ID, signup.team.name]));
  return (id: number | null) => (id === BYE ? words.bye : id === TO_BE_DECIDED || id === null ? words.tbd : names.get(id) ?? `#${id}`);
}

/** Whether a game has kicked off by `now`: only then does it take a score (the server refuses one before). */
export const started = (match: { date: number }, now: number) => match.date <= now;

const two = (n: number) => String(n).padStart(2, '0');

/** "1/6/2027" and "19:00" in the zone. */
export const dayOf = (seconds: number, zone: string) => formatDateTime(seconds, zone).split(' ')[0];
export const timeOf = (seconds: number, zone: string) => formatDateTime(seconds, zone).split(' ')[1];

/** A datetime-local input's value ("2027-01-06T19:00") in the zone, and back to unix seconds. */
export function toInput(seconds: number, zone: string): string {
  const w = wallClock(seconds, zone);
  return `${String(w.year).padStart(4, '0')}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}
export function fromInput(value: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour = '0', minute = '0'] = match.slice(1).map((part) => part ?? '0');
  return match[4] === undefined
    ? zonedMidnight(Number(year), Number(month), Number(day), zone)
    : zonedTime(Number(year), Number(month), Number(day), Number(hour) * 60 + Number(minute), zone);
}

/** A date input's value ("2027-01-06") of the day `seconds` falls on in the zone. */
export const toDateInput = (seconds: number, zone: string) => toInput(seconds, zone).slice(0, 10);
