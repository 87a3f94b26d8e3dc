import { and, eq, gt, lt } from 'drizzle-orm';
import { nowSeconds } from '../../core/time';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { tooManyRequests } from '../common/errors';

// Sign-in rate limit, kept in the database so it holds across server processes. Failed attempts are
// counted per email (whether or not it exists, so a refusal reveals nothing) and per client address
// over a sliding window; successful sign-ins are recorded but never count.
// - An email past its limit is refused (429), even with the right password: it is being guessed.
// - An address past its limit is only slowed down: each further wrong attempt from it answers after a
//   pause, but a correct password still signs in, because a whole front desk may share one address
//   (behind NAT, or a reverse proxy without TRUST_PROXY) and one person's typos must not lock out all.

export const LOGIN_LIMIT = { windowSeconds: 15 * 60, perEmail: 10, perIp: 30, ipPauseMs: 2000 } as const;
export const TOO_MANY_ATTEMPTS = 'Too many attempts: please wait 15 minutes and try again';

const windowStart = () => nowSeconds() - LOGIN_LIMIT.windowSeconds;

/** Refuses (429) when the email has reached its number of failed attempts in the window. */
export async function assertAttemptAllowed(db: Db, email: string): Promise<void> {
  const failures = await db.$count(loginAttempts, and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.CreatedAt, windowStart())));
  if (failures >= LOGIN_LIMIT.perEmail) throw tooManyRequests(TOO_MANY_ATTEMPTS);
}

export async function recordSuccess(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded: true });
}

/** Counts a failed attempt; returns once the answer may go, after a pause when the address is past its limit. */
export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded: false });
  const failures = await db.$count(loginAttempts, and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.CreatedAt, windowStart())));
  if (failures > LOGIN_LIMIT.perIp) await new Promise((resolve) => setTimeout(resolve, LOGIN_LIMIT.ipPauseMs));
}

/** Drops attempts older than the window: they no longer count for anything. */
export async function forgetStaleAttempts(db: Db): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.CreatedAt, windowStart()));
}
