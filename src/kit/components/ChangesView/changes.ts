import dayjs from 'dayjs';
import type { ChangelogEntry } from '../../../../dataProvider';
import { formatUsd, toCents } from '../../../../core/money';
import { formatChangelogDate } from '../../../../core/time';
import { displayEmail } from '../../../../core/validation/display';
import { formatUsPhone } from '../../../../core/validation/phone';

// What the Changes view shows of changelog entries (spec 1 §3): each entry's new value is the record
// as JSON text; the lines of an entry are the fields that differ from the entry before it, as
// field: old → new (only the new value for the first). An entry whose JSON cannot be read is logged
// and left out (spec 1 §8), never a crash.

export type { ChangelogEntry };

export interface ChangeLine {
  field: string;
  /** The value before this entry; absent for the record's first entry. */
  before?: unknown;
  after: unknown;
}

export interface Change {
  entry: ChangelogEntry;
  lines: ChangeLine[];
}

/** Bookkeeping fields every record carries; their changes say nothing. */
const IGNORED = new Set(['ID', 'CreatedAt', 'UpdatedAt', 'id', 'search', 'details']);

type Values = Record<string, unknown>;

function parseValue(entry: ChangelogEntry): Values | null {
  try {
    const value: unknown = JSON.parse(entry.new_value);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Values;
  } catch {
    // Logged below, with the entry.
  }
  console.warn(`Changelog entry ${entry.ID} has a new value that cannot be read; it is skipped.`, entry.new_value);
  return null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The readable entries, newest first as given, each with the lines it changed. */
export function describeChanges(entries: readonly ChangelogEntry[]): Change[] {
  const readable = entries.flatMap((entry) => {
    const value = parseValue(entry);
    return value ? [{ entry, value }] : [];
  });
  return readable.map(({ entry, value }, i) => {
    const before = readable[i + 1]?.value;
    const lines = Object.entries(value)
      .filter(([field, v]) => !IGNORED.has(field) && (!before || !same(before[field], v)))
      // A field the entry before did not hold (an entry's note of what else changed: a suspension,
      // a merge …) is shown with its new value only.
      .map(([field, after]): ChangeLine => (before && field in before ? { field, before: before[field], after } : { field, after }));
    return { entry, lines };
  });
}

// Values ----------------------------------------------------------------------------------------

/** Money fields: dollars on the wire (README "API": Money). */
const MONEY = /^(credits|price|amount|fee|deposit|total|paid|balance|[a-z_]*_price)$/;
/** Instants in unix seconds, shown in the facility's zone. */
const INSTANT = /^([a-z_]*_at|date|start|end|from|until|expires|valid_until|[A-Z][A-Za-z]*At)$/;
/** Calendar dates stored as UTC midnight (a birth date has no time zone). */
const CALENDAR_DATE = /^(birthdate|dob)$/;

export interface ValueWords {
  timeZone: string;
  yes: string;
  no: string;
  none: string;
  /** '%{email} (child of)' marker for a child's '##' email. */
  childOf: (address: string) => string;
  /** The name of a record an id field points at (facility_id → the facility's name), when known. */
  nameOf?: (field: string, id: number) => string | undefined;
}

/** One value as a person reads it: money as money, dates as dates, phones and child emails readable. */
export function formatChangeValue(field: string, value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') {
    const named = words.nameOf?.(field, value);
    if (named) return named;
    if (MONEY.test(field)) return formatUsd(toCents(value));
    if (CALENDAR_DATE.test(field)) return dayjs.unix(value).utc().format('DD/MM/YYYY');
    if (INSTANT.test(field)) return formatChangelogDate(value, words.timeZone);
    return String(value);
  }
  if (typeof value === 'string') {
    if (field === 'phone') return formatUsPhone(value);
    if (field === 'email') {
      const { address, child } = displayEmail(value);
      return child ? words.childOf(address) : address;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => formatChangeValue(field, v, words)).join(', ');
  // A nested record (a facility, a suspension …): its name if it has one, else its fields.
  const record = value as Values;
  if (typeof record.name === 'string') return record.name;
  return Object.entries(record)
    .filter(([key]) => !IGNORED.has(key))
    .map(([key, v]) => `${key}: ${formatChangeValue(key, v, words)}`)
    .join(', ');
}

/** 'weekday_open_time' → 'Weekday open time': the label of a field no message names. */
export const humanize = (field: string) => {
  const words = field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
