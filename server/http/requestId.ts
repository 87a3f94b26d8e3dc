import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Every answer carries an X-Request-Id, and every log line of that request (the info-level line of
// each request: LOG_LEVEL=info) carries it as `requestId`, so an answer a person reports is found in
// the logs. A proxy's or caller's own X-Request-Id is kept when it is well formed (a UUID, a trace id:
// up to 128 letters, digits and . _ : ; = + / @ -); anything else is replaced by a random UUID.

export const REQUEST_ID_HEADER = 'X-Request-Id';
const WELL_FORMED = /^[\w.:;=+/@-]{1,128}$/;

/** Fastify's genReqId: the incoming id when well formed, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER.toLowerCase()];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}

/** Sets the header on every answer, errors included (set as the request arrives, before any handler). */
export function answerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
