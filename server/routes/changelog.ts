import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize } from '../auth/guard';
import { notFound } from '../http/errors';
import { parse } from '../http/validate';
import { recordId } from '../../core/validation/wire';
import { listChanges, mayReadChanges } from '../services/changelog';

const changelogQuery = z.strictObject({
  object: z.string({ error: 'is required (the kind of record, such as field)' }).regex(/^[a-z][a-z_]{0,49}$/, 'must be the kind of record, such as field'),
  id: recordId('must be the record ID (a positive whole number)'),
});

/**
 * GET /changelog?object={type}&id={id}: the changes of one record, newest first, each
 * {ID, action, user {ID, first_name, last_name} | null, CreatedAt, new_value (JSON text)}. Admins and
 * managers only; a manager asking for another facility's record gets 404.
 */
export async function changelogRoutes(app: FastifyInstance) {
  app.get('/changelog', async (request) => {
    const user = authorize(request, 'changelog', 'list');
    const { object, id } = parse(changelogQuery, request.query);
    if (!(await mayReadChanges(app.deps.db, user, object, id))) throw notFound('Record');
    return listChanges(app.deps.db, object, id);
  });
}
