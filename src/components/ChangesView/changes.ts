// What the Changes view shows of changelog entries (spec 1 §3): each entry's new value is JSON text;
// the lines of an entry are the fields that differ from the entry before it (all of them for the
// first). An entry whose JSON cannot be read is logged and left out (spec 1 §8), never a crash.

import type { ChangelogEntry } from '../../../dataProvider';

export type { ChangelogEntry };

export interface ChangeLine {
  field: string;
  value: string;
}

export interface Change {
  entry: ChangelogEntry;
  lines: ChangeLine[];
}

/** Bookkeeping fields every record carries; their changes say nothing. */
const IGNORED = new Set(['ID', 'CreatedAt', 'UpdatedAt', 'id']);

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

const show = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The readable entries, newest first as given, each with the lines it changed. */
export function describeChanges(entries: readonly ChangelogEntry[]): Change[] {
  const readable = entries.flatMap((entry) => {
    const value = parseValue(entry);
    return value ? [{ entry, value }] : [];
  });
  return readable.map(({ entry, value }, i) => {
    const before = readable[i + 1]?.value;
    const lines = Object.entries(value)
      .filter(([field, v]) => !IGNORED.has(field) && (!before || show(before[field]) !== show(v)))
      .map(([field, v]) => ({ field, value: show(v) }));
    return { entry, lines };
  });
}
