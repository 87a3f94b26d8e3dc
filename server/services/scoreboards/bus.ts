import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import type { Scoreboard, ToBoard } from '../../../core/scoreboards/protocol';

// How a scoreboard change reaches every server process. On PostgreSQL, NOTIFY on one channel and a
// dedicated connection that LISTENs (every process, the publisher included, hears each event once);
// on embedded PGlite there is one process, so an in-process emitter.

export const CHANNEL = 'touchline_scoreboards';

/** Where a frame for boards goes: the board on a port, or a facility's boards (null: all boards). */
export type BoardTarget = { port: number } | { facility_id: number | null };

export type BusEvent =
  /** A board's state changed: browsers that may see it get it. */
  | { kind: 'scoreboard'; scoreboard: Scoreboard }
  /** A frame for boards, delivered by the process that holds their sockets. */
  | { kind: 'board'; target: BoardTarget; message: ToBoard };

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(object: unknown, message: string): void;
}

/** The bus for this database: LISTEN/NOTIFY when it is a PostgreSQL server, in-process otherwise. */
export async function createBus(db: Db, deliver: (event: BusEvent) => void, log: BusLogger): Promise<Bus> {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? postgresBus(db, client.options, deliver, log) : localBus(deliver);
}

function localBus(deliver: (event: BusEvent) => void): Bus {
  const emitter = new EventEmitter();
  emitter.on('event', deliver);
  return {
    async publish(event) {
      // Delivered after the caller's own work, as a notification would be.
      queueMicrotask(() => emitter.emit('event', event));
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_MS = 1000;

async function postgresBus(db: Db, options: pg.ClientConfig, deliver: (event: BusEvent) => void, log: BusLogger): Promise<Bus> {
  let closed = false;
  let listener: pg.Client | null = null;

  function retry(error: unknown): void {
    if (closed) return;
    log.warn({ err: error }, 'scoreboard LISTEN connection lost; reconnecting');
    setTimeout(() => void listen().catch(retry), RECONNECT_MS).unref();
  }

  async function listen(): Promise<void> {
    const client = new pg.Client(options);
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      try {
        deliver(JSON.parse(notification.payload) as BusEvent);
      } catch (error) {
        log.warn({ err: error }, 'unreadable scoreboard notification');
      }
    });
    // A lost connection is replaced; events sent meanwhile are lost, but the state is in the database.
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      client.end().catch(() => undefined);
      retry(error);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      if (listener !== client) return; // 'error' already reported it and scheduled a retry
      listener = null;
      client.end().catch(() => undefined);
      throw error;
    }
  }

  await listen();
  return {
    async publish(event) {
      await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    },
    async close() {
      closed = true;
      const client = listener;
      listener = null;
      await client?.end();
    },
  };
}
