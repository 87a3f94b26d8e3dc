import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { can } from '../../../core/permissions';
import { nowSeconds } from '../../../core/time';
import { resolveSession, type SessionUser } from '../../auth/session';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { describeIssues } from '../../../core/validation/wire';
import { createBus, type BoardTarget, type BusEvent } from './bus';
import { clientMessage, type BoardMessage, type ClientMessage, type Scoreboard, type ToBoard, type ToBrowser } from '../../../core/scoreboards/protocol';
import { changeGame, findScoreboard, HEARTBEAT_SECONDS, markConnected, markDisconnected, touch } from './store';

// The scoreboard hub of one server process: it holds the sockets connected to this process, writes
// what boards say to the database and publishes every change on the bus, which delivers it to the
// sockets of every process (this one included). Nothing another process needs is kept here.

export interface Hub {
  /** Serves one socket of /api/scoreboard/socket until it closes. */
  accept(socket: WebSocket): void;
  /** Tells the browsers (of every process) that may see it about a board's new state. */
  changed(scoreboard: Scoreboard): Promise<void>;
  /** Sends a frame to boards, on whichever process they are connected. */
  toBoards(target: BoardTarget, message: ToBoard): Promise<void>;
  close(): Promise<void>;
}

/** A socket must say what it is (connection or register) this soon after opening. */
const IDENTIFY_MS = 10_000;

interface BoardSocket {
  kind: 'board';
  ID: number;
  port: number;
  facility_id: number;
  /** The last last_seen_at this socket wrote; its close only marks the board offline if no later one exists. */
  lastSeen: number;
}
interface BrowserSocket {
  kind: 'browser';
  user: SessionUser;
  token: string;
}
type Peer = BoardSocket | BrowserSocket;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a browser's user may see a board: admins every board, managers their facility's. */
const sees = (user: SessionUser, scoreboard: Scoreboard) => user.role === 'admin' || user.facility_id === scoreboard.facility.ID;

const reaches = (target: BoardTarget, board: BoardSocket) =>
  'port' in target ? target.port === board.port : target.facility_id === null || target.facility_id === board.facility_id;

export interface HubOptions {
  /** Told of every game a board sets or updates (a match's live score), after the browsers are told. */
  onGame?: (scoreboard: Scoreboard) => Promise<void>;
}

