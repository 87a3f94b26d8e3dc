import { expect, test } from '@playwright/test';
import { apiToken, dataDir, signInAs } from './support/app';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';
import { signInFromMail } from './support/portal';

// A division's waitlist end to end (issue 44 items 4 and 5): its one team place taken at the desk, a
// captain on the phone is told it is full and puts the team on its waitlist; a manager on the league page
// removes the desk's sign-up and sees the place held for the waiting team; the captain opens the mailed
// link, registers the team into the kept place, pays by card and gets the invite link. Axe on each screen.

const DAY = 86_400;

test('a captain waits for a full division\'s place and takes it from the mail', async ({ page, browser, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const now = Math.floor(Date.now() / 1000);
  const stamp = Date.now();
  const league = await (await request.post('/api/league', {
    headers,
    data: {
      name: `Friday Night League ${stamp}`, description: 'Adults, 5 a side', facility_id: 1, new_product_id: 1, age_group_id: 1, gender: 'Co-Ed',
      start_date: now + 30 * DAY, end_date: now + 120 * DAY, registration_start_date: now - DAY, registration_end_date: now + 20 * DAY,
      available_online: true, max_players: 10, max_teams: 1,
    },
  })).json();
  // The one place, taken at the front desk (nothing paid: staff can remove it).
  const desk = await request.post('/api/team/signup', { headers, data: { league_id: league.ID, name: `Desk Team ${stamp}`, fee: 1200 } });
  expect(desk.status(), await desk.text()).toBe(201);
  const captainEmail = `waiting.captain.${stamp}@example.com`;
  expect((await request.post('/api/customer', { headers, data: { first_name: 'Ines', last_name: 'Duarte', email: captainEmail, phone: '555 555 0104', facility_id: 1 } })).status()).toBe(201);

  // The captain, on the phone: the division is full, and the team goes on its waitlist.
  await page.goto(`/my/divisions/${league.ID}`);
  await signInFromMail(page, request, captainEmail);
  await expect(page.getByRole('heading', { name: league.name })).toBeVisible();
  const form = page.getByRole('form', { name: 'Register a team' });
  await expect(form.getByText('This division is full: put your team on its waitlist, and we will mail you when a place opens for it.')).toBeVisible();
  await form.getByLabel('Team name').fill('Late Owls');
  await form.getByRole('button', { name: 'Join the waitlist with this team' }).click();
  await expect(page.getByRole('status')).toHaveText('Late Owls is number 1 on the waitlist. We will mail you when a place opens.');
  await expectAccessible(page, 'portal division full, team waiting');

  // A manager, at the desk, removes the desk team's sign-up: the place is held for the waiting team.
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: new URL(page.url()).origin });
  const desktop = await office.newPage();
  await signInAs(desktop, 'manager');
  await desktop.goto(`/league/${league.ID}`);
  const waitlist = desktop.getByRole('table', { name: 'Waitlist' });
  const waiting = waitlist.getByRole('row').filter({ hasText: 'Late Owls' });
  await expect(waiting).toContainText('Ines Duarte');
  await expect(waiting.getByRole('cell').nth(3)).toHaveText('');
  await desktop.getByRole('table', { name: 'Teams' }).getByRole('row').filter({ hasText: `Desk Team ${stamp}` })
    .getByRole('button', { name: 'Remove from league' }).click();
  await desktop.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(desktop.getByRole('table', { name: 'Teams' })).not.toContainText(`Desk Team ${stamp}`);
  await expect(waiting.getByRole('cell').nth(3)).toHaveText(/\d/);
  await expectAccessible(desktop, 'league page, place held for the waitlist');
  await office.close();

  // The offer by mail; its link opens the division, where the team registers into the kept place.
  const offer = await waitForMail(dataDir(), captainEmail, (m) => /\/my\/divisions\/\d+/.test(m.bodies.join('\n')), 20_000);
  expect(offer.headers.subject).toBe(`A place in ${league.name} is held for Late Owls`);
  const link = offer.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/divisions\/\d+/)![0];
  expect(new URL(link).pathname).toBe(`/my/divisions/${league.ID}`);
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Team fee: $1,200.00 plus tax.')).toBeVisible();
  await expectAccessible(page, 'portal division, place held');
  await page.getByLabel('Team name').fill('Late Owls');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Register and pay' }).click();
  await expect(page.getByRole('status').first()).toContainText('Your team Late Owls is registered.');
  expect(await page.getByLabel('Invite link').inputValue()).toMatch(/\/my\/join\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'portal team registered from the waitlist');

  // Staff see the team in the division and the waitlist empty.
  expect((await (await request.get(`/api/league/${league.ID}/waitlist`, { headers })).json())).toEqual([]);
  expect(JSON.stringify(await (await request.get(`/api/league/${league.ID}`, { headers })).json())).toContain('Late Owls');
});
