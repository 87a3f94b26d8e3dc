import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Db } from '../../server/db/client';
import { fields, scoreboards } from '../../server/db/schema';
import { SOCKET_PATH } from '../../core/api/scoreboards';

// What the scoreboard tests share: boards of their own in the database, and socket clients (a board or
// a browser, as the `ws` package that @fastify/websocket brings) that keep every frame they receive.

/** Creates a board on a field of the facility and answers its ID. */
export async function createBoard(db: Db, facilityId: number, port: number): Promise<number> {
  const [field] = await db.select({ ID: fields.ID }).from(fields).where(eq(fields.facility_id, facilityId)).limit(1);
  if (!field) throw new Error(`facility ${facilityId} has no field in the reference seed`);
  const [row] = await db.insert(scoreboards).values({ port, field_id: field.ID, facility_id: facilityId }).returning({ ID: scoreboards.ID });
  return row.ID;
}

/** Listens on a free loopback port and answers the socket's URL. */
export async function socketUrl(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace(/^http/, 'ws')}${SOCKET_PATH}`;
}

type Frame = { action: string; [key: string]: any };

export class SocketClient {
  readonly frames: Frame[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static async open(url: string): Promise<SocketClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new SocketClient(socket);
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame received (now or within the timeout) that matches; frames before it are consumed. */
  async next(match: (frame: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(match);
      if (index >= 0) return this.frames.splice(0, index + 1)[index];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; received: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next `scoreboard` frame about the board with this ID. */
  board(id: number, timeoutMs?: number): Promise<Frame> {
    return this.next((f) => f.action === 'scoreboard' && f.scoreboard.ID === id, timeoutMs);
  }

  close(): void {
    this.socket.close();
  }
}

/** A board client, connected (its `connected` answer consumed). */
export async function connectBoard(url: string, port: number, secret: string): Promise<SocketClient> {
  const board = await SocketClient.open(url);
  board.send({ action: 'connection', port, secret });
  await board.next((f) => f.action === 'connected');
  return board;
}

/** A browser client, registered with a bearer token. */
export async function connectBrowser(url: string, token: string): Promise<SocketClient> {
  const browser = await SocketClient.open(url);
  browser.send({ action: 'register', role: 'admin', token });
  await browser.next((f) => f.action === 'registered');
  return browser;
}
