import { z } from 'zod';
import { recordId } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/changelog';

// The changelog (spec 1 §7): the History of one record, newest first.

/** A changelog entry: who did what, when, and the record's values after it (JSON text). */
export type ChangelogEntry = z.output<typeof answers.changelogEntry>;

export const changelog = endpoint<ChangelogEntry[]>()({
  method: 'GET',
  path: '/changelog',
  summary: "One record's changes, newest first (a manager asking for another facility's record gets 404)",
  permission: { resource: 'changelog', action: 'list' },
  query: z.strictObject({
    object: z.string({ error: 'is required (the kind of record, such as field)' }).regex(/^[a-z][a-z_]{0,49}$/, 'must be the kind of record, such as field'),
    id: recordId('must be the record ID (a positive whole number)'),
  }),
  answer: answers.changelogEntry.array(),
});
