import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { fullPath } from '../../core/api/endpoint';
import { metrics } from '../../core/api/system';
import { rowsOf } from '../db/client';
import { serve } from './endpoint';
import { errorBody } from './errors';
import { routeOf } from './logging';

// GET /metrics in Prometheus' text format (issue 42 item 5): every request counted and timed by the
// route it matched (the declared path, '/api/invoice/{id}', never the raw URL, so the series stay
// few), the database's connections (node-postgres' pool, or PGlite's one connection and its queue),
// the durable jobs' queue, and prom-client's process metrics. Collected only when METRICS_TOKEN is set,
// and answered only to that bearer token: without it /metrics answers 404 as if it were not there.

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerIs(request: FastifyRequest, token: string): boolean {
  const sent = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

/** The requests' counter and histogram, fed from every answer. */
function countRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time from a request\'s arrival to the end of its answer, by route and status', labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

/** The database's connections, read when scraped. */
function countConnections(app: FastifyInstance, registry: Registry): void {
  const { connections } = app.deps;
  if (!connections) return;
  new Gauge({
    name: 'touchline_db_connections', help: 'Database connections open, by state (PGlite: its one connection)', labelNames: ['state'], registers: [registry],
    collect() {
      const { total, idle } = connections();
      this.set({ state: 'busy' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'touchline_db_waiting', help: 'Queries and transactions waiting for a database connection', registers: [registry],
    collect() {
      this.set(connections().waiting);
    },
  });
}

/**
 * The durable jobs' queue (server/services/jobs), by kind, read off the pending jobs' index. One query
 * sets three gauges, so it runs before the registry is read (a collect() per gauge would read it thrice).
 */
function countJobs(app: FastifyInstance, registry: Registry): () => Promise<void> {
  const { db } = app.deps;
  const labelNames = ['kind'] as const;
  const waiting = new Gauge({ name: 'touchline_jobs_waiting', help: 'Jobs due and not claimed by any process', labelNames, registers: [registry] });
  const running = new Gauge({ name: 'touchline_jobs_running', help: 'Jobs claimed by a process whose lease has not run out', labelNames, registers: [registry] });
  const oldest = new Gauge({ name: 'touchline_jobs_oldest_waiting_seconds', help: 'How long the longest-waiting due job has been due (0 when none waits)', labelNames, registers: [registry] });
  return async () => {
    const rows = rowsOf<{ kind: string; waiting: number; running: number; oldest: number }>(await db.execute(sql`
      with pending as (
        select kind, run_at, coalesce(locked_until >= now(), false) as claimed from jobs where done_at is null and failed_at is null)
      select kind,
        count(*) filter (where not claimed and run_at <= now())::int as waiting,
        count(*) filter (where claimed)::int as running,
        coalesce(extract(epoch from now() - min(run_at) filter (where not claimed and run_at <= now())), 0)::float8 as oldest
      from pending group by kind`));
    for (const gauge of [waiting, running, oldest]) gauge.reset();
    for (const row of rows) {
      waiting.set({ kind: row.kind }, row.waiting);
      running.set({ kind: row.kind }, row.running);
      oldest.set({ kind: row.kind }, row.oldest);
    }
  };
}

/** Serves GET /metrics, and collects what it answers when METRICS_TOKEN is set. */
export function serveMetrics(app: FastifyInstance): void {
  const token = app.deps.config.metricsToken;
  const registry = token ? new Registry() : null;
  let readJobs = async () => {};
  if (registry) {
    collectDefaultMetrics({ register: registry });
    countRequests(app, registry);
    countConnections(app, registry);
    readJobs = countJobs(app, registry);
  }
  serve(app, metrics, async (_input, request, reply) => {
    if (!registry || !token) return reply.status(404).send(errorBody(404, `Nothing at GET ${fullPath(metrics)}`));
    if (!bearerIs(request, token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send(errorBody(401, 'GET /metrics needs the bearer token METRICS_TOKEN'));
    }
    await readJobs();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
