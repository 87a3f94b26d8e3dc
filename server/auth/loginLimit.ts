import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { nowSeconds } from '../../core/time';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { tooManyRequests } from '../http/errors';

// Sign-in rate limit, kept in the database so it holds across server processes. Failed attempts are
// counted per email (whether or not it exists, so a refusal reveals nothing) and per client IP over a
// sliding window; successful sign-ins are recorded but never count.

export const LOGIN_LIMIT = { windowSeconds: 15 * 60, perEmail: 10, perIp: 30 } as const;
export const TOO_MANY_ATTEMPTS = 'Too many attempts: please wait 15 minutes and try again';

/** Refuses (429) when the email or the IP has reached its number of failed attempts in the window. */
export async function assertAttemptAllowed(db: Db, email: string, ip: string): Promise<void> {
  const since = nowSeconds() - LOGIN_LIMIT.windowSeconds;
  const [counts] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(and(
      or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
      eq(loginAttempts.succeeded, false),
      gt(loginAttempts.CreatedAt, since),
    ));
  if (counts.byEmail >= LOGIN_LIMIT.perEmail || counts.byIp >= LOGIN_LIMIT.perIp) throw tooManyRequests(TOO_MANY_ATTEMPTS);
}

export async function recordAttempt(db: Db, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded });
}

/** Drops attempts older than the window: they no longer count for anything. */
export async function forgetStaleAttempts(db: Db): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.CreatedAt, nowSeconds() - LOGIN_LIMIT.windowSeconds));
}
