import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/http/logging';

// A client that leaves in the middle of a compressed answer: @fastify/compress logs its stream's
// 'premature close' as an error; the server's logger options (server/http/logging.ts) log it at info.

let close: (() => Promise<void>) | undefined;
afterEach(async () => { await close?.(); close = undefined; });

async function serveEndlessText() {
  const stream = new PassThrough();
  const lines: Array<{ level: number; msg: string }> = [];
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = Fastify({ logger: loggerOptions({ level: 'info', stream }) });
  await app.register(fastifyCompress, { global: true, threshold: 1 });
  // Text without end, produced as it is read: the client leaves long before it would finish.
  app.get('/endless', (_request, reply) => reply.type('text/plain').send(Readable.from((function* () { for (;;) yield 'x'.repeat(16_384); })())));
  app.get('/fails', () => { throw new Error('a real failure'); });
  await app.listen({ port: 0, host: '127.0.0.1' });
  close = () => app.close();
  return { port: (app.server.address() as AddressInfo).port, lines };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a client leaving mid-answer', () => {
  it('is logged at info, not as an error; a real failure still is an error', async () => {
    const { port, lines } = await serveEndlessText();
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ port, host: '127.0.0.1', path: '/endless', headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.once('data', () => { request.destroy(); resolve(); });
      });
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
    });
    await settle();
    const closes = lines.filter((line) => /premature close/.test(JSON.stringify(line)));
    expect(closes.length).toBeGreaterThan(0);
    expect(closes.every((line) => line.level === 30)).toBe(true);

    await new Promise((resolve) => http.get({ port, host: '127.0.0.1', path: '/fails' }, (res) => res.resume().on('end', resolve)));
    await settle();
    expect(lines.some((line) => line.level === 50 && /a real failure/.test(JSON.stringify(line)))).toBe(true);
  });
});
