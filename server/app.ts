import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { resolveSession } from './auth/session';
import { errorBody } from './http/errors';
import { errorHandler, frameworkErrors } from './http/errorHandler';
import { refuseUnsafeInput } from './http/nulGuard';
import { securityHeaders } from './http/security';
import { registerRoutes } from './routes';
import type { AppDeps } from './types';

export interface BuildOptions {
  /** The built SPA to serve with history fallback; omitted in API tests. */
  staticDir?: string;
  logger?: boolean | { level: string };
}

/** Paths that belong to the API, never to the SPA's history fallback. */
const API_PATH = /^\/(api|user|check)(\/|$|\?)/;

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    ajv: { customOptions: { removeAdditional: false } },
    // A search path parameter holds up to 200 characters, each up to 12 once percent-encoded.
    routerOptions: { maxParamLength: 2400 },
    frameworkErrors,
  });
  app.decorate('deps', deps);
  app.decorateRequest('user', null);

  errorHandler(app);
  refuseUnsafeInput(app);
  securityHeaders(app);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (match) request.user = await resolveSession(deps.db, match[1], deps.config);
  });

  await registerRoutes(app);

  const staticDir = options.staticDir;
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : undefined;
  if (staticDir && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        // Hashed assets never change; the shell and version file must always be fresh.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url)
      && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && indexHtml && fs.existsSync(indexHtml)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexHtml));
    }
    return reply.status(404).send(errorBody(404, `Nothing at ${request.method} ${request.url.split('?')[0]}`));
  });

  return app;
}
