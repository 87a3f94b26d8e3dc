import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { metrics } from '../core/api/system';
import { resolveSession } from './auth/session';
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, compressJsonAnswers, ENCODINGS, GZIP_OPTIONS } from './http/compression';
import { errorBody } from './http/errors';
import { errorHandler, frameworkErrors } from './http/errorHandler';
import { loggerOptions, requestLog, type LoggerOptions } from './http/logging';
import { serveMetrics } from './http/metrics';
import { refuseUnsafeInput } from './http/nulGuard';
import { answerRequestIds, requestIdOf } from './http/requestId';
import { checkAnswers } from './http/answerCheck';
import { securityHeaders } from './http/security';
import { registerRoutes } from './routes';
import { JobWorker, type WorkerOptions } from './services/jobs';
import type { AppDeps, RouteRecord } from './types';

export interface BuildOptions {
  /** The built SPA to serve with history fallback; omitted in API tests. */
  staticDir?: string;
  logger?: false | LoggerOptions;
  /** The durable jobs worker's settings; false leaves it stopped (a test starting workers of its own). */
  jobs?: false | WorkerOptions;
  /** Parse every answer by its declaration (http/answerCheck.ts): the API tests' CHECK_ANSWERS=1. */
  checkAnswers?: boolean;
}

/** Paths that belong to the API, never to the SPA's history fallback. */
const API_PATH = /^\/(api|user|check)(\/|$|\?)/;
/** A path naming a file (a last segment with an extension): a missing one is a 404, not the app. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    genReqId: requestIdOf,
    logController: requestLog(),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    ajv: { customOptions: { removeAdditional: false } },
    // A search path parameter holds up to 200 characters, each up to 12 once percent-encoded.
    routerOptions: { maxParamLength: 2400 },
    frameworkErrors,
  });
  app.decorate('deps', deps);
  app.decorateRequest('user', null);
  // Durable jobs: the routes register their handlers; the worker runs from ready to close.
  const jobs = new JobWorker(deps.db, { log: app.log, ...options.jobs });
  app.decorate('jobs', jobs);
  if (options.jobs !== false) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }

  // Every route as registered, with the declaration it serves (tests/api/contract.test.ts reads it).
  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, endpoint: route.config?.endpoint });
    }
  });

  errorHandler(app);
  // Before compression, which would hide the answer from it.
  if (options.checkAnswers ?? process.env.CHECK_ANSWERS === '1') checkAnswers(app);
  // API answers compressed when large: JSON up to a few hundred kB at once (http/compression.ts), the
  // rest streamed by @fastify/compress; static files go out precompressed (below), which both skip.
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
  compressJsonAnswers(app);
  refuseUnsafeInput(app);
  securityHeaders(app);
  answerRequestIds(app);

  app.addHook('onRequest', async (request) => {
    // /metrics's bearer is its own token (METRICS_TOKEN), not a session: no look-up for it.
    if (request.routeOptions.config.endpoint === metrics) return;
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (match) request.user = await resolveSession(deps.db, match[1], deps.config);
  });

  serveMetrics(app);
  await registerRoutes(app);

  const staticDir = options.staticDir;
  const servesApp = staticDir !== undefined && fs.existsSync(path.join(staticDir, 'index.html'));
  const servesPortal = servesApp && fs.existsSync(path.join(staticDir, 'my', 'index.html'));
  if (servesApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The .br and .gz files the build writes next to each asset (vite.config.ts).
      preCompressed: true,
      // Otherwise @fastify/send overwrites the header below with 'public, max-age=0'.
      cacheControl: false,
      setHeaders(res, file) {
        // Hashed assets never change; the shell and version file must always be fresh.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // The app's own routes (/, /customer/5 …) answer the shell whatever the Accept header (a monitor's
  // or curl's */* too); API paths and missing files answer a JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url)
      && (!FILE_PATH.test(pathname) || (request.headers.accept ?? '').includes('text/html'));
    // The families' site (/my: its own build, dist/my) answers its own shell under /my.
    if (wantsPage && servesApp && /^\/my(\/|$)/.test(pathname) && servesPortal) return reply.sendFile('my/index.html');
    if (wantsPage && servesApp) return reply.sendFile('index.html');
    return reply.status(404).send(errorBody(404, `Nothing at ${request.method} ${pathname}`));
  });

  return app;
}
