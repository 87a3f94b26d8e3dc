import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openPostgres, type Database } from '../../server/db/client';
import { createTestContext, type TestContext } from './harness';
import { connectBoard, connectBrowser, createBoard, socketUrl, type SocketClient } from './scoreboardSocket';

// Several server processes on one PostgreSQL (ARCHITECTURE.md, Scale): two apps, each with its own
// connection pool and hub, on one database. A board connected to one reaches a browser connected to the
// other through LISTEN/NOTIFY, and a reset sent through the second reaches the board on the first.
// Only on the PostgreSQL server: embedded PGlite is one process by design.

const SECRET = 'cluster-scoreboard-secret';

describe.runIf(process.env.TEST_DB === 'postgres')('scoreboards across two server processes', () => {
  let ctx: TestContext;
  let second: { app: FastifyInstance; database: Database };
  let boardId: number;
  let urls: [string, string];
  const clients: SocketClient[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ env: { SCOREBOARD_SECRET: SECRET } });
    const database = openPostgres(ctx.databaseUrl!, 3);
    second = { database, app: await buildApp({ config: ctx.config, db: database.db, mailer: { send: async () => undefined }, hubspot: ctx.app.deps.hubspot, square: ctx.app.deps.square, storage: ctx.app.deps.storage }) };
    boardId = await createBoard(ctx.database.db, 1, 42001);
    urls = [await socketUrl(ctx.app), await socketUrl(second.app)];
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await second?.app.close();
    await second?.database.close();
    await ctx?.close();
  });

  it('brings a board on one process to a browser on the other, and a reset back', async () => {
    const token = await ctx.login('admin@touchline.test');
    const browser = await connectBrowser(urls[1], token);
    const board = await connectBoard(urls[0], 42001, SECRET);
    clients.push(browser, board);
    expect((await browser.board(boardId)).scoreboard.connected).toBe(true);

    board.send({ action: 'set', home: 'North', away: 'South' });
    expect((await browser.board(boardId)).scoreboard.game).toMatchObject({ home: 'North', away: 'South', home_score: 0 });
    board.send({ action: 'update', home_score: 4, away_score: 2, timer: 1500 });
    expect((await browser.board(boardId)).scoreboard.game).toMatchObject({ home_score: 4, away_score: 2, timer: 1500 });

    // The state is in the database: the other process answers it too.
    const listed = await second.app.inject({ method: 'GET', url: '/api/scoreboard', headers: { authorization: `Bearer ${token}` } });
    expect(listed.json().find((r: { ID: number }) => r.ID === boardId)).toMatchObject({ connected: true, game: { home_score: 4 } });

    const reset = await second.app.inject({
      method: 'POST', url: '/api/send', headers: { authorization: `Bearer ${token}` },
      payload: { id: boardId, action: 'reset', origin: 'scoreboard' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await board.next((f) => f.action === 'reset')).toEqual({ action: 'reset' });
    expect((await browser.board(boardId)).scoreboard.game).toBeNull();

    board.close();
    expect((await browser.board(boardId)).scoreboard.connected).toBe(false);
  });
});
