import { z } from 'zod';
import { deletedIds, extraGames, shortfall, standingsWireRow } from './core';

export { extraGames, shortfall, standingsWireRow };

export const proposedMatch = z.object({
  home_team_id: z.number().int(),
  away_team_id: z.number().int(),
  date: z.number().int(),
  field_id: z.number().int().nullable(),
  duration: z.number(),
  round: z.number().nullable(),
  week: z.number().nullable(),
  index: z.number(),
  level: z.number(),
  group: z.number().nullable(),
  is_bye: z.boolean(),
  home_score: z.number().nullable().optional(),
  away_score: z.number().nullable().optional(),
  is_ok: z.boolean(),
  reason: z.string().nullable(),
});

export const builtSchedule = z.object({
  matches: z.array(proposedMatch),
  shortfall: shortfall.nullable(),
  extra: z.array(extraGames),
});

export const matchRecord = z.object({
  ID: z.number().int(),
  league_id: z.number().int(),
  home_team_id: z.number().int(),
  away_team_id: z.number().int(),
  home_team: z.string().nullable(),
  away_team: z.string().nullable(),
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
  no_show: z.enum(['home', 'away']).nullable(),
  date: z.number().int(),
  field_id: z.number().int().nullable(),
  duration: z.number(),
  comment: z.string().nullable(),
  match_type: z.enum(['regular', 'friendly', 'playoffs']),
  level: z.number(),
  index: z.number(),
  group: z.number().nullable(),
  week: z.number().nullable(),
  round: z.number().nullable(),
  is_bye: z.boolean(),
  event: z.object({
    ID: z.number().int(),
    field_id: z.number().int(),
    start_date: z.number().int(),
    end_date: z.number().int(),
    field_number: z.number(),
    field_name: z.string(),
  }).nullable(),
});

export const deleteMatchAnswer = deletedIds;

export const deleteScheduleAnswer = deletedIds;

export const listMatchesAnswer = z.object({ matches: z.array(matchRecord), standings: z.array(standingsWireRow) });

export const previewPlayoffsAnswer = z.object({ matches: z.array(proposedMatch) });

export const deletePlayoffsAnswer = deletedIds;
