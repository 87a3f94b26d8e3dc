import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, json, ref, seconds, timestamps } from './columns';
import type { ScoreboardGame } from '../../../core/scoreboards/protocol';
import { facilities, fields } from './settings';

export type { ScoreboardGame };

/** A field's scoreboard, reached by the scoreboard service on its port. */
export const scoreboards = pgTable('scoreboards', {
  ID: id(),
  port: integer('port').notNull(),
  field_id: ref('field_id').notNull().references(() => fields.ID),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  connected: flag('connected'),
  /** When the board last said something. */
  last_seen_at: seconds('last_seen_at'),
  game: json<ScoreboardGame>('game'),
  /** The uploaded background image (path or URL). */
  background: text('background'),
  ...timestamps,
}, (t) => [
  uniqueIndex('scoreboards_port_idx').on(t.port),
  index('scoreboards_facility_idx').on(t.facility_id),
]);
