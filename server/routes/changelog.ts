import type { FastifyInstance } from 'fastify';
import { changelog } from '../../core/api/changelog';
import { serve } from '../http/endpoint';
import { notFound } from '../http/errors';
import { listChanges, mayReadChanges } from '../services/changelog';

/**
 * GET /changelog?object={type}&id={id}: the changes of one record, newest first, each
 * {ID, action, user {ID, first_name, last_name} | null, CreatedAt, new_value (JSON text)}. Admins and
 * managers only; a manager asking for another facility's record gets 404.
 */
export async function changelogRoutes(app: FastifyInstance) {
  serve(app, changelog, async ({ user, query: { object, id } }) => {
    if (!(await mayReadChanges(app.deps.db, user, object, id))) throw notFound('Record');
    return listChanges(app.deps.db, object, id);
  });
}
