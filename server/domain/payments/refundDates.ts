import { and, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { dateWindow, type IsoDate } from '../../../core/reports/windows';
import type { Db } from '../../db/client';
import { facilities, refunds } from '../../db/schema';

// The refund review's dates (issue 41 item 12): whole days, both included, read in each refund's own
// facility's time zone, as the Presence report reads its dates — a refund asked at 23:30 in Los Angeles
// belongs to that day there, whatever the UTC date.

/** The condition keeping the refunds asked from `from` through `to` (either may be missing) in their facility's zone. */
export async function refundDays(db: Db, from: IsoDate | undefined, to: IsoDate | undefined): Promise<SQL | undefined> {
  if (from === undefined && to === undefined) return undefined;
  const zones = await db.select({ ID: facilities.ID, time_zone: facilities.time_zone }).from(facilities);
  return or(...zones.map((f) => {
    const window = dateWindow(from ?? to!, to ?? from!, f.time_zone);
    return and(
      eq(refunds.facility_id, f.ID),
      from === undefined ? undefined : gte(refunds.CreatedAt, window.start),
      to === undefined ? undefined : lt(refunds.CreatedAt, window.end),
    );
  }));
}
