import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { nowSeconds } from '../../core/time';
import type { Db, Tx } from '../db/client';
import { perDatabase } from '../db/prepared';
import { customers, portalLoginTokens, portalSessions } from '../db/schema';
import type { SessionPolicy } from './session';
import { hashToken, newToken } from './tokens';

// The families' portal sessions (issue 43 §2): a single-use link mailed to a customer is exchanged for a
// bearer token of the portal's own kind (or the holder's optional password opens one). They live in tables of their own (portal_login_tokens,
// portal_sessions), so a portal token is never a staff session and a staff token never a portal one.
// Only hashes are stored; sessions have the staff's idle and absolute expiry.

/** How long a mailed sign-in link works. */
export const PORTAL_LINK_SECONDS = 15 * 60;

/** The account holder a portal request acts for: a customer (an adult, the family's parent). */
export interface PortalUser {
  customer_id: number;
  session_id: number;
}

/** A new sign-in link's token for the customer. */
export async function issuePortalLink(db: Db, customerId: number): Promise<string> {
  const token = newToken();
  const now = nowSeconds();
  await db.insert(portalLoginTokens).values({ customer_id: customerId, token_hash: hashToken(token), CreatedAt: now, expires_at: now + PORTAL_LINK_SECONDS });
  return token;
}

/**
 * Spends a sign-in link and opens a session: its bearer token, or null when the link is unknown, used,
 * expired or its customer deleted. One statement spends it, so two exchanges of one link open one session.
 */
export async function exchangePortalLink(db: Db, token: string, policy: SessionPolicy): Promise<{ token: string; customer_id: number } | null> {
  return db.transaction(async (tx) => {
    const now = nowSeconds();
    const [spent] = await tx.update(portalLoginTokens).set({ used_at: now })
      .where(and(eq(portalLoginTokens.token_hash, hashToken(token)), isNull(portalLoginTokens.used_at), gt(portalLoginTokens.expires_at, now)))
      .returning({ customer_id: portalLoginTokens.customer_id });
    if (!spent) return null;
    const [live] = await tx.select({ ID: customers.ID }).from(customers).where(and(eq(customers.ID, spent.customer_id), isNull(customers.deleted_at)));
    if (!live) return null;
    return { token: await openPortalSessionFor(tx, live.ID, policy), customer_id: live.ID };
  });
}

/** A new portal session of the customer (signed in by a link or by their password): its bearer token. */
export async function openPortalSessionFor(db: Db | Tx, customerId: number, policy: SessionPolicy): Promise<string> {
  const now = nowSeconds();
  const session = newToken();
  await db.insert(portalSessions).values({ customer_id: customerId, token_hash: hashToken(session), last_seen_at: now, expires_at: now + policy.sessionMaxSeconds });
  return session;
}

// last_seen_at is written at most once a minute per session.
const TOUCH_EVERY = 60;

/** The account holder behind a portal bearer token, or null (unknown, revoked, idle too long, expired, deleted customer). */
/** A live session by its token's hash, prepared (server/db/prepared.ts): every portal request reads it. */
const sessionByHash = perDatabase((db) => db.select({ session_id: portalSessions.ID, customer_id: portalSessions.customer_id, last_seen_at: portalSessions.last_seen_at, expires_at: portalSessions.expires_at })
  .from(portalSessions)
  .innerJoin(customers, eq(customers.ID, portalSessions.customer_id))
  .where(and(eq(portalSessions.token_hash, sql.placeholder('hash')), isNull(portalSessions.revoked_at), isNull(customers.deleted_at)))
  .prepare('portal_session_lookup'));

export async function resolvePortalSession(db: Db, token: string, policy: SessionPolicy): Promise<PortalUser | null> {
  const now = nowSeconds();
  const [row] = await sessionByHash(db).execute({ hash: hashToken(token) });
  if (!row || row.expires_at <= now || row.last_seen_at + policy.sessionIdleSeconds <= now) return null;
  if (now - row.last_seen_at >= TOUCH_EVERY) await db.update(portalSessions).set({ last_seen_at: now }).where(eq(portalSessions.ID, row.session_id));
  return { customer_id: row.customer_id, session_id: row.session_id };
}

export async function revokePortalSession(db: Db, sessionId: number): Promise<void> {
  await db.update(portalSessions).set({ revoked_at: nowSeconds() }).where(eq(portalSessions.ID, sessionId));
}
