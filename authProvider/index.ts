import { HttpError, type AuthProvider } from 'react-admin';
import * as auth from '../core/api/auth';
import type { OpenedSession, StaffIdentity } from '../core/api/auth';
import { ROLES, type Role } from '../core/constants';
import { can } from '../core/permissions';
import { createCall } from '../dataProvider/call';
import { httpClient } from '../dataProvider/httpClient';
import { session } from '../dataProvider/session';

// Staff sign-in against the root authentication calls (spec 1 §7). The session check (GET /check)
// runs once per page load and token: every later checkAuth, getIdentity, getPermissions and canAccess
// reuses its answer until the token changes (login, signup, logout) or a call answers 401.

export type { StaffIdentity } from '../core/api/auth';

const call = createCall(httpClient);

/** Thrown by login; the login page shows its message (an i18n key or the server's text). */
const WRONG_CREDENTIALS = 'auth.wrong_credentials';

let checked: { token: string; identity: Promise<StaffIdentity> } | null = null;

/** The identity behind the stored token, asked of the server once per token. */
function currentIdentity(): Promise<StaffIdentity> {
  const token = session.token();
  // message false: react-admin then redirects to /login without a 'Please login' notification.
  if (!token) return Promise.reject({ message: false });
  if (checked?.token !== token) {
    const identity = call(auth.check, undefined, { headers: bearer(token) }).then((user) => {
      if (!ROLES.includes(user.type)) throw new HttpError('Unknown user type', 401, user);
      session.save(token, user.type, user.facility_id);
      return user;
    });
    const entry = { token, identity };
    // A failed check is not kept: the next attempt asks again.
    identity.catch(() => {
      if (checked === entry) checked = null;
    });
    checked = entry;
  }
  return checked.identity;
}

/** The token a call is made with (logout's, after the session is forgotten here). */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function forget(): void {
  checked = null;
  session.clear();
}

function isUnauthorized(error: unknown): boolean {
  const e = error as { status?: number; body?: { code?: number } } | null;
  return e?.status === 401 || e?.body?.code === 401;
}

/** Stores a session the server just opened (login or signup) so the next check starts from it. */
export function startSession(answer: OpenedSession): void {
  checked = null;
  session.save(answer.token, answer.type, answer.facility_id);
}

export const authProvider: AuthProvider = {
  async login({ email, password, user_type }: { email: string; password: string; user_type: Role }) {
    let json: Partial<OpenedSession> & { errors?: { msg?: string } };
    try {
      json = await call(auth.login, { body: { email, password, user_type } });
    } catch (error) {
      if (isUnauthorized(error)) throw new Error(WRONG_CREDENTIALS);
      throw error;
    }
    // An answer carrying errors.msg is a failure too (spec 1 §8).
    if (json.errors?.msg || !json.token || !json.type) throw new Error(WRONG_CREDENTIALS);
    startSession({ token: json.token, type: json.type, facility_id: json.facility_id ?? 0 });
  },

  /** Answers no path: react-admin then goes to its login page. */
  async logout() {
    const token = session.token();
    forget();
    if (token) {
      // Revoking is best effort: the token is gone from this browser whatever the server says.
      await call(auth.logout, undefined, { headers: bearer(token) }).catch(() => undefined);
    }
  },

  async checkAuth() {
    try {
      await currentIdentity();
    } catch (error) {
      if (isUnauthorized(error)) forget();
      throw error;
    }
  },

  async checkError(error) {
    if (isUnauthorized(error)) {
      forget();
      // No redirectTo: react-admin signs out to its login page; message false: that says it all, no
      // notification on top.
      throw { message: false };
    }
  },

  async getIdentity() {
    const user = await currentIdentity();
    return {
      id: user.ID,
      fullName: `${user.first_name} ${user.last_name}`.trim() || user.email,
      email: user.email,
      role: user.type,
      facility_id: user.facility_id,
    };
  },

  async getPermissions() {
    return (await currentIdentity()).type;
  },

  async canAccess({ resource, action }) {
    if (!session.token()) return false;
    const role = await currentIdentity().then((u) => u.type, () => null);
    // A react-admin resource is guarded by its MATRIX resource (core/permissions.ts rightsOf), a page by its key.
    return can(role, resource, action);
  },
};
