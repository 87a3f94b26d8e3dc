import { z } from 'zod';
import type { Scoreboard } from '../scoreboards/protocol';
import { listQuery } from '../validation/listQuery';
import { facilityFilterId } from '../validation/wire';
import { endpoint, fullPath } from './endpoint';
import { entity } from './entity';
import * as answers from './answers/scoreboards';

// Live scoreboards (spec 1 §2, §4, §7): the boards (non-admins: their facility's, whatever they send),
// resetting a board's game, the boards' background image, and the WebSocket of boards and browsers
// (its protocol, and how each side proves who it is, in core/scoreboards/protocol.ts).

const facilityId = facilityFilterId();

export const scoreboardList = endpoint<Scoreboard[]>()({
  method: 'GET',
  path: '/scoreboard',
  summary: 'The scoreboards with their game and connection (sort and range as ra-data-simple-rest sends them; Content-Range tells the total)',
  permission: { resource: 'scoreboards', action: 'list' },
  query: listQuery({ sortable: ['ID', 'port'], defaultSort: ['port', 'ASC'], filters: { facility_id: facilityId }, searchable: false }),
  answer: answers.scoreboard.array(),
});

export const resetScoreboard = endpoint<Scoreboard>()({
  method: 'POST',
  path: '/send',
  summary: "Resets a board's game and tells the board",
  permission: { resource: 'scoreboards', action: 'edit' },
  body: z.strictObject({
    id: z.number().int().positive('must be a scoreboard ID'),
    action: z.literal('reset', { error: 'must be reset' }),
    origin: z.literal('scoreboard', { error: 'must be scoreboard' }),
  }),
  answer: answers.scoreboard,
});

export const uploadBackground = endpoint<{ background: string; scoreboards: number }>()({
  method: 'POST',
  path: '/scoreboard/background',
  summary: "The boards' new background: one PNG, JPEG or WebP image of at most 5 MB in the multipart field \"file\"; answers how many boards got it",
  permission: { resource: 'scoreboards', action: 'edit' },
  query: z.strictObject({ facility_id: facilityId.optional() }),
  bodyKind: 'multipart',
  answer: answers.uploadBackgroundAnswer,
});

export const background = endpoint<Blob>()({
  method: 'GET',
  path: '/scoreboard/background/{name}',
  summary: 'A stored background image (no session: the boards are devices without one; the names are content hashes)',
  permission: 'public',
  params: z.strictObject({ name: z.string().max(100, 'is not a background name') }),
  answer: answers.file,
});

/**
 * The WebSocket of boards and browsers. Open at the HTTP level (a browser cannot send headers on an
 * upgrade): a board's first frame presents the scoreboard secret, a browser's its session token, whose
 * role must be allowed scoreboards/list; anything else is answered with an error and closed. A GET
 * without the upgrade answers 404.
 */
export const scoreboardSocket = endpoint<never>()({
  method: 'GET',
  path: '/scoreboard/socket',
  summary: 'The WebSocket of the boards (first frame: connection, with the scoreboard secret) and browsers (first frame: register, with a session token)',
  permission: 'public',
  answer: answers.scoreboardSocketAnswer,
});

/** The socket's full path, for the browser, the boards' simulator and the tests. */
export const SOCKET_PATH = fullPath(scoreboardSocket);

/** The live scoreboards (/scoreboards). */
export const scoreboardEntity = entity({ resource: 'scoreboards', label: 'Scoreboard', facilityFilter: 'facility_id', list: scoreboardList });
