import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { flag, id, json, note, ref, timestamps } from './columns';
import { classes } from './classes';
import { leagues, teams } from './leagues';
import { facilities } from './settings';
import { users } from './staff';

/** An e-mail sent to the players of a league or team, or the parents of a class. */
export const broadcasts = pgTable('broadcasts', {
  ID: id(),
  subject: text('subject').notNull(),
  /** The sanitised HTML body that was sent. */
  html: text('html').notNull(),
  recipients: json<string[]>('recipients').notNull().default([]),
  facility_id: ref('facility_id').notNull().references(() => facilities.ID),
  reply_to: note('reply_to'),
  sender: note('sender'),
  send_to_captains: flag('send_to_captains'),
  send_to_all_team: flag('send_to_all_team'),
  league_id: ref('league_id').references(() => leagues.ID),
  team_id: ref('team_id').references(() => teams.ID),
  class_id: ref('class_id').references(() => classes.ID),
  user_id: ref('user_id').references(() => users.ID),
  /** How many mails the broadcast sends (one per recipient), and how many went out or gave up so far. */
  recipient_count: integer('recipient_count').notNull().default(0),
  sent_count: integer('sent_count').notNull().default(0),
  failed_count: integer('failed_count').notNull().default(0),
  ...timestamps,
}, (t) => [
  index('broadcasts_facility_idx').on(t.facility_id, t.CreatedAt),
  index('broadcasts_league_idx').on(t.league_id),
  index('broadcasts_team_idx').on(t.team_id),
  index('broadcasts_class_idx').on(t.class_id),
]);
