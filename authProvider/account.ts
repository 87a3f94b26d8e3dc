import * as auth from '../core/api/auth';
import type { OpenedSession } from '../core/api/auth';
import { createCall } from '../dataProvider/call';
import { httpClient } from '../dataProvider/httpClient';

// The signup / password-recover and forgot-password calls (spec 1 §7), made before anyone is signed in.

export interface ConfirmSignup {
  id: number;
  token: string;
  first_name: string;
  last_name: string;
  phone: string;
  password: string;
}

const call = createCall(httpClient);

/** POST /user/confirm: the new session, or null when the server answered without a token. */
export async function confirmSignup(body: ConfirmSignup): Promise<OpenedSession | null> {
  const json: Partial<OpenedSession> | null = await call(auth.confirmSignup, { body });
  return json?.token && json?.type ? { token: json.token, type: json.type, facility_id: json.facility_id ?? 0 } : null;
}

/** POST /user/reset?email=: mails the reset link; the answer never says whether the email exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await call(auth.requestPasswordReset, { query: { email } });
}
