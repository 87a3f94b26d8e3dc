import { z } from 'zod';
import { customerContact, standingsWireRow } from './core';

export const eplayerRecord = z.object({
  ID: z.number().int(),
  console_id: z.string(),
  console: z.enum(['PS4', 'XBOX']),
  discord_username: z.string(),
  customer: customerContact,
  signup_id: z.number().int().optional(),
  leagues: z.array(z.object({ signup_id: z.number().int(), ID: z.number().int(), name: z.string() })).optional(),
});

export const deleteEplayerSignupAnswer = z.object({ ID: z.number().int(), league_id: z.number().int(), eplayer_id: z.number().int() });

export const ematchPlayer = z.object({
  ID: z.number().int(),
  console_id: z.string(),
  discord_username: z.string(),
  name: z.string(),
  email: z.string(),
});

export const ematchRecord = z.object({
  ID: z.number().int(),
  league_id: z.number().int(),
  token: z.string().nullable(),
  home_player: ematchPlayer.nullable(),
  away_player: ematchPlayer.nullable(),
  home_checked_in: z.boolean(),
  away_checked_in: z.boolean(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  level: z.number(),
  date: z.number().int(),
  duration: z.number(),
  date_parsed: z.string(),
  time_parsed: z.string(),
});

export const listEmatchesAnswer = z.object({ matches: z.array(ematchRecord), total: z.number(), page: z.number() });

export const estandingsRow = standingsWireRow;

export const sendEmatchDayAnswer = z.object({ key: z.string(), sent: z.number() });

export const recordNoShowsAnswer = z.object({ key: z.string(), no_shows: z.array(z.number()) });

export const checkLogAnswer = z.object({ done: z.boolean(), at: z.number().nullable() });
