import * as auth from '../core/api/auth';
import * as changes from '../core/api/changelog';
import type { ChangelogEntry } from '../core/api/changelog';
import * as scoreboards from '../core/api/scoreboards';
import type { Scoreboard } from '../core/scoreboards/protocol';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// The calls that are not CRUD, outside the customer's (./customers.ts, ./customerProfile.ts): the
// scoreboards' reset and background, the changelog, a staff password reset.
// Mixed into the dataProvider (./index.ts).

export type { ChangelogEntry } from '../core/api/changelog';

export interface OperationMethods {
  /** POST /send {action: 'reset'}: the board's game starts over; answers the board. */
  resetScoreboard(id: number): Promise<Scoreboard>;
  /** POST /scoreboard/background (multipart): the new background of the boards; answers how many got it. */
  uploadScoreboardBackground(file: Blob): Promise<{ scoreboards: number }>;
  /** GET /changelog?object=&id=: one record's changes, newest first. */
  getChangelog(object: string, id: number): Promise<ChangelogEntry[]>;
  /** POST /user/reset?email= (at the root): mails the account a link to set a new password; the API's message. */
  sendPasswordReset(email: string): Promise<string>;
}

export function operationMethods(apiUrl: string, client: HttpClient): OperationMethods {
  const call = createCall(client, apiUrl);
  return {
    resetScoreboard: (id) => call(scoreboards.resetScoreboard, { body: { id, action: 'reset', origin: 'scoreboard' } }),
    uploadScoreboardBackground(file) {
      const form = new FormData();
      form.append('file', file);
      return call(scoreboards.uploadBackground, { query: {}, body: form });
    },
    getChangelog: (object, id) => call(changes.changelog, { query: { object, id } }),
    sendPasswordReset: async (email) => String((await call(auth.requestPasswordReset, { query: { email } }))?.message ?? ''),
  };
}
