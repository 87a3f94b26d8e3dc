import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreboards } from '../../server/db/schema';
import { NOT_AN_IMAGE, TOO_LARGE } from '../../server/services/scoreboards';
import { STALE_SECONDS } from '../../server/services/scoreboards/store';
import { createTestContext, type TestContext } from './harness';
import { SocketClient, connectBoard, connectBrowser, createBoard, socketUrl } from './scoreboardSocket';

// Live scoreboards (spec 1 §2, §4, §7): GET /api/scoreboard, POST /api/send, the background upload and
// the socket of boards and browsers.

const SECRET = 'test-scoreboard-secret';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a tiny png body')]);

let ctx: TestContext;
let dataDir: string;
const tokens: Record<string, string> = {};
let board1: number; // facility 1, port 41001
let board2: number; // facility 2, port 41002

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-scoreboards-'));
  ctx = await createTestContext({ env: { DATA_DIR: dataDir, SCOREBOARD_SECRET: SECRET } });
  for (const who of ['admin', 'manager', 'manager2', 'mod', 'coach', 'referee']) tokens[who] = await ctx.login(`${who}@touchline.test`);
  board1 = await createBoard(ctx.database.db, 1, 41001);
  board2 = await createBoard(ctx.database.db, 2, 41002);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const list = (who: string, query = '') => ctx.as(tokens[who], { method: 'GET', url: `/api/scoreboard${query}` });
const ids = (rows: Array<{ ID: number }>) => rows.map((r) => r.ID);
const send = (who: string, payload: Record<string, unknown>) => ctx.as(tokens[who], { method: 'POST', url: '/api/send', payload });

describe('GET /api/scoreboard', () => {
  it('gives an admin every board with its field, facility, connected flag and game', async () => {
    const res = await list('admin');
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(expect.arrayContaining([board1, board2]));
    expect(res.headers['content-range']).toMatch(/^scoreboards 0-\d+\/\d+$/);
    const row = res.json().find((r: { ID: number }) => r.ID === board1);
    expect(row).toMatchObject({ port: 41001, connected: false, game: null, facility: { ID: 1, name: expect.any(String) } });
    expect(row.field).toEqual({ ID: expect.any(Number), number: expect.any(Number), name: expect.any(String) });
  });

  it('filters an admin by facility_id', async () => {
    const rows = (await list('admin', '?facility_id=2')).json();
    expect(ids(rows)).toContain(board2);
    expect(rows.every((r: { facility: { ID: number } }) => r.facility.ID === 2)).toBe(true);
  });

  it('never shows a manager another facility\'s boards, whatever facility_id they send', async () => {
    for (const query of ['', '?facility_id=2', '?facility_id=0', '?filter={"facility_id":2}']) {
      const res = await list('manager', query);
      expect(res.statusCode, query).toBe(200);
      expect(ids(res.json()), query).toContain(board1);
      expect(ids(res.json()), query).not.toContain(board2);
    }
  });

  it('refuses mods, coaches, referees and the signed out', async () => {
    for (const who of ['mod', 'coach', 'referee']) expect((await list(who)).statusCode, who).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/scoreboard' })).statusCode).toBe(401);
  });

  it('counts a board left connected by a process that died as offline once it has been silent too long', async () => {
    const now = Math.floor(Date.now() / 1000);
    const connectedOf = async () => (await list('admin')).json().find((r: { ID: number }) => r.ID === board2).connected;
    await ctx.database.db.update(scoreboards).set({ connected: true, last_seen_at: now - 10 }).where(eq(scoreboards.ID, board2));
    expect(await connectedOf()).toBe(true);
    await ctx.database.db.update(scoreboards).set({ last_seen_at: now - STALE_SECONDS - 5 }).where(eq(scoreboards.ID, board2));
    expect(await connectedOf()).toBe(false);
    await ctx.database.db.update(scoreboards).set({ connected: false }).where(eq(scoreboards.ID, board2));
  });

  it('answers 400 to a bad facility_id', async () => {
    const res = await list('admin', '?facility_id=-3');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/facility_id/);
  });
});

