import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../core/constants';
import { nowSeconds } from '../../core/time';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken, newToken } from './tokens';

/** The signed-in staff member a request acts for. */
export interface SessionUser {
  ID: number;
  email: string;
  role: Role;
  facility_id: number;
  first_name: string;
  last_name: string;
  session_id: number;
}

export interface SessionPolicy {
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
}

/** Opens a session and returns its bearer token (only its hash is stored). */
export async function openSession(db: Db, userId: number, policy: SessionPolicy): Promise<string> {
  const token = newToken();
  const now = nowSeconds();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    last_seen_at: now,
    expires_at: now + policy.sessionMaxSeconds,
  });
  return token;
}

// last_seen_at is written at most once a minute per session, not on every request.
const TOUCH_EVERY = 60;

/** The session of a token hash with its user: every API request's first statement, so prepared (planned once per connection). */
const sessionQuery = (db: Db) => db
  .select({
    session_id: sessions.ID,
    last_seen_at: sessions.last_seen_at,
    expires_at: sessions.expires_at,
    ID: users.ID,
    email: users.email,
    role: users.user_type,
    facility_id: users.facility_id,
    first_name: users.first_name,
    last_name: users.last_name,
  })
  .from(sessions)
  .innerJoin(users, eq(users.ID, sessions.user_id))
  .where(and(eq(sessions.token_hash, sql.placeholder('hash')), isNull(sessions.revoked_at), isNull(users.deleted_at)))
  .limit(1)
  .prepare('session_user');

const preparedSessions = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/** The user behind a bearer token, or null when it is unknown, revoked, idle too long or expired. */
export async function resolveSession(db: Db, token: string, policy: SessionPolicy): Promise<SessionUser | null> {
  const now = nowSeconds();
  let query = preparedSessions.get(db);
  if (!query) preparedSessions.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ hash: hashToken(token) });
  if (!row || row.expires_at <= now || row.last_seen_at + policy.sessionIdleSeconds <= now) return null;
  if (now - row.last_seen_at >= TOUCH_EVERY) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.ID, row.session_id));
  }
  const { last_seen_at: _seen, expires_at: _expires, ...user } = row;
  return user;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: nowSeconds() }).where(eq(sessions.ID, sessionId));
}

/** Ends every open session of a user: on deletion, or when their password changes. */
export async function revokeUserSessions(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: nowSeconds() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}
