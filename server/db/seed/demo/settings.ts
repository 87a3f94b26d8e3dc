import { createHash } from 'node:crypto';
import { PRODUCT_TYPE } from '../../../../core/constants';
import { discountRules, scoreboards, siblingDiscounts, waiverVersions } from '../../schema';
import { FACILITIES } from '../facilities';
import { WHOLE_FIELDS } from '../fields';
import { DAY } from './calendar';
import type { DemoContext } from './context';

// Discount rules (and Brooklyn's sibling discount), the scoreboards of the first five facilities, and each facility's waiver text.

export function seedDiscountRules(ctx: DemoContext, from: number): void {
  const { writer, now } = ctx;
  const rule = (discount_id: number, facility_id: number | null, product_type_id: number | null, start: number, end: number, comment: string) =>
    writer.add(discountRules, { discount_id, facility_id, product_type_id, start_date: start, end_date: end, comment, CreatedAt: start, UpdatedAt: start });
  for (const f of FACILITIES.slice(0, 5)) rule(1, f.ID, PRODUCT_TYPE.ADULT_LEAGUE, from, now + 60 * DAY, 'Early registration');
  rule(2, null, null, from, now + 365 * DAY, 'Returning customers, every facility');
  rule(3, 1, null, from, now + 365 * DAY, 'Staff bookings');
  rule(4, 6, PRODUCT_TYPE.YOUTH_LEAGUE, from, now + 30 * DAY, 'Referral programme');
  rule(5, 2, PRODUCT_TYPE.PICKUP, from, now - 30 * DAY, 'Spring promotion, over');
  writer.add(siblingDiscounts, { facility_id: 1, enabled: true, second_percent: 10, later_percent: 15, CreatedAt: from, UpdatedAt: from });
}

export function seedScoreboards(ctx: DemoContext): void {
  const { writer, now } = ctx;
  const fields = WHOLE_FIELDS.filter((f) => f.facility_id <= 5);
  fields.forEach((field, i) => writer.add(scoreboards, {
    port: 9001 + i, field_id: field.ID, facility_id: field.facility_id, connected: false, last_seen_at: now - (i + 1) * 3600,
    game: i === 0 ? { home: 'Red Lions', away: 'Blue Hawks', home_score: 2, away_score: 1, timer: 1260, start: now - 1800 } : null,
    CreatedAt: now - 400 * DAY, UpdatedAt: now - 3600,
  }));
}

/**
 * One waiver version per facility (issue 43 §6), written a month before `now`: the customers marked
 * signed get a signature of it (index.ts, signaturesOfMarkedWaivers), the others meet it in the portal.
 */
export function seedWaivers(ctx: DemoContext): void {
  const { writer, now } = ctx;
  for (const f of FACILITIES) {
    const text = [
      `Release of liability — ${f.name}, ${f.address}`,
      'Indoor soccer is a contact sport. I understand that playing, training and watching at this facility carry a risk of injury, ' +
        'and I take that risk on for myself or for the child I sign for.',
      'I confirm that the player is fit to play, and I allow the staff to call for medical help in an emergency.',
      'I agree to follow the facility\'s rules and the staff\'s and referees\' instructions, and I release the facility and its staff from ' +
        'claims for injuries that are not caused by their negligence.',
    ].join('\n\n');
    writer.add(waiverVersions, {
      facility_id: f.ID, text, sha256: createHash('sha256').update(text, 'utf8').digest('hex'), user_id: null, CreatedAt: now - 30 * DAY, UpdatedAt: now - 30 * DAY,
    });
  }
}
