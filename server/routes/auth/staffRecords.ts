import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { facilities, users } from '../../db/schema';
import { notFound } from '../../http/errors';

// Staff accounts as the API shows them, and which of them a signed-in user may see.

const staffColumns = {
  ID: users.ID,
  email: users.email,
  user_type: users.user_type,
  first_name: users.first_name,
  last_name: users.last_name,
  phone: users.phone,
  facility_id: users.facility_id,
  facility: { ID: facilities.ID, name: facilities.name },
  /** Whether the member has signed up (set a password); the hash itself never leaves the server. */
  password_set: sql<boolean>`${users.password_hash} is not null`.mapWith(Boolean),
};

/** Live staff accounts with their facility, in the API's shape. */
export const selectStaff = (db: Db) =>
  db.select(staffColumns).from(users).innerJoin(facilities, eq(facilities.ID, users.facility_id));

export type StaffRecord = Awaited<ReturnType<typeof selectStaff>>[number];

/** Admins see every live account; others those of their own facility, never an admin's. */
export function visibleTo(actor: SessionUser): SQL {
  const live = isNull(users.deleted_at);
  return actor.role === 'admin' ? live : and(live, eq(users.facility_id, actor.facility_id), ne(users.user_type, 'admin'))!;
}

/** The account when the actor may see it; 404 otherwise, so other facilities' staff stay unseen. */
export async function findVisibleStaff(db: Db, actor: SessionUser, id: number): Promise<StaffRecord> {
  const [row] = await selectStaff(db).where(and(eq(users.ID, id), visibleTo(actor)));
  if (!row) throw notFound('Staff member');
  return row;
}

/** A live account by id, whoever asks (after a write the actor was allowed to make). */
export async function getStaff(db: Db, id: number): Promise<StaffRecord> {
  const [row] = await selectStaff(db).where(eq(users.ID, id));
  if (!row) throw notFound('Staff member');
  return row;
}
