import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { signupLink } from '../../core/signupLink';
import type { Db } from '../db/client';
import { facilities, users } from '../db/schema';
import { findLiveAccount } from './credentials';
import { issueUserToken } from './userTokens';

// An admin without a password and the single-use link that sets it (`npm run admin:create -- --email …`):
// how a production database, which has no demo logins, gets its first staff member. The link is the
// staff signup link: it works once, for 7 days, and asks for the name, phone and password.

export const FIRST_ADMIN_MESSAGES = {
  email: 'Give the admin\'s email: npm run admin:create -- --email someone@example.com',
  taken: 'A staff member already has this email: ask for a password reset link at /forgot instead',
  noFacility: 'The database has no facility yet: start the server once, it adds the network\'s reference data',
} as const;

export async function createAdmin(db: Db, publicUrl: string, input: { email: string; facilityId?: number }): Promise<{ id: number; link: string }> {
  const email = z.email().safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw new Error(FIRST_ADMIN_MESSAGES.email);
  if (await findLiveAccount(db, email.data)) throw new Error(FIRST_ADMIN_MESSAGES.taken);
  const [facility] = await db.select({ ID: facilities.ID }).from(facilities)
    .where(input.facilityId === undefined ? sql`true` : sql`${facilities.ID} = ${input.facilityId}`).orderBy(asc(facilities.ID)).limit(1);
  if (!facility) throw new Error(FIRST_ADMIN_MESSAGES.noFacility);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({ email: email.data, user_type: 'admin', facility_id: facility.ID }).returning({ ID: users.ID });
    const token = await issueUserToken(tx, row.ID, 'signup');
    return { id: row.ID, link: signupLink(publicUrl, { id: row.ID, token, first_name: '', last_name: '', email: email.data, phone: '' }) };
  });
}
