import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { background, resetScoreboard, scoreboardList, scoreboardSocket, uploadBackground } from '../../core/api/scoreboards';
import { scopeFacility } from '../../core/permissions';
import { serve, serveSocket } from '../http/endpoint';
import { HttpError, badRequest, notFound } from '../http/errors';
import { receiveFile } from '../http/upload';
import { sendRange } from '../http/list';
import {
  MAX_BACKGROUND_BYTES, NOT_AN_IMAGE, TOO_LARGE,
  changeGame, createHub, findScoreboard, listScoreboards, readBackground, saveBackground, setBackground,
} from '../services/scoreboards';
import { liveScore } from '../domain/schedule/live';

// Live scoreboards (spec 1 §2, §4, §7), under /api:
// - GET /scoreboard[?facility_id=]: the boards (non-admins: their facility's, whatever they send);
// - POST /send {id, action: 'reset', origin: 'scoreboard'}: resets a board's game and tells the board;
// - POST /scoreboard/background[?facility_id=] (multipart, one PNG/JPEG/WebP file of at most 5 MB):
//   the boards' new background, sent to them as a URL served by GET /scoreboard/background/{name};
// - GET /scoreboard/socket: the WebSocket of boards and browsers (protocol in core/scoreboards/protocol.ts);
//   a board's score becomes the live score of the match booked on its field (domain/schedule/live.ts).

export async function scoreboardRoutes(app: FastifyInstance) {
  const { db, storage } = app.deps;
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(multipart, { limits: { fileSize: MAX_BACKGROUND_BYTES, files: 1 } });
  // A board's game is the live score of the match booked on its field now.
  const hub = await createHub(app.deps, app.log, { onGame: (scoreboard) => liveScore(db, scoreboard) });
  app.addHook('onClose', () => hub.close());

  serveSocket(app, scoreboardSocket, (socket) => hub.accept(socket));

  serve(app, scoreboardList, async ({ user, query }, _request, reply) => {
    const page = await listScoreboards(db, {
      facilityId: scopeFacility(user, query.filters.facility_id as number | undefined),
      sort: query.sort as { field: 'ID' | 'port'; order: 'ASC' | 'DESC' },
      range: query.range,
    });
    sendRange(reply, 'scoreboards', page);
    return page.rows;
  });

  serve(app, resetScoreboard, async ({ user, body: { id } }) => {
    const board = await findScoreboard(db, { ID: id });
    const scope = scopeFacility(user, undefined);
    if (!board || (scope !== null && board.facility.ID !== scope)) throw notFound('Scoreboard');
    const scoreboard = (await changeGame(db, id, { kind: 'reset' }))!;
    await hub.toBoards({ port: board.port }, { action: 'reset' });
    await hub.changed(scoreboard);
    return scoreboard;
  });

  serve(app, uploadBackground, async ({ user, query }, request) => {
    const { bytes, mimetype } = await receiveFile(request, {
      notMultipart: 'Send the image as multipart/form-data in a field named file',
      missing: 'Choose an image to upload',
      tooLarge: () => new HttpError(413, TOO_LARGE),
    });
    if (!bytes.length) throw badRequest(NOT_AN_IMAGE);
    const url = await saveBackground(storage, mimetype, bytes);
    const scope = scopeFacility(user, query.facility_id);
    const ports = await setBackground(db, scope, url);
    await hub.toBoards({ facility_id: scope }, { action: 'background', url });
    return { background: url, scoreboards: ports.length };
  });

  serve(app, background, async ({ params: { name } }, _request, reply) => {
    const image = await readBackground(storage, name);
    if (!image) throw notFound('Background');
    return reply.type(image.mime).header('Cache-Control', 'public, max-age=31536000, immutable').send(image.bytes);
  });
}
