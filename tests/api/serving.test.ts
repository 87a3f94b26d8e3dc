import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openPglite, openPostgres } from '../../server/db/client';
import { createTestContext, type TestContext } from './harness';

// Operating the server (issue 14 items 5 and 6): the health check, the app at / whatever the Accept
// header, compressed and cached static files, compressed large API answers.

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // A build as vite.config.ts writes it: hashed assets with their .gz and .br, the shell, the version file.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const script = `console.log(${JSON.stringify('touchline '.repeat(300))});`;
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Touchline</title><script type="module" src="/assets/index-AbC123.js"></script>');
  fs.writeFileSync(path.join(dist, 'version.json'), '{"build":"1"}');
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function withApp(run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
  const app = await buildApp(ctx.app.deps, { staticDir: dist });
  try { await run(app); } finally { await app.close(); }
}

describe('GET /api/health', () => {
  it('answers 200 without sign-in while the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    // The app started on a database that then went away.
    const gone = process.env.TEST_DB === 'postgres'
      ? openPostgres(process.env.TEST_DATABASE_URL!, 1)
      : await openPglite(undefined, await PGlite.create());
    const app = await buildApp({ ...ctx.app.deps, db: gone.db });
    try {
      await gone.close();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The database cannot be reached' });
    } finally {
      await app.close();
    }
  });
});

describe('serving the app', () => {
  it('answers the app at / and at its routes whatever the Accept header', async () => {
    await withApp(async (app) => {
      for (const accept of ['*/*', 'text/html,application/xhtml+xml', undefined]) {
        for (const url of ['/', '/customer/5', '/login?next=%2Fcustomer']) {
          const res = await app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
          expect(res.statusCode, `${url} ${accept}`).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.body).toContain('<title>Touchline</title>');
          expect(res.headers['cache-control']).toBe('no-cache');
        }
      }
      // API paths and missing files are not the app.
      for (const url of ['/api/nothing', '/assets/missing-123.js', '/user/nothing/more']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().statusCode).toBe(404);
      }
    });
  });

  it('serves hashed assets immutable and precompressed, the version file fresh', async () => {
    await withApp(async (app) => {
      const plain = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      const version = await app.inject({ method: 'GET', url: '/version.json' });
      expect(version.json()).toEqual({ build: '1' });
      expect(version.headers['cache-control']).toBe('no-cache');
    });
  });

  it('compresses large API answers and leaves small ones as they are', async () => {
    const token = await ctx.login('admin@touchline.test');
    const large = await ctx.as(token, { method: 'GET', url: '/api/facility', headers: { 'accept-encoding': 'gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(large.rawPayload).toString());
    expect(JSON.stringify(body).length).toBeGreaterThan(1024);
    const small = await ctx.as(token, { method: 'GET', url: '/check', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().email).toBe('admin@touchline.test');
  });

  it('compresses an API answer whole, with its length, in the encoding the caller prefers', async () => {
    const token = await ctx.login('admin@touchline.test');
    const plain = await ctx.as(token, { method: 'GET', url: '/api/facility' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ctx.as(token, { method: 'GET', url: '/api/facility', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await ctx.as(token, { method: 'GET', url: '/api/facility', headers: { 'accept-encoding': 'br;q=0.5, x-gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const none = await ctx.as(token, { method: 'GET', url: '/api/facility', headers: { 'accept-encoding': 'br;q=0, deflate' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });
});
