import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { enqueue } from '../../server/services/jobs';
import { createTestContext, type TestContext } from './harness';

// GET /metrics (issue 42 item 5; README "Metrics"): Prometheus' text format, only to the bearer
// METRICS_TOKEN (401 otherwise, 404 when none is configured), never in the OpenAPI document. After
// traffic its counters have moved, by the route as declared rather than the URL asked.

const TOKEN = 'metrics-token-for-the-test-0123456789';
let ctx: TestContext;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
  manager = await ctx.login('manager@touchline.test');
});
afterAll(async () => { await ctx?.close(); });

const scrape = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of the sample `name{labels}` in a scrape (labels in the order prom-client writes them), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    const inside = l.match(/^[^{ ]+\{(.*)\} /)?.[1].split(',') ?? [];
    return wanted.every((w) => inside.includes(w)) && inside.length === wanted.length;
  });
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  it('answers 401 without the bearer METRICS_TOKEN, and 404 on a server without one', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Bearer');
    // A staff session is no metrics token.
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${manager}` } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);

    const without = await buildApp({ ...ctx.app.deps, config: { ...ctx.config, metricsToken: undefined } }, { jobs: false });
    try {
      const res = await without.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await without.close();
    }
  });

  it('counts requests by declared route and status, and times them', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.api(manager, 'GET', '/invoice/987654')).statusCode).toBe(404);
    expect((await ctx.api(manager, 'GET', '/invoice/987655')).statusCode).toBe(404);
    const after = await scrape();

    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(sample(after, 'http_requests_total', health) - sample(before, 'http_requests_total', health)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_count', health) - sample(before, 'http_request_duration_seconds_count', health)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { le: '+Inf', ...health })).toBe(sample(after, 'http_requests_total', health));
    // Both invoices under the one declared path, not under their URLs.
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/api/invoice/{id}', status: '404' })).toBe(2);
    expect(after).not.toContain('987654');
    // The sign-in of beforeAll, and the scrapes themselves.
    expect(sample(after, 'http_requests_total', { method: 'POST', route: '/user/login', status: '200' })).toBe(1);
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('reports the database connections, the jobs waiting and how long the oldest has, and the process', async () => {
    // A job of a kind no handler takes, due ten minutes ago: it waits.
    await enqueue(ctx.database.db, 'metrics.test', [{ n: 1 }, { n: 2 }], { delayMs: -600_000 });
    const text = await scrape();
    expect(sample(text, 'touchline_jobs_waiting', { kind: 'metrics.test' })).toBe(2);
    expect(sample(text, 'touchline_jobs_oldest_waiting_seconds', { kind: 'metrics.test' })).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'touchline_jobs_running', { kind: 'metrics.test' })).toBe(0);
    // The connections: PGlite's one, or the pool's (the scrape's own query has returned its connection).
    const open = sample(text, 'touchline_db_connections', { state: 'busy' }) + sample(text, 'touchline_db_connections', { state: 'idle' });
    expect(open).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^touchline_db_waiting \d+$/m);
    // prom-client's process metrics.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('stays out of the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});