describe('POST /api/send', () => {
  const setGame = (id: number) =>
    ctx.database.db.update(scoreboards).set({ game: { home: 'A', away: 'B', home_score: 3, away_score: 1, timer: 60, start: 1 } }).where(eq(scoreboards.ID, id));
  const storedGame = async (id: number) => (await ctx.database.db.select().from(scoreboards).where(eq(scoreboards.ID, id)))[0].game;

  it('resets the game of a board of the manager\'s facility', async () => {
    await setGame(board1);
    const res = await send('manager', { id: board1, action: 'reset', origin: 'scoreboard' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: board1, game: null });
    expect(await storedGame(board1)).toBeNull();
  });

  it('answers 404 for another facility\'s board or an unknown one, and changes nothing', async () => {
    await setGame(board2);
    expect((await send('manager', { id: board2, action: 'reset', origin: 'scoreboard' })).statusCode).toBe(404);
    expect(await storedGame(board2)).toMatchObject({ home_score: 3 });
    expect((await send('admin', { id: 999999, action: 'reset', origin: 'scoreboard' })).statusCode).toBe(404);
  });

  it('refuses mods, coaches and referees', async () => {
    for (const who of ['mod', 'coach', 'referee']) {
      expect((await send(who, { id: board1, action: 'reset', origin: 'scoreboard' })).statusCode, who).toBe(403);
    }
  });

  it('answers 400 naming what is wrong in the body', async () => {
    const res = await send('admin', { id: board1, action: 'start', origin: 'scoreboard', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/action: must be reset/);
    expect(res.json().message).toMatch(/unknown field extra/);
  });
});

/** A multipart/form-data body with one file field. */
function multipart(filename: string, type: string, bytes: Buffer) {
  const boundary = '----touchline-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: string, body: ReturnType<typeof multipart>, query = '') =>
  ctx.as(tokens[who], { method: 'POST', url: `/api/scoreboard/background${query}`, ...body });
const storedFiles = () => {
  const dir = path.join(dataDir, 'files', 'scoreboards');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /api/scoreboard/background', () => {
  it('refuses a file that is not a PNG, JPEG or WebP image, and stores nothing', async () => {
    const before = storedFiles();
    for (const body of [multipart('notes.txt', 'text/plain', Buffer.from('hello')), multipart('fake.png', 'image/png', Buffer.from('not really a png'))]) {
      const res = await upload('admin', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOT_AN_IMAGE);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a 20 MB upload with 413, and stores nothing', async () => {
    const before = storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const res = await upload('admin', multipart('huge.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TOO_LARGE);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await ctx.as(tokens.admin, { method: 'POST', url: '/api/scoreboard/background', payload: { file: 'x' } });
    expect(res.statusCode).toBe(400);
  });

  it('refuses mods', async () => {
    expect((await upload('mod', multipart('bg.png', 'image/png', PNG))).statusCode).toBe(403);
  });

  it('stores a manager\'s image for their facility\'s boards only and serves it', async () => {
    const res = await upload('manager', multipart('bg.png', 'image/png', PNG), '?facility_id=2');
    expect(res.statusCode).toBe(200);
    const { background } = res.json();
    expect(background).toMatch(/^\/api\/scoreboard\/background\/[0-9a-f]{32}\.png$/);
    expect(storedFiles()).toContain(path.basename(background));
    const rows = await ctx.database.db.select().from(scoreboards);
    expect(rows.find((r) => r.ID === board1)?.background).toBe(background);
    expect(rows.find((r) => r.ID === board2)?.background).not.toBe(background);

    const served = await ctx.app.inject({ method: 'GET', url: background });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 404 for a background that does not exist or a name that walks out of the folder', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/scoreboard/background/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/scoreboard/background/..%2F..%2Fdb' })).statusCode).toBe(404);
  });
});

