import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../core/api';
import { openApiDocument } from '../../core/api/openapi';
import { health, openApi } from '../../core/api/system';
import { serve } from '../http/endpoint';
import { errorBody } from '../http/errors';
import { entityFolderEndpoints } from './entityFolders';

// GET /api/health, for monitors and load balancers, without sign-in: 200 {status: 'ok'} when the
// database answers within a few seconds, 503 otherwise. GET /api/openapi.json: the API's contract
// (the entity folders' calls too).

const DATABASE_TIMEOUT_MS = 3000;

export async function healthRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, health, async (_input, request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('database timeout')), DATABASE_TIMEOUT_MS); }),
      ]);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send(errorBody(503, 'The database cannot be reached'));
    } finally {
      clearTimeout(timer);
    }
  });

  // Built once, on first request: the declarations do not change while the server runs.
  let document: ReturnType<typeof openApiDocument> | undefined;
  serve(app, openApi, async () => {
    document ??= openApiDocument([...ENDPOINTS, ...(await entityFolderEndpoints())], { title: 'Touchline', version: process.env.npm_package_version ?? '0.1.0' });
    return document;
  });
}
