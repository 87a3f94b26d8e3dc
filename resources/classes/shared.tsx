import { useState } from 'react';
import { TablePagination } from '@mui/material';
import { CLASS_TABLE_SIZES } from '../../core/validation/classes';
import { wallClock, zonedTime } from '../../core/time';
import type { ClassProduct } from '../../core/api/classes';
import { money } from '../../src/kit/components/programFormat';
import './messages';

// What the class page's tables and dialogs share: 50 rows a page (10/25/50/100, spec 3 §9), and the
// facility's wall clock for the event dialogs' date and time inputs.

export function usePaged<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(50);
  const last = Math.max(0, Math.ceil(rows.length / size) - 1);
  const shown = rows.slice(Math.min(page, last) * size, (Math.min(page, last) + 1) * size);
  const pager = rows.length > CLASS_TABLE_SIZES[0] ? (
    <TablePagination component="div" count={rows.length} page={Math.min(page, last)} rowsPerPage={size} rowsPerPageOptions={[...CLASS_TABLE_SIZES]}
      onPageChange={(_, p) => setPage(p)} onRowsPerPageChange={(e) => { setSize(Number(e.target.value)); setPage(0); }} />
  ) : null;
  return { shown, pager };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → the date and time inputs' values in `zone`. */
export function wallInputs(seconds: number, zone: string) {
  const w = wallClock(seconds, zone);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** A date input and a time input in `zone` → unix seconds (null when either is empty); `days` later when given. */
function fromWallInputs(date: string, time: string, zone: string, days = 0): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  return zonedTime(Number(d[1]), Number(d[2]), Number(d[3]) + days, Number(t[1]) * 60 + Number(t[2]), zone);
}

/**
 * An event's date, From and To inputs in `zone` → its start and end (null where an input is empty). A To
 * before From is the next day's: an event from 23:00 to 00:00 ends at midnight, not 23 hours before it starts.
 */
export function fromWallSpan(date: string, from: string, to: string, zone: string): { start_date: number | null; end_date: number | null } {
  return { start_date: fromWallInputs(date, from, zone), end_date: fromWallInputs(date, to, zone, to !== '' && to < from ? 1 : 0) };
}

/** A class product as its pickers offer it: name, price and, when it has one, its price per event, in the reader's language. */
export function productText(translate: (key: string, options?: object) => string, p: Pick<ClassProduct, 'name' | 'base_price' | 'individual_price'>): string {
  const args = { name: p.name, price: money(p.base_price), each: money(p.individual_price) };
  return translate(p.individual_price ? 'classes.form.product_per_event' : 'classes.form.product_text', args);
}
