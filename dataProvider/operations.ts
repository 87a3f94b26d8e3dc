import * as auth from '../core/api/auth';
import { expireDiscount } from '../core/api/discounts';
import type { Scoreboard } from '../core/scoreboards/protocol';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

// The calls that are not CRUD, outside the customer's (./customers.ts, ./customerProfile.ts): a
// discount's expiry, the scoreboards' reset and background, the changelog, a staff password reset.
// Mixed into the dataProvider (./index.ts).

/** A changelog entry as GET /changelog answers it. */
export interface ChangelogEntry {
  ID: number;
  action: string;
  user: { ID: number; first_name: string; last_name: string } | null;
  CreatedAt: number;
  new_value: string;
}

export interface OperationMethods {
  /** PUT /discount/{id}?expired=1: an active discount becomes expired (409 when it already is). */
  expireDiscount(id: number): Promise<unknown>;
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
  const call = async (path: string, options?: Parameters<HttpClient>[1]) => (await client(path, options)).json;
  const endpointCall = createCall(client, apiUrl);
  return {
    expireDiscount: (id) => endpointCall(expireDiscount, { params: { id }, query: { expired: '1' }, body: undefined }),
    resetScoreboard: (id) => call(`${apiUrl}/send`, { method: 'POST', body: JSON.stringify({ id, action: 'reset', origin: 'scoreboard' }) }),
    uploadScoreboardBackground(file) {
      const form = new FormData();
      form.append('file', file);
      return call(`${apiUrl}/scoreboard/background`, { method: 'POST', body: form });
    },
    getChangelog: (object, id) => call(`${apiUrl}/changelog?${new URLSearchParams({ object, id: String(id) })}`),
    sendPasswordReset: async (email) => String((await endpointCall(auth.requestPasswordReset, { query: { email } }))?.message ?? ''),
  };
}
