import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config';
import { SOCKET_PATH } from '../../core/api/scoreboards';
import { signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Spec 1 §2, §4: the scoreboards page shows a board's live score change and resets it. The test plays
// the board (port 9001 of the demo seed) over the scoreboard socket, as `npm run scoreboard:sim` does.

const PORT = 9001;

/** A board connected to the server, keeping the frames it receives. */
async function connectBoard(baseURL: string) {
  const frames: Array<{ action: string }> = [];
  const socket = new WebSocket(`${baseURL.replace(/^http/, 'ws')}${SOCKET_PATH}`);
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // The secret the server was started with: the same environment, or the same default.
  socket.send(JSON.stringify({ action: 'connection', port: PORT, secret: loadConfig(process.env).scoreboardSecret }));
  await expect.poll(() => frames.map((f) => f.action)).toContain('connected');
  return { frames, send: (frame: object) => socket.send(JSON.stringify(frame)), close: () => socket.close() };
}

test('an admin watches a board\'s score change live and resets it', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  await page.goto('/scoreboards');
  const card = page.getByRole('region').filter({ hasText: `Port ${PORT} ·` });
  await expect(card).toBeVisible();

  const board = await connectBoard(baseURL!);
  try {
    await expect(card.getByText('Online')).toBeVisible();
    board.send({ action: 'set', home: 'E2E Home', away: 'E2E Away' });
    await expect(card.getByText('E2E Home 0 – 0 E2E Away')).toBeVisible();
    board.send({ action: 'update', home_score: 3, away_score: 2, timer: 1234 });
    await expect(card.getByText('E2E Home 3 – 2 E2E Away')).toBeVisible();
    await expectAccessible(page, 'scoreboards, a board online');

    await card.getByRole('button', { name: 'Reset' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Reset the scoreboard?' });
    await expect(confirmation).toContainText('E2E Home 3 – 2 E2E Away');
    await expectAccessible(page, 'reset-scoreboard confirmation');
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByText('No game')).toBeVisible();
    await expect(page.getByText(/Scoreboard of .* reset/)).toBeVisible();
    await expect.poll(() => board.frames.map((f) => f.action)).toContain('reset');
  } finally {
    board.close();
  }
  await expect(card.getByText('Offline')).toBeVisible();
});
