import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '../../../core/constants';
import { createStaff, deleteStaff, getStaff as getStaffCall, staffList, updateStaff } from '../../../core/api/staff';
import { canAssignRole } from '../../../core/permissions';
import { nowSeconds } from '../../../core/time';
import { STAFF_MESSAGES } from '../../../core/validation/staff';
import { revokeUserSessions, type SessionUser } from '../../auth/session';
import { signupMail } from '../../domain/staff/signupMail';
import { issueUserToken } from '../../auth/userTokens';
import type { Db } from '../../db/client';
import { facilities, users } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors';
import { sendRange } from '../../http/list';
import { listStaff } from './staffList';
import { findVisibleStaff, getStaff } from './staffRecords';

// Staff accounts (spec 1 §5, §6, §7): admins manage everyone; a manager manages the mods, coaches and
// referees of their own facility.

const ROLE_TOO_HIGH = 'Only admins can create or manage admin and manager accounts';
const EMAIL_TAKEN = 'A staff member with this email already exists';
const MAIL_FAILED = 'The staff member was created, but the signup e-mail could not be sent: use Reset password to send the link again';

function assertCanAssign(actor: SessionUser, role: Role): void {
  if (!canAssignRole(actor.role, role)) throw forbidden(ROLE_TOO_HIGH);
}

async function assertEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const [taken] = await db
    .select({ ID: users.ID })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deleted_at), exceptId ? ne(users.ID, exceptId) : undefined))
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
}

/** The facility a new or moved account belongs to: an existing one an admin chose, else the actor's own. */
async function facilityFor(db: Db, actor: SessionUser, requested: number | undefined): Promise<number> {
  if (actor.role !== 'admin') return actor.facility_id;
  const refused = badRequest(STAFF_MESSAGES.selectFacility, { errors: { facility_id: STAFF_MESSAGES.selectFacility } });
  if (!requested) throw refused;
  const [found] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, requested));
  if (!found) throw refused;
  return found.ID;
}

export async function staffRoutes(app: FastifyInstance) {
  const { db, config, mailer } = app.deps;

  serve(app, createStaff, async ({ user: actor, body: input }, request) => {
    assertCanAssign(actor, input.user_type);
    const facility_id = await facilityFor(db, actor, input.facility_id);
    await assertEmailFree(db, input.email);
    const { id, token } = await db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({ ...input, facility_id }).returning({ ID: users.ID });
      return { id: created.ID, token: await issueUserToken(tx, created.ID, 'signup') };
    });
    const { email, first_name, last_name, phone } = input;
    try {
      await mailer.send(signupMail(config.publicUrl, { id, token, email, first_name, last_name, phone }, false));
    } catch (error) {
      request.log.error({ err: error }, 'could not mail a signup link');
      throw new HttpError(502, MAIL_FAILED);
    }
    return getStaff(db, id);
  });

  serve(app, updateStaff, async ({ user: actor, body: { id, ...changes } }) => {
    const target = await findVisibleStaff(db, actor, id);
    assertCanAssign(actor, target.user_type);
    if (changes.user_type) assertCanAssign(actor, changes.user_type);
    if (changes.email) await assertEmailFree(db, changes.email, id);
    const facility_id = changes.facility_id === undefined ? undefined : await facilityFor(db, actor, changes.facility_id);
    const values = Object.fromEntries(Object.entries({ ...changes, facility_id }).filter(([, v]) => v !== undefined));
    if (Object.keys(values).length) await db.update(users).set(values).where(eq(users.ID, id));
    return getStaff(db, id);
  });

  serve(app, staffList, async ({ user: actor, query }, _request, reply) => {
    const list = await listStaff(db, actor, query);
    sendRange(reply, 'user', list);
    return list.rows;
  });

  serve(app, getStaffCall, ({ user: actor, params: { id } }) => findVisibleStaff(db, actor, id));

  serve(app, deleteStaff, async ({ user: actor, params: { id } }) => {
    if (id === actor.ID) throw badRequest('You cannot delete your own account');
    const target = await findVisibleStaff(db, actor, id);
    assertCanAssign(actor, target.user_type);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ deleted_at: nowSeconds() }).where(eq(users.ID, id));
      await revokeUserSessions(tx, id);
    });
    return target;
  });
}
