import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../core/constants';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { decoyHash, verifyPassword } from './password';

export interface Account {
  ID: number;
  email: string;
  user_type: Role;
  facility_id: number;
  first_name: string;
  last_name: string;
  phone: string;
}

/** The live staff account with this email (any case), with its password hash. */
export async function findLiveAccount(db: Db, email: string) {
  const [row] = await db
    .select({
      ID: users.ID,
      email: users.email,
      user_type: users.user_type,
      facility_id: users.facility_id,
      first_name: users.first_name,
      last_name: users.last_name,
      phone: users.phone,
      password_hash: users.password_hash,
    })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deleted_at)))
    .limit(1);
  return row;
}

/**
 * The account these credentials open, or null. An unknown email, a deleted account and one without a
 * password yet are checked against a decoy hash, so the answer takes as long as for a wrong password.
 */
export async function checkCredentials(db: Db, email: string, password: string, scryptLogN: number): Promise<Account | null> {
  const found = await findLiveAccount(db, email);
  const matches = await verifyPassword(password, found?.password_hash ?? (await decoyHash(scryptLogN)));
  if (!found?.password_hash || !matches) return null;
  const { password_hash: _hash, ...account } = found;
  return account;
}
