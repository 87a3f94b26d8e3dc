import type { FastifyInstance } from 'fastify';
import { check, login, logout } from '../../../core/api/auth';
import { sameSignInGroup, STAFF_MESSAGES } from '../../../core/validation/staff';
import { checkCredentials } from '../../auth/credentials';
import { assertAttemptAllowed, forgetStaleAttempts, recordFailure, recordSuccess } from '../../auth/loginLimit';
import { openSession, revokeSession } from '../../auth/session';
import { serve } from '../../http/endpoint';
import { HttpError } from '../../http/errors';

// Signing in and out, and the session check (spec 1 §7).

/** The one answer to every failed sign-in, whatever the reason, so none reveals whether an email exists. */
const wrongCredentials = () =>
  new HttpError(401, STAFF_MESSAGES.wrongCredentials, { errors: { msg: STAFF_MESSAGES.wrongCredentials } });

export async function sessionRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  serve(app, login, async ({ body: { email, password, user_type } }, request) => {
    await assertAttemptAllowed(db, email);
    const account = await checkCredentials(db, email, password, config.scryptLogN);
    if (!account || !sameSignInGroup(user_type, account.user_type)) {
      await recordFailure(db, email, request.ip);
      throw wrongCredentials();
    }
    await recordSuccess(db, email, request.ip);
    await forgetStaleAttempts(db);
    const token = await openSession(db, account.ID, config);
    const { ID, first_name, last_name, facility_id } = account;
    return { token, type: account.user_type, facility_id, user: { ID, email: account.email, first_name, last_name } };
  });

  serve(app, check, ({ user: { ID, email, role, facility_id, first_name, last_name } }) => (
    { ID, email, type: role, facility_id, first_name, last_name }
  ));

  serve(app, logout, async ({ user }, _request, reply) => {
    await revokeSession(db, user.session_id);
    return reply.status(204).send();
  });
}
