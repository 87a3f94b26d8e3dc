import { formatDate, wallClock, zonedMidnight } from '../../../core/time';

// Small pieces the program screens (leagues, tournaments, teams, classes) share: money in dollars as
// text, dates of date inputs in the facility's time zone.

export { money } from './format';
export const day = (seconds: number | null | undefined, zone: string) => (seconds ? formatDate(seconds, zone) : '');

/** Unix seconds → `yyyy-mm-dd` of a date input, in `zone`. */
export function toDateInput(seconds: number | null | undefined, zone: string): string {
  if (!seconds) return '';
  const w = wallClock(seconds, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** `yyyy-mm-dd` → the local midnight in `zone` (or, with `endOfDay`, the last second of that day); null when empty. */
export function fromDateInput(value: string, zone: string, endOfDay = false): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number);
  return endOfDay ? zonedMidnight(y, m, d + 1, zone) - 1 : zonedMidnight(y, m, d, zone);
}

/** The facilities' zone when the record names none (New York: the network's first facilities). */
export const DEFAULT_ZONE = 'America/New_York';
