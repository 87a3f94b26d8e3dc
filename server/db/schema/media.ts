import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { flag, id, ref, timestamps } from './columns';
import { events } from './bookings';
import { facilities, fields } from './settings';

/** A photo taken on a field during an event; to_keep false means deleted. */
export const media = pgTable('media', {
  ID: id(),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  field_id: ref('field_id').references(() => fields.ID),
  event_id: ref('event_id').references(() => events.ID, { onDelete: 'set null' }),
  thumbnail: text('thumbnail').notNull(),
  s3_url: text('s3_url').notNull(),
  to_keep: flag('to_keep', true),
  ...timestamps,
}, (t) => [
  index('media_facility_idx').on(t.facility_id, t.CreatedAt),
  index('media_event_idx').on(t.event_id),
]);
