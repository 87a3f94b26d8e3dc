import type { FastifyInstance } from 'fastify';
import { sameSignInGroup, loginSchema, STAFF_MESSAGES } from '../../../core/validation/staff';
import { checkCredentials } from '../../auth/credentials';
import { requireUser } from '../../auth/guard';
import { assertAttemptAllowed, forgetStaleAttempts, recordFailure, recordSuccess } from '../../auth/loginLimit';
import { openSession, revokeSession } from '../../auth/session';
import { HttpError } from '../../http/errors';
import { parseInput } from './input';

// Signing in and out, and the session check (spec 1 §7).

/** The one answer to every failed sign-in, whatever the reason, so none reveals whether an email exists. */
const wrongCredentials = () =>
  new HttpError(401, STAFF_MESSAGES.wrongCredentials, { errors: { msg: STAFF_MESSAGES.wrongCredentials } });

export async function sessionRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  app.post('/user/login', async (request) => {
    const { email, password, user_type } = parseInput(loginSchema, request.body);
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

  app.get('/check', async (request) => {
    const { ID, email, role, facility_id, first_name, last_name } = requireUser(request);
    return { ID, email, type: role, facility_id, first_name, last_name };
  });

  app.post('/user/logout', async (request, reply) => {
    await revokeSession(db, requireUser(request).session_id);
    return reply.status(204).send();
  });
}
