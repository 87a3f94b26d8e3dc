import type { Writable } from 'node:stream';

// The server's logger options. One adjustment to what the libraries log: a client that goes away in the
// middle of a compressed answer (a page navigating away cancels its downloads) ends @fastify/compress's
// stream with 'premature close', which it logs as an error. That is the client's doing, not a fault of
// the server, so it is logged at info, as Fastify logs its own streams closed early.

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
