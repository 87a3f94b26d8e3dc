import { and, eq, gt, isNull } from 'drizzle-orm';
import { nowSeconds } from '../../core/time';
import type { Db, Tx } from '../db/client';
import { userTokens, users } from '../db/schema';
import { hashToken, newToken } from './tokens';

// Single-use tokens carried by signup and password-reset links. Only their hash is stored; each
// expires, is spent by the first successful confirm, and is voided when a newer link is issued.

export type TokenPurpose = 'signup' | 'reset';

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = { signup: 7 * 24 * 3600, reset: 24 * 3600 };

/** A new link token for the user; their older unused links stop working. */
export async function issueUserToken(db: Db | Tx, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = newToken();
  const now = nowSeconds();
  await db.update(userTokens).set({ used_at: now }).where(and(eq(userTokens.user_id, userId), isNull(userTokens.used_at)));
  await db.insert(userTokens).values({
    user_id: userId,
    purpose,
    token_hash: hashToken(token),
    // The same instant for both, so a link's lifetime is exactly its purpose's.
    CreatedAt: now,
    expires_at: now + TOKEN_LIFETIME_SECONDS[purpose],
  });
  return token;
}

const usable = (userId: number, token: string) => and(
  eq(userTokens.token_hash, hashToken(token)),
  eq(userTokens.user_id, userId),
  isNull(userTokens.used_at),
  gt(userTokens.expires_at, nowSeconds()),
);

/** Whether the token is a live link of this (not deleted) user: a cheap check before any slow work. */
export async function isUsableToken(db: Db, userId: number, token: string): Promise<boolean> {
  const [row] = await db
    .select({ ID: userTokens.ID })
    .from(userTokens)
    .innerJoin(users, eq(users.ID, userTokens.user_id))
    .where(and(usable(userId, token), isNull(users.deleted_at)))
    .limit(1);
  return Boolean(row);
}

/** Spends the token; false when it was not usable (or another request spent it first). */
export async function spendUserToken(tx: Tx, userId: number, token: string): Promise<boolean> {
  const spent = await tx.update(userTokens).set({ used_at: nowSeconds() }).where(usable(userId, token)).returning({ ID: userTokens.ID });
  return spent.length > 0;
}
