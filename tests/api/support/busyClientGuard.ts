import pg from 'pg';
import { afterEach, expect } from 'vitest';

// The api-pg project's setup (vitest.config.ts): a test fails when node-postgres is sent a query on a
// client that is still running one — what `Promise.all` over a transaction's queries does. node-postgres
// queues it and warns ("Calling client.query() when the client is already executing a query", from the
// third query on; pg 9 will refuse it), and on PGlite's one connection such code hangs. The guard sees
// the second query already, and node-postgres's own warning too, and names the test it happened in.

export const BUSY_CLIENT = 'Calling client.query() when the client is already executing a query';

interface ClientState { _activeQuery: unknown; _queryQueue: unknown[]; pipeline?: boolean }

const seen: string[] = [];

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function guarded(this: pg.Client, ...args: unknown[]) {
  const state = this as unknown as ClientState;
  if (!state.pipeline && (state._activeQuery || state._queryQueue.length > 0)) seen.push(new Error(BUSY_CLIENT).stack ?? BUSY_CLIENT);
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

process.on('warning', (warning) => {
  if (warning.message.includes(BUSY_CLIENT)) seen.push(warning.stack ?? warning.message);
});

/** The busy-client queries seen since the last call (the guard's own test reads them; afterEach fails on any). */
export function takeBusyQueries(): string[] {
  return seen.splice(0);
}

afterEach(() => {
  expect(takeBusyQueries(), 'a query was sent to a node-postgres client still running one: run a transaction\'s queries one after another').toEqual([]);
});
