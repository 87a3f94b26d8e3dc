import type { CheckedRow, CheckRow } from '../../../core/api/events';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { findField } from './access';
import { closedReasons, eventsInTheWayOfEach } from './availability';
import { checkTimes } from './booking';

// Checking rows {field_id, start_date, end_date} before booking them (a repeat series, a contract's
// events, a schedule's games): each row's events in the way on its field and the fields split from or
// into it, and (with the opening hours) why its field is closed then.

/** The availability of each row; with `openingHours`, a row outside its field's hours is not ok either. */
export async function checkRows(db: Db | Tx, user: SessionUser, rows: CheckRow[], exclude: number[], openingHours = false): Promise<CheckedRow[]> {
  const checked: CheckedRow[] = [];
  const fieldIds = [...new Set(rows.map((r) => r.field_id))];
  for (const fieldId of fieldIds) await findField(db, user, fieldId);
  for (const r of rows) checkTimes(r.start_date, r.end_date);
  const inTheWay = await eventsInTheWayOfEach(db, rows, exclude);
  const closed = openingHours ? await closedReasons(db, rows) : rows.map(() => null);
  rows.forEach((r, i) => checked.push({ ...r, is_ok: inTheWay[i].length === 0 && closed[i] === null, events_on_spot: inTheWay[i], closed: closed[i] }));
  return checked;
}
