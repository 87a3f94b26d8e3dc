import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { confirmSignup, requestPasswordReset } from '../../../core/api/auth';
import { STAFF_MESSAGES } from '../../../core/validation/staff';
import { findLiveAccount } from '../../auth/credentials';
import { assertAttemptAllowed, recordFailure } from '../../auth/loginLimit';
import { hashPassword } from '../../auth/password';
import { openSession, revokeUserSessions } from '../../auth/session';
import { signupMail } from '../../domain/staff/signupMail';
import { isUsableToken, issueUserToken, spendUserToken } from '../../auth/userTokens';
import { users } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';

// Finishing a signup or a password reset from the mailed link, and asking for a reset link.

export const LINK_EXPIRED = 'This link has expired or was already used: please ask for a new one';

export async function signupRoutes(app: FastifyInstance) {
  const { db, config, mailer } = app.deps;

  serve(app, confirmSignup, async ({ body: input }) => {
    // The cheap token check first, so a forged link never costs a password hash.
    if (!(await isUsableToken(db, input.id, input.token))) throw badRequest(LINK_EXPIRED);
    const password_hash = await hashPassword(input.password, config.scryptLogN);
    const account = await db.transaction(async (tx) => {
      if (!(await spendUserToken(tx, input.id, input.token))) throw badRequest(LINK_EXPIRED);
      const [row] = await tx
        .update(users)
        .set({ first_name: input.first_name, last_name: input.last_name, phone: input.phone, password_hash })
        .where(and(eq(users.ID, input.id), isNull(users.deleted_at)))
        .returning({ ID: users.ID, user_type: users.user_type, facility_id: users.facility_id });
      if (!row) throw badRequest(LINK_EXPIRED);
      // A new password ends every session opened with the old one.
      await revokeUserSessions(tx, row.ID);
      return row;
    });
    const token = await openSession(db, account.ID, config);
    return { token, type: account.user_type, facility_id: account.facility_id };
  });

  serve(app, requestPasswordReset, async ({ query: { email } }, request) => {
    await assertAttemptAllowed(db, email);
    // A reset request counts as a failed attempt on the email: both are ways in without its password.
    await recordFailure(db, email, request.ip);
    // The link is issued and mailed after answering, so neither the answer nor its timing tells
    // whether the email belongs to an account.
    void mailResetLink(email).catch((error) => request.log.error({ err: error }, 'could not mail a reset link'));
    return { message: STAFF_MESSAGES.resetSent };
  });

  async function mailResetLink(email: string): Promise<void> {
    const account = await findLiveAccount(db, email);
    if (!account) return;
    const token = await issueUserToken(db, account.ID, 'reset');
    const { ID: id, first_name, last_name, phone } = account;
    await mailer.send(signupMail(config.publicUrl, { id, token, first_name, last_name, email: account.email, phone }, true));
  }
}
