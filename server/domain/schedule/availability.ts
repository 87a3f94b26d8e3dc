import type { ProposedMatch } from '../../../core/api/schedule';
import { formatDateTime } from '../../../core/time';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { checkRows } from '../events/check';

// The review's availability (spec 3 §4: each computed match is OK or Taken): every game that books a
// field is checked against the calendar and the field's opening hours in one look; byes book nothing
// and are always ok.

type Unchecked = Omit<ProposedMatch, 'is_ok' | 'reason'>;

export async function withAvailability(db: Db, user: SessionUser, zone: string, proposed: Unchecked[]): Promise<ProposedMatch[]> {
  const booked = proposed.filter((m) => m.field_id !== null && !m.is_bye);
  const checked = await checkRows(db, user, booked.map((m) => ({ field_id: m.field_id!, start_date: m.date, end_date: m.date + m.duration * 60 })), [], true);
  const byMatch = new Map(booked.map((m, i) => [m, checked[i]]));
  return proposed.map((m) => {
    const row = byMatch.get(m);
    if (!row) return { ...m, is_ok: true, reason: null };
    const other = row.events_on_spot[0];
    const reason = row.closed ?? (other
      ? `Taken by event ${other.ID} (${other.product_type}${other.comment ? `: ${other.comment}` : ''}, ${formatDateTime(other.start_date, zone)}–${formatDateTime(other.end_date, zone).split(' ')[1]})`
      : null);
    return { ...m, is_ok: row.is_ok, reason };
  });
}