describe('the scoreboard socket', () => {
  let url: string;
  const open: SocketClient[] = [];
  const track = <T extends SocketClient>(client: T) => (open.push(client), client);

  beforeAll(async () => {
    url = await socketUrl(ctx.app);
  });
  afterAll(() => {
    for (const client of open) client.close();
  });

  it('brings a board\'s connection, set, update and reset to an admin\'s browser, and a reset to the board', async () => {
    const browser = track(await connectBrowser(url, tokens.admin));
    const board = track(await connectBoard(url, 41001, SECRET));
    expect((await browser.board(board1)).scoreboard).toMatchObject({ port: 41001, connected: true });

    board.send({ action: 'set', home: 'Red Lions', away: 'Blue Hawks' });
    expect((await browser.board(board1)).scoreboard.game).toMatchObject({ home: 'Red Lions', away: 'Blue Hawks', home_score: 0, away_score: 0, timer: 0 });

    board.send({ action: 'update', home_score: 2, away_score: 1, timer: 754 });
    expect((await browser.board(board1)).scoreboard.game).toMatchObject({ home: 'Red Lions', home_score: 2, away_score: 1, timer: 754 });
    expect((await list('admin')).json().find((r: { ID: number }) => r.ID === board1)).toMatchObject({ connected: true, game: { home_score: 2 } });

    const res = await send('admin', { id: board1, action: 'reset', origin: 'scoreboard' });
    expect(res.statusCode).toBe(200);
    expect(await board.next((f) => f.action === 'reset')).toEqual({ action: 'reset' });
    expect((await browser.board(board1)).scoreboard.game).toBeNull();

    board.send({ action: 'set', home: 'A', away: 'B' });
    await browser.board(board1);
    board.send({ action: 'reset' });
    expect((await browser.board(board1)).scoreboard.game).toBeNull();

    board.close();
    expect((await browser.board(board1)).scoreboard.connected).toBe(false);
  });

  it('keeps another facility\'s boards from a manager\'s browser', async () => {
    const manager2 = track(await connectBrowser(url, tokens.manager2));
    const admin = track(await connectBrowser(url, tokens.admin));
    const board = track(await connectBoard(url, 41001, SECRET));
    board.send({ action: 'set', home: 'Only', away: 'Facility one' });
    // Each change goes to every browser at once: once the admin has the facility 1 board's game, the
    // manager of facility 2 would have it too.
    await admin.next((f) => f.scoreboard?.ID === board1 && f.scoreboard.game?.home === 'Only');
    const other = track(await connectBoard(url, 41002, SECRET));
    expect((await manager2.board(board2)).scoreboard.connected).toBe(true);
    expect(manager2.frames.some((f) => f.scoreboard?.ID === board1)).toBe(false);
    board.close();
    other.close();
  });

  it('sends a new background to the boards', async () => {
    const board = track(await connectBoard(url, 41002, SECRET));
    const res = await upload('admin', multipart('bg.webp', 'image/webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 data')), '?facility_id=2');
    expect(res.statusCode).toBe(200);
    expect(await board.next((f) => f.action === 'background')).toEqual({ action: 'background', url: res.json().background });
    board.close();
  });

  it('refuses a wrong secret, an unknown port, an update before set, a bad token and a mod', async () => {
    const wrong = track(await SocketClient.open(url));
    wrong.send({ action: 'connection', port: 41001, secret: 'not the secret' });
    expect(await wrong.next((f) => f.action === 'error')).toEqual({ action: 'error', message: 'Wrong scoreboard secret' });
    expect((await wrong.closed).code).toBe(1008);

    const unknown = track(await SocketClient.open(url));
    unknown.send({ action: 'connection', port: 49999, secret: SECRET });
    expect((await unknown.next((f) => f.action === 'error')).message).toBe('No scoreboard is registered on port 49999');

    const board = track(await connectBoard(url, 41002, SECRET));
    board.send({ action: 'reset' });
    board.send({ action: 'update', home_score: 1, away_score: 0, timer: 5 });
    expect((await board.next((f) => f.action === 'error')).message).toBe('There is no game on this board: send set first');
    board.send({ action: 'update', home_score: -1, away_score: 0, timer: 5 });
    expect((await board.next((f) => f.action === 'error')).message).toMatch(/home_score/);

    const anonymous = track(await SocketClient.open(url));
    anonymous.send({ action: 'register', role: 'admin', token: 'no-such-token' });
    expect((await anonymous.next((f) => f.action === 'error')).message).toBe('Please sign in again');

    const mod = track(await SocketClient.open(url));
    mod.send({ action: 'register', role: 'admin', token: tokens.mod });
    expect((await mod.next((f) => f.action === 'error')).message).toBe('A mod cannot see scoreboards');

    const garbage = track(await SocketClient.open(url));
    garbage.socket.send('not json');
    expect((await garbage.next((f) => f.action === 'error')).message).toBe('Frames must be JSON text');
  });
});
