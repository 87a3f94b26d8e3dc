import { expect, test } from '@playwright/test';
import { apiToken } from './support/app';
import { expectAccessible } from './support/axe';
import { signInFromMail } from './support/portal';

// Teams from the families' site on a phone (issue 44 §4): a captain opens a league's page signed out,
// signs in from the mailed link and comes back to it, registers a team and pays by card, reads the
// invite link on My teams; a player's parent opens the invite link and joins their child; axe on each
// screen, and the join page in Spanish.

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86_400;

test('a captain registers a team and a player joins by the invite link', async ({ page, browser, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const now = Math.floor(Date.now() / 1000);
  const stamp = Date.now();
  const league = await (await request.post('/api/league', {
    headers,
    data: {
      name: `Thursday Night League ${stamp}`, description: 'Adults, 7 a side', facility_id: 1, new_product_id: 1, age_group_id: 1, gender: 'Co-Ed',
      start_date: now + 10 * DAY, end_date: now + 90 * DAY, registration_start_date: now - DAY, registration_end_date: now + 9 * DAY,
      available_online: true, enable_deposit: true, max_players: 12, max_teams: 8,
    },
  })).json();
  const captainEmail = `captain.${stamp}@example.com`;
  await request.post('/api/customer', { headers, data: { first_name: 'Carla', last_name: 'Mendes', email: captainEmail, phone: '555 555 0102', facility_id: 1 } });
  const parentEmail = `player.parent.${stamp}@example.com`;
  const parent = await (await request.post('/api/customer', { headers, data: { first_name: 'Luis', last_name: 'Ortega', email: parentEmail, phone: '555 555 0103', facility_id: 1 } })).json();
  const kid = await (await request.post('/api/customer', { headers, data: { first_name: 'Diego', last_name: 'Ortega', is_kid: true, birthdate: '3/14/2010', gender: 'Boy', facility_id: 1 } })).json();
  expect((await request.post('/api/family', { headers, data: { parent_id: parent.ID, child_id: kid.ID } })).status()).toBe(201);

  // Signed out, the league's page asks to sign in, and the mailed link comes back to it.
  await page.goto(`/my/divisions/${league.ID}`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signInFromMail(page, request, captainEmail);
  await expect(page).toHaveURL(new RegExp(`/my/divisions/${league.ID}$`));
  await expect(page.getByRole('heading', { name: `Thursday Night League ${stamp}` })).toBeVisible();
  await expect(page.getByText('Team fee: $1,200.00 plus tax.')).toBeVisible();
  await expectAccessible(page, 'portal league page');

  await page.getByLabel('Team name').fill('Night Owls');
  await page.getByRole('radio', { name: 'The deposit ($300.00); the rest later' }).check();
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Register and pay' }).click();
  await expect(page.getByRole('status').first()).toContainText('Your team Night Owls is registered.');
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(/\/my\/join\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'portal team registered');

  await page.getByRole('link', { name: 'See my teams' }).click();
  await expect(page.getByRole('heading', { name: 'My teams' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Night Owls' });
  await expect(card).toContainText('0 of 12 players');
  await expect(card.getByLabel('Invite link')).toHaveValue(link);
  await expectAccessible(page, 'portal my teams');

  // The player's parent, on their own phone, opens the invite link.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: new URL(page.url()).origin });
  const phone = await other.newPage();
  await phone.goto(new URL(link).pathname);
  await signInFromMail(phone, other.request, parentEmail);
  await expect(phone).toHaveURL(new RegExp(new URL(link).pathname));
  await expect(phone.getByRole('heading', { name: 'Join Night Owls' })).toBeVisible();
  await expect(phone.getByText('Captain: Carla Mendes')).toBeVisible();
  await expect(phone.getByText('Each player pays their share of the team fee: $120.00.')).toBeVisible();
  await expectAccessible(phone, 'portal join page');
  await phone.getByRole('button', { name: 'Español' }).click();
  await expect(phone.getByRole('heading', { name: 'Unirse a Night Owls' })).toBeVisible();
  await expectAccessible(phone, 'portal join page in Spanish');
  await phone.getByRole('button', { name: 'English' }).click();
  await phone.getByRole('radio', { name: 'Diego Ortega' }).check();
  await phone.getByLabel('Card number').fill('4111 1111 1111 1111');
  await phone.getByLabel('Expiry (MM/YY)').fill('12/40');
  await phone.getByLabel('CVV').fill('123');
  await phone.getByRole('button', { name: 'Join and pay $120.00' }).click();
  await expect(phone.getByRole('status')).toContainText('Diego is on Night Owls.');
  await expect(phone.getByText('1 of 12 players')).toBeVisible();
  await expectAccessible(phone, 'portal joined');
  await other.close();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Night Owls' })).toContainText('1 of 12 players');
  // Staff see Diego on the roster.
  const team = (await (await request.get('/api/portal/teams', { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('touchline.portal.token'))}` } })).json())[0];
  const roster = await (await request.get(`/api/team/${team.ID}`, { headers })).json();
  expect(JSON.stringify(roster)).toContain('Diego');
});