export async function createHub({ db, config }: { db: Db; config: Config }, log: FastifyBaseLogger, options: HubOptions = {}): Promise<Hub> {
  const peers = new Map<WebSocket, Peer>();
  const alive = new WeakSet<WebSocket>();
  /** Database writes of closing sockets, awaited on shutdown. */
  const pending = new Set<Promise<unknown>>();
  const secret = digest(config.scoreboardSecret);
  let closed = false;

  const send = (socket: WebSocket, frame: ToBoard | ToBrowser) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  /** Answers an error and closes: the browser page reconnects, a board retries. */
  const fail = (socket: WebSocket, message: string) => {
    send(socket, { action: 'error', message });
    socket.close(1008, message.slice(0, 120));
  };

  function deliver(event: BusEvent): void {
    for (const [socket, peer] of peers) {
      if (event.kind === 'scoreboard' && peer.kind === 'browser' && sees(peer.user, event.scoreboard)) {
        send(socket, { action: 'scoreboard', scoreboard: event.scoreboard });
      } else if (event.kind === 'board' && peer.kind === 'board' && reaches(event.target, peer)) {
        send(socket, event.message);
      }
    }
  }

  const bus = await createBus(db, deliver, log);
  const changed = (scoreboard: Scoreboard) => bus.publish({ kind: 'scoreboard', scoreboard });

  async function connectBoard(socket: WebSocket, port: number, presented: string): Promise<void> {
    if (!timingSafeEqual(digest(presented), secret)) return fail(socket, 'Wrong scoreboard secret');
    const known = await findScoreboard(db, { port });
    if (!known) return fail(socket, `No scoreboard is registered on port ${port}`);
    // A board that reconnects replaces its older socket on this process.
    // It is forgotten first, so that its close does not mark the board offline.
    for (const [other, peer] of peers) {
      if (peer.kind !== 'board' || peer.port !== port) continue;
      peers.delete(other);
      fail(other, 'Replaced by a newer connection');
    }
    const seenAt = nowSeconds();
    peers.set(socket, { kind: 'board', ID: known.ID, port, facility_id: known.facility.ID, lastSeen: seenAt });
    const scoreboard = await markConnected(db, known.ID, seenAt);
    if (!scoreboard) return fail(socket, `No scoreboard is registered on port ${port}`);
    send(socket, { action: 'connected', scoreboard });
    await changed(scoreboard);
  }

  async function registerBrowser(socket: WebSocket, token: string): Promise<void> {
    const user = await resolveSession(db, token, config);
    if (!user) return fail(socket, 'Please sign in again');
    if (!can(user.role, 'scoreboards', 'list')) return fail(socket, `A ${user.role} cannot see scoreboards`);
    peers.set(socket, { kind: 'browser', user, token });
    send(socket, { action: 'registered' });
  }

  async function boardSays(socket: WebSocket, board: BoardSocket, message: Exclude<BoardMessage, { action: 'connection' }>): Promise<void> {
    const change = message.action === 'set'
      ? { kind: 'set' as const, home: message.home, away: message.away }
      : message.action === 'update'
        ? { kind: 'update' as const, home_score: message.home_score, away_score: message.away_score, timer: message.timer }
        : { kind: 'reset' as const };
    const scoreboard = await changeGame(db, board.ID, change);
    if (!scoreboard) return send(socket, { action: 'error', message: 'There is no game on this board: send set first' });
    await changed(scoreboard);
    if (scoreboard.game) await options.onGame?.(scoreboard).catch((error: unknown) => log.error({ err: error, port: board.port }, 'live score not saved'));
  }

  async function receive(socket: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    let message: ClientMessage;
    try {
      const parsed = clientMessage.safeParse(isBinary ? undefined : JSON.parse(data.toString()));
      if (!parsed.success) return fail(socket, `Unreadable frame: ${describeIssues(parsed.error)}`);
      message = parsed.data;
    } catch {
      return fail(socket, 'Frames must be JSON text');
    }
    const peer = peers.get(socket);
    if (!peer) {
      if (message.action === 'connection') return connectBoard(socket, message.port, message.secret);
      if (message.action === 'register') return registerBrowser(socket, message.token);
      return fail(socket, 'Send connection (a board) or register (a browser) first');
    }
    if (peer.kind === 'browser') return fail(socket, 'A browser only registers; it sends nothing else');
    if (message.action === 'connection' || message.action === 'register') return fail(socket, 'This socket is already connected');
    return boardSays(socket, peer, message);
  }

  async function forget(socket: WebSocket): Promise<void> {
    const peer = peers.get(socket);
    peers.delete(socket);
    if (closed || peer?.kind !== 'board') return;
    const scoreboard = await markDisconnected(db, peer.ID, peer.lastSeen);
    if (scoreboard) await changed(scoreboard);
  }

  /** Pings every socket; one that did not answer the previous ping is gone. Boards' pongs refresh last_seen_at, browsers' recheck the session. */
  async function heartbeat(): Promise<void> {
    for (const [socket, peer] of peers) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
      if (peer.kind === 'browser' && !(await resolveSession(db, peer.token, config))) fail(socket, 'Please sign in again');
    }
  }
  const heartbeatTimer = setInterval(() => void heartbeat().catch((error) => log.error({ err: error }, 'scoreboard heartbeat failed')), HEARTBEAT_SECONDS * 1000);
  heartbeatTimer.unref();

  /** Runs a socket's work one frame at a time; a failure is logged and answered, never thrown. */
  function serially(socket: WebSocket) {
    let chain: Promise<void> = Promise.resolve();
    return (work: () => Promise<void>) => {
      chain = chain.then(work).catch((error) => {
        log.error({ err: error }, 'scoreboard socket failed');
        fail(socket, 'Something went wrong on our side; please reconnect');
      });
      return chain;
    };
  }

  return {
    accept(socket) {
      if (closed) return void socket.terminate();
      const run = serially(socket);
      alive.add(socket);
      const identify = setTimeout(() => {
        if (!peers.has(socket)) fail(socket, 'Send connection (a board) or register (a browser) first');
      }, IDENTIFY_MS);
      socket.on('message', (data, isBinary) => void run(() => receive(socket, data, isBinary)));
      socket.on('pong', () => {
        alive.add(socket);
        const peer = peers.get(socket);
        if (peer?.kind !== 'board') return;
        peer.lastSeen = nowSeconds();
        void run(async () => {
          const revived = await touch(db, peer.ID, peer.lastSeen);
          if (revived) await changed(revived);
        });
      });
      socket.on('error', (error) => log.warn({ err: error }, 'scoreboard socket error'));
      socket.on('close', () => {
        clearTimeout(identify);
        const done = run(() => forget(socket));
        pending.add(done);
        void done.finally(() => pending.delete(done));
      });
    },
    changed,
    toBoards: (target, message) => bus.publish({ kind: 'board', target, message }),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeatTimer);
      const boards = [...peers.values()].filter((peer): peer is BoardSocket => peer.kind === 'board');
      await Promise.allSettled(pending);
      // This process's boards go offline with it (they reconnect to another process, which marks them online).
      for (const board of boards) {
        const scoreboard = await markDisconnected(db, board.ID, board.lastSeen);
        if (scoreboard) await changed(scoreboard).catch(() => undefined);
      }
      for (const socket of peers.keys()) socket.terminate();
      peers.clear();
      await bus.close();
    },
  };
}
