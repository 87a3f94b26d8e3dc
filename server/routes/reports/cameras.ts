import { sql } from 'drizzle-orm';
import { BLOCKER_PRODUCT_TYPES } from '../../../core/constants';
import { dateWindow, yesterdayIn } from '../../../core/reports';
import type { Db } from '../../db/client';
import { num, rowsOf } from './filters';

// The cameras report, served here: per field, yesterday's events (in the facility's zone, blocks
// left out) whose recording is missing. A field is marked "possibly false" when none of those events
// took place (each marked no-show), so no video was expected.

const BLOCKERS = sql.join(BLOCKER_PRODUCT_TYPES.map((id) => sql`${id}`), sql`, `);

export async function camerasReport(db: Db, facilities: Array<{ ID: number; time_zone: string }>, now = new Date()) {
  const perFacility = await Promise.all(facilities.map(async (facility) => {
    const date = yesterdayIn(facility.time_zone, now);
    const window = dateWindow(date, date, facility.time_zone);
    const rows = await rowsOf<{ field_id: number; field: string; facility: string; events: Array<{ ID: number; start_date: number; end_date: number; no_show: boolean }> }>(db, sql`
      select fi.id as field_id, fi.name as field, f.name as facility,
        json_agg(json_build_object('ID', e.id, 'start_date', e.start_date, 'end_date', e.end_date, 'no_show', e.no_show) order by e.start_date) as events
      from events e join fields fi on fi.id = e.field_id join facilities f on f.id = e.facility_id
      where e.facility_id = ${facility.ID} and e.start_date >= ${window.start} and e.start_date < ${window.end}
        and e.product_type_id not in (${BLOCKERS}) and coalesce(e.video_url, '') = ''
      group by fi.id, fi.name, f.name order by fi.name`);
    return rows.map((r) => ({
      facility_id: facility.ID, facility: r.facility, date, time_zone: facility.time_zone, field: { ID: r.field_id, name: r.field },
      missing: r.events.length, possibly_false: r.events.every((e) => e.no_show),
      events: r.events.map((e) => ({ ID: e.ID, start_date: num(e.start_date), end_date: num(e.end_date), no_show: e.no_show })),
    }));
  }));
  return perFacility.flat();
}
