import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, id, note, ref, seconds, timestamps } from './columns';
import { customers } from './customers';
import { leagues } from './leagues';

// E-sports (console) players, their e-league sign-ups and their matches.

export const eplayers = pgTable('eplayers', {
  ID: id(),
  customer_id: ref('customer_id').notNull().references(() => customers.ID),
  /** The gamertag / console account id. */
  console_id: text('console_id').notNull(),
  console: text('console', { enum: ['PS4', 'XBOX'] }).notNull(),
  discord_username: note('discord_username'),
  ...timestamps,
}, (t) => [
  uniqueIndex('eplayers_customer_idx').on(t.customer_id),
  index('eplayers_console_id_idx').on(t.console_id),
]);

export const eplayerSignups = pgTable('eplayer_signups', {
  ID: id(),
  eplayer_id: ref('eplayer_id').notNull().references(() => eplayers.ID, { onDelete: 'cascade' }),
  league_id: ref('league_id').notNull().references(() => leagues.ID),
  ...timestamps,
}, (t) => [
  uniqueIndex('eplayer_signups_league_player_idx').on(t.league_id, t.eplayer_id),
  index('eplayer_signups_player_idx').on(t.eplayer_id),
]);

export const ematches = pgTable('ematches', {
  ID: id(),
  league_id: ref('league_id').notNull().references(() => leagues.ID),
  home_player_id: ref('home_player_id').references(() => eplayers.ID),
  away_player_id: ref('away_player_id').references(() => eplayers.ID),
  home_checked_in: flag('home_checked_in'),
  away_checked_in: flag('away_checked_in'),
  home_score: integer('home_score'),
  away_score: integer('away_score'),
  level: integer('level').notNull().default(0),
  date: seconds('date').notNull(),
  /** Minutes. */
  duration: integer('duration').notNull().default(15),
  token: text('token'),
  ...timestamps,
}, (t) => [
  index('ematches_league_idx').on(t.league_id, t.date),
  index('ematches_home_idx').on(t.home_player_id),
  index('ematches_away_idx').on(t.away_player_id),
]);
