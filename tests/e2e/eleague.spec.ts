import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, dataDir, signInAs } from './support/app';
import { waitForMail } from './support/mail';
import { expectAccessible } from './support/axe';

// E-leagues (issue 27 items 3–5): on the demo network's e-league, a manager opens the Teams tab, sees the
// e-players table, ticks who checked in for a day's matches, sends the day's list by e-mail (the players
// get it and the button stays disabled after a reload), and records the no-shows (a 3–0).

const DAY = 86_400;

async function call(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('a manager sends an e-league day\'s list and records a no-show', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, 'manager');
  const leagues = await call(request, token, 'GET', `/league?filter=${encodeURIComponent(JSON.stringify({ q: 'FIFA' }))}&range=${encodeURIComponent('[0,49]')}`) as Array<{ ID: number }>;
  let league: { ID: number; name: string } | undefined;
  for (const { ID } of leagues) {
    const detail = await call(request, token, 'GET', `/league/${ID}`);
    if (detail.is_e_league) { league = detail; break; }
  }
  expect(league, 'the demo seed has an e-league at facility 1').toBeDefined();
  const players = await call(request, token, 'GET', `/eplayer?league_id=${league!.ID}`) as Array<{ ID: number; console_id: string; customer: { email: string } }>;
  expect(players.length).toBeGreaterThanOrEqual(2);
  // A day of its own, far ahead (no demo match nor log on it): noon in New York.
  const day = new Date((Math.floor(Date.now() / 1000 / DAY) + 300 + Math.floor(Math.random() * 300)) * DAY * 1000).toISOString().slice(0, 10);
  const noon = Math.floor(Date.parse(`${day}T17:00:00Z`) / 1000);
  const [home, away] = players;
  await call(request, token, 'POST', '/ematch', { league_id: league!.ID, home_player_id: home.ID, away_player_id: away.ID, date: noon, duration: 15 });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  await page.goto(`/league/${league!.ID}`);
  const table = page.getByRole('table', { name: 'E-players' });
  await expect(table.getByTestId('eplayer-row')).toHaveCount(players.length);
  const panel = page.getByTestId('eleague-day');
  await panel.getByRole('textbox', { name: 'Day' }).fill(day);
  const row = panel.getByTestId('eleague-day-row');
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox', { name: `Checked in: ${home.console_id}` }).click();
  await expect(row.getByRole('checkbox', { name: `Checked in: ${home.console_id}` })).toBeChecked();
  await expectAccessible(page, 'e-league page, teams tab with a day');

  await panel.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(page.getByText(/Match list sent to 2 players/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send by e-mail' })).toBeDisabled();
  const mail = await waitForMail(dataDir(), home.customer.email, (m) => m.bodies.some((b) => b.includes(away.console_id)));
  expect(mail.headers.subject).toContain(league!.name);

  await panel.getByRole('button', { name: 'No-shows' }).click();
  await expect(page.getByText('1 no-show recorded')).toBeVisible();
  await expect(row.getByRole('cell', { name: '3 : 0' })).toBeVisible();
  await expectAccessible(page, 'e-league day after the no-shows');
  await page.screenshot({ path: 'test-results/eleague-teams-tab.png', fullPage: true });

  // After a reload both buttons stay disabled for that day.
  await page.reload();
  await page.getByTestId('eleague-day').getByRole('textbox', { name: 'Day' }).fill(day);
  await expect(page.getByTestId('eleague-day').getByRole('button', { name: 'Send by e-mail' })).toBeDisabled();
  await expect(page.getByTestId('eleague-day').getByRole('button', { name: 'No-shows' })).toBeDisabled();
  await expect(page.getByText('The match list of this day was sent.')).toBeVisible();

  // The e-league's other tabs, each checked by axe once drawn.
  for (const [tab, table] of [['Schedule', 'E-matches'], ['Standings', 'Standings'], ['Play-offs', 'E-matches']]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('table', { name: table })).toBeVisible();
    await expectAccessible(page, `e-league page, ${tab} tab`);
  }
});
