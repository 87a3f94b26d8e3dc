import { z } from 'zod';
import { customerName, facilityZone, named } from './core';

export const refereeMatch = z.object({
  ID: z.number().int(),
  date: z.number().int(),
  duration: z.number(),
  event: z.object({
    start_date: z.number().int(),
    field: z.object({ number: z.number(), name: z.string() }).nullable(),
    facility: facilityZone,
  }),
  league: named,
  home_team: z.object({ name: z.string() }).nullable(),
  away_team: z.object({ name: z.string() }).nullable(),
  referee: customerName.nullable(),
  date_parsed: z.string(),
  time_parsed: z.string(),
});

export const refereeOption = z.object({
  ID: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  facility: z.object({ name: z.string() }),
});

export const assignRefereeAnswer = z.object({ referee_id: z.number().int(), match_ids: z.array(z.number()) });
