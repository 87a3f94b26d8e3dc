import type { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { fullPath } from '../../core/api/endpoint';

// The server's logger options. One adjustment to what the libraries log: a client that goes away in the
// middle of a compressed answer (a page navigating away cancels its downloads) ends @fastify/compress's
// stream with 'premature close', which it logs as an error. That is the client's doing, not a fault of
// the server, so it is logged at info, as Fastify logs its own streams closed early.
//
// And one line per request at info, when it is answered, with what a person reading the log looks for
// (method, URL, the route it matched, status, milliseconds) and the request's id (`requestId`, the
// X-Request-Id of the answer: server/http/requestId.ts); its arrival is a debug line.

export interface LoggerOptions {
  level: string;
  /** Where the lines go (standard output unless given). */
  stream?: Writable;
}

const ERROR = 50;

interface Logger { info(...args: unknown[]): void }

function clientAbortsAsInfo(this: Logger, args: unknown[], method: (...args: unknown[]) => void, level: number) {
  const [first] = args;
  if (level >= ERROR && first instanceof Error && first.message === 'premature close') this.info(...args);
  else method.apply(this, args);
}

export const loggerOptions = (options: LoggerOptions) => ({ ...options, hooks: { logMethod: clientAbortsAsInfo } });

/**
 * The request's route as declared ('/api/invoice/{id}'); '(static)' for the built app's files (every
 * undeclared route: one label, whatever the build's file names), '(no route)' when none matched (the
 * app's shell for a page address, a 404).
 */
export function routeOf(request: FastifyRequest): string {
  const endpoint = request.routeOptions.config.endpoint;
  if (endpoint) return fullPath(endpoint);
  return request.routeOptions.url ? '(static)' : '(no route)';
}

class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { method: request.method, url: request.url, route: routeOf(request), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Fastify's logController: the request lines above, labelled with the request's id as `requestId`. */
export const requestLog = () => new RequestLog({ requestIdLogLabel: 'requestId' });
