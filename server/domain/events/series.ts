import dayjs from 'dayjs';
import type { Db, Tx } from '../../db/client';
import { facilityZone, type EventRow } from './access';
import type { Slot } from './availability';

// Editing "this and following" or "the whole series" of a repeat series: the edited event's change
// applies to each event of the series in wall-clock terms of the facility's zone, so a series moved
// from 19:00 to 20:00 stays at 20:00 on both sides of a daylight-saving change.

export async function shiftSeries(
  db: Db | Tx,
  facilityId: number,
  edited: EventRow,
  targets: EventRow[],
  change: { field_id?: number; start_date?: number; end_date?: number },
): Promise<Slot[]> {
  const start = change.start_date ?? edited.start_date;
  const end = change.end_date ?? edited.end_date;
  const timeChanged = start !== edited.start_date || end !== edited.end_date;
  const zone = timeChanged ? await facilityZone(db, facilityId) : '';
  const newStart = timeChanged ? dayjs.unix(start).tz(zone) : null;
  const dayShift = newStart ? newStart.startOf('day').diff(dayjs.unix(edited.start_date).tz(zone).startOf('day'), 'day') : 0;
  return targets.map((target) => {
    const field_id = change.field_id ?? target.field_id;
    if (!newStart) return { field_id, start_date: target.start_date, end_date: target.end_date };
    if (target.ID === edited.ID) return { field_id, start_date: start, end_date: end };
    const day = dayjs.unix(target.start_date).tz(zone).add(dayShift, 'day').format('YYYY-MM-DD');
    const s = dayjs.tz(`${day} ${newStart.format('HH:mm:ss')}`, zone).unix();
    return { field_id, start_date: s, end_date: s + (end - start) };
  });
}
