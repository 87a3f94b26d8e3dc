import { z } from 'zod';
import { file } from './core';
import { scoreboard } from './core';

export { file, scoreboard };

export const uploadBackgroundAnswer = z.object({ background: z.string(), scoreboards: z.number() });

/** A WebSocket: no HTTP answer, its frames are the protocol (server/routes/scoreboards). */
export const scoreboardSocketAnswer = z.never().describe('A WebSocket upgrade: the frames are the answer');
