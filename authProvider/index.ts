import { fetchUtils, HttpError, type AuthProvider } from 'react-admin';
import { rightsOf } from '../core/entities';
import { ROLES, type Role } from '../core/constants';
import { can } from '../core/permissions';
import { session } from './storage';

// Staff sign-in against the root authentication calls (spec 1 §7). The session check (GET /check)
// runs once per page load and token: every later checkAuth, getIdentity, getPermissions and canAccess
// reuses its answer until the token changes (login, signup, logout) or a call answers 401.

/** GET /check's answer. */
export interface StaffIdentity {
  ID: number;
  email: string;
  type: Role;
  facility_id: number;
  first_name: string;
  last_name: string;
}

/** Thrown by login; the login page shows its message (an i18n key or the server's text). */
const WRONG_CREDENTIALS = 'auth.wrong_credentials';

let checked: { token: string; identity: Promise<StaffIdentity> } | null = null;

function authorized(token: string): fetchUtils.Options {
  return { user: { authenticated: true, token: `Bearer ${token}` } };
}

/** The identity behind the stored token, asked of the server once per token. */
function currentIdentity(): Promise<StaffIdentity> {
  const token = session.token();
  // message false: react-admin then redirects to /login without a 'Please login' notification.
  if (!token) return Promise.reject({ message: false });
  if (checked?.token !== token) {
    const identity = fetchUtils.fetchJson('/check', authorized(token)).then(({ json }) => {
      const user = json as StaffIdentity;
      if (!ROLES.includes(user.type)) throw new HttpError('Unknown user type', 401, json);
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

function forget(): void {
  checked = null;
  session.clear();
}

function isUnauthorized(error: unknown): boolean {
  const e = error as { status?: number; body?: { code?: number } } | null;
  return e?.status === 401 || e?.body?.code === 401;
}

/** Stores a session the server just opened (login or signup) so the next check starts from it. */
export function startSession(answer: { token: string; type: Role; facility_id: number }): void {
  checked = null;
  session.save(answer.token, answer.type, answer.facility_id);
}

export const authProvider: AuthProvider = {
  async login({ email, password, user_type }: { email: string; password: string; user_type: Role }) {
    let json: { token?: string; type?: Role; facility_id?: number; errors?: { msg?: string } };
    try {
      ({ json } = await fetchUtils.fetchJson('/user/login', {
        method: 'POST',
        body: JSON.stringify({ email, password, user_type }),
      }));
    } catch (error) {
      if (isUnauthorized(error)) throw new Error(WRONG_CREDENTIALS);
      throw error;
    }
    // An answer carrying errors.msg is a failure too (spec 1 §8).
    if (json.errors?.msg || !json.token || !json.type) throw new Error(WRONG_CREDENTIALS);
    startSession({ token: json.token, type: json.type, facility_id: json.facility_id ?? 0 });
  },

  async logout() {
    const token = session.token();
    forget();
    if (token) {
      // Revoking is best effort: the token is gone from this browser whatever the server says.
      await fetchUtils.fetchJson('/user/logout', { method: 'POST', ...authorized(token) }).catch(() => undefined);
    }
    return '/login';
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
      // message false: the redirect to /login says it all, no notification on top.
      throw { redirectTo: '/login', message: false };
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
    // A react-admin resource is guarded by its MATRIX resource (core/entities.ts), a page by its key.
    return can(role, rightsOf(resource), action);
  },
};
