import { z } from 'zod';
import { jsonRecordId } from '../validation/ids';
import { recordId, specMessageOr } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/referees';

// Referee assignment (spec 3 §2.17, §3 "Referee match", §5, §7 "Referee", issue 27 items 1–2): the
// league matches of a date range with their referee, the referees of a facility, and assigning one
// referee to matches of one facility. Admins, managers and mods; a referee is never on two matches
// whose times overlap (409 naming the match in the way).

export const REFEREE_MESSAGES = {
  selectValid: 'Please select valid matches and a referee',
  sameFacility: 'Please select matches from the same facility',
  // Ours: what the spec leaves unworded.
  dates: 'Please choose a start and an end date',
  notReferee: 'The selected staff member is not a referee of this facility',
} as const;

/** 'The referee already has Red Lions vs Blue Sharks at 5/14/2025 19:00 on Field 1' (issue 27 item 2). */
export const refereeBusy = (match: string, when: string, field: string) => `The referee already has ${match} at ${when}${field ? ` on ${field}` : ''}`;

export const specMessage = specMessageOr(Object.values(REFEREE_MESSAGES));

/** A match as /referee lists it (spec 3 §3 "Referee match"). */
export type RefereeMatch = z.output<typeof answers.refereeMatch>;

/** A referee to choose (spec 3 §3 "Referee option"). */
export type RefereeOption = z.output<typeof answers.refereeOption>;

const unix = z.coerce.number({ error: REFEREE_MESSAGES.dates }).int(REFEREE_MESSAGES.dates).nonnegative(REFEREE_MESSAGES.dates);

export const refereeMatches = endpoint<RefereeMatch[]>()({
  method: 'GET',
  path: '/ref/matches',
  summary: 'League matches from start_date to end_date (unix seconds) with their referee, by start; facility_id (admins), field_id, assigned (yes or no)',
  permission: { resource: 'referees', action: 'list' },
  query: z.strictObject({
    start_date: unix, end_date: unix,
    facility_id: recordId('must be a facility ID (0 for all)', 0).optional(),
    field_id: recordId().optional(),
    assigned: z.enum(['yes', 'no']).optional(),
  }).refine((q) => q.end_date >= q.start_date, { message: REFEREE_MESSAGES.dates }),
  describe: specMessage,
  answer: answers.refereeMatch.array(),
});

export const allReferees = endpoint<RefereeOption[]>()({
  method: 'GET',
  path: '/ref/all',
  summary: 'The referees of a facility (non-admins: theirs), by name, with e-mail and phone',
  permission: { resource: 'referees', action: 'list' },
  query: z.strictObject({ facility_id: recordId('must be a facility ID (0 for all)', 0).optional() }),
  answer: answers.refereeOption.array(),
});

export const assignReferee = endpoint<{ referee_id: number; match_ids: number[] }>()({
  method: 'POST',
  path: '/ref/assign',
  summary: 'Assigns a referee to matches of one facility (replacing their referee); refuses matches whose times overlap another of the referee\'s (409); mails the referee the matches with an .ics',
  permission: { resource: 'referees', action: 'assign' },
  body: z.strictObject({
    referee_id: jsonRecordId(REFEREE_MESSAGES.selectValid),
    match_ids: z.array(jsonRecordId(REFEREE_MESSAGES.selectValid), { error: REFEREE_MESSAGES.selectValid }).min(1, REFEREE_MESSAGES.selectValid).max(200),
  }),
  describe: specMessage,
  answer: answers.assignRefereeAnswer,
});
