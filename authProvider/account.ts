import { fetchUtils } from 'react-admin';
import type { Role } from '../core/constants';

// The signup / password-recover and forgot-password calls (spec 1 §7), made before anyone is signed in.

export interface ConfirmSignup {
  id: number;
  token: string;
  first_name: string;
  last_name: string;
  phone: string;
  password: string;
}

/** POST /user/confirm: the new session, or null when the server answered without a token. */
export async function confirmSignup(body: ConfirmSignup): Promise<{ token: string; type: Role; facility_id: number } | null> {
  const { json } = await fetchUtils.fetchJson('/user/confirm', { method: 'POST', body: JSON.stringify(body) });
  return json?.token && json?.type ? { token: json.token, type: json.type, facility_id: json.facility_id ?? 0 } : null;
}

/** POST /user/reset?email=: mails the reset link; the answer never says whether the email exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await fetchUtils.fetchJson(`/user/reset?email=${encodeURIComponent(email)}`, { method: 'POST' });
}
