import type { CheckedRow } from '../../../../dataProvider/events';

// The repeat list of the add-event dialog (spec 2 §2): any change of the repeat settings makes the
// list stale ('Check availability' again, from the settings); a conflicted row may be kept; editing a
// row marks it to check again (the check then looks at the rows as edited); a row when the field is
// closed cannot be kept; saving needs a fresh list whose every row is available or kept.

export interface RepeatRow extends CheckedRow {
  keep: boolean;
  /** Edited since the last check. */
  to_check: boolean;
}

export interface RepeatList {
  rows: RepeatRow[];
  stale: boolean;
}

export type RowChange = Partial<Pick<RepeatRow, 'field_id' | 'start_date' | 'end_date'>>;

export const emptyRepeatList: RepeatList = { rows: [], stale: true };

const keepable = (r: CheckedRow) => !r.is_ok && !r.closed;

/** The answer of a check replaces the list; it is fresh. */
export const checked = (rows: CheckedRow[]): RepeatList => ({ rows: rows.map((r) => ({ ...r, keep: false, to_check: false })), stale: false });

/** The answer of a check of the edited rows: a row kept before keeps its Keep if it may still be kept. */
export const rechecked = (list: RepeatList, rows: CheckedRow[]): RepeatList => ({
  rows: rows.map((r, i) => ({ ...r, keep: keepable(r) && !list.rows[i]?.to_check && !!list.rows[i]?.keep, to_check: false })),
  stale: false,
});

/** Whether 'Check availability' looks at the rows as they are (edited) rather than generating them again. */
export const checksRows = (list: RepeatList): boolean => !list.stale && list.rows.length > 0;

/** A change of the repeat settings (or of the event's slot) makes the whole list stale. */
export const markStale = (list: RepeatList): RepeatList => ({ ...list, stale: true });

export const toggleKeep = (list: RepeatList, index: number): RepeatList => ({
  ...list,
  rows: list.rows.map((r, i) => (i === index && keepable(r) && !r.to_check ? { ...r, keep: !r.keep } : r)),
});

/** Editing one row's field or times: that row is to be checked again. */
export const editRow = (list: RepeatList, index: number, change: RowChange): RepeatList => ({
  ...list,
  rows: list.rows.map((r, i) => (i === index ? { ...r, ...change, to_check: true, is_ok: false, keep: false, closed: null, events_on_spot: [] } : r)),
});

export const removeRow = (list: RepeatList, index: number): RepeatList => ({ ...list, rows: list.rows.filter((_, i) => i !== index) });

/** Whether the series may be saved: a fresh list, nothing left to check, every row available or kept. */
export const canSave = (list: RepeatList): boolean =>
  !list.stale && list.rows.length > 0 && list.rows.every((r) => !r.to_check && (r.is_ok || (r.keep && !r.closed)));
