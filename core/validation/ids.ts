import { z } from 'zod';

// Record IDs as JSON bodies carry them, for the forms and the server alike. PostgreSQL's integer
// bounds them, so that a larger one is refused with a reason rather than by the database.

/** The largest record ID: PostgreSQL's integer. */
export const MAX_ID = 2 ** 31 - 1;
export const RECORD_ID_MESSAGE = 'must be a positive whole number';

/** A record ID in a JSON body; `missing` is said when it is absent (by default the same as for a wrong value). */
export function jsonRecordId(missing = RECORD_ID_MESSAGE) {
  return z.number({ error: (issue) => (issue.input === undefined ? missing : RECORD_ID_MESSAGE) })
    .int(RECORD_ID_MESSAGE).positive(RECORD_ID_MESSAGE).max(MAX_ID, RECORD_ID_MESSAGE);
}
