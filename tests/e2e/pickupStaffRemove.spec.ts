import { expect, test, type APIRequestContext } from '@playwright/test';
import { simulatorToken } from '../../core/square';
import { nowSeconds, wallClock, zonedTime } from '../../core/time';
import { apiToken, dataDir, signInAs } from './support/app';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';
import { payHold, portalApiToken, signInFromMail, signWaivers, signWaiversAs } from './support/portal';

// A place freed by staff (issue 44 items 5, 7): a family joins a full pickup game's waitlist from the
// portal on a phone; a manager removes a player on the pickup session page at a desk; the family takes
// the place offered by mail and pays. Axe on the portal's screens.

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86_400;

/** A parent of Brooklyn with a child, linked as a family. */
async function family(request: APIRequestContext, headers: Record<string, string>, name: string, stamp: number) {
  const email = `${name.toLowerCase()}.${stamp}@example.com`;
  const person = async (data: Record<string, unknown>) => (await request.post('/api/customer', { headers, data: { facility_id: 1, ...data } })).json();
  const parent = await person({ first_name: 'Ana', last_name: `${name}${stamp}`, email, phone: '555 555 0105' });
  const kid = await person({ first_name: 'Leo', last_name: `${name}${stamp}`, is_kid: true, birthdate: '5/20/2012', gender: 'Boy' });
  expect((await request.post('/api/family', { headers, data: { parent_id: parent.ID, child_id: kid.ID } })).status()).toBe(201);
  return { email, parent, kid };
}

test('a family takes the place of a pickup game a manager freed, from the offer\'s mail', async ({ browser, page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const stamp = Date.now();
  // A game of one place, on a field of its own in Brooklyn.
  const type = await (await request.post('/api/field-type', { headers, data: { name: `One-a-side ${stamp}`, capacity: 1 } })).json();
  const fieldName = `Cage ${stamp}`;
  const field = await request.post('/api/field', { headers, data: {
    number: 80 + (stamp % 9), name: fieldName, new_field_type_id: type.ID, facility_id: 1,
    weekday_open_time: 8, weekday_close_time: 24, weekend_open_time: 8, weekend_close_time: 24,
    weekday_peak_time_start: 18, weekday_peak_time_end: 22, weekend_peak_time_start: 10, weekend_peak_time_end: 14,
  } });
  expect(field.status()).toBe(201);
  const fieldId = (await field.json()).ID;
  const pickup = (await (await request.get('/api/newproduct/10', { headers })).json()).variations.find((v: { facility_id: number }) => v.facility_id === 1);
  const day = wallClock(nowSeconds() + 4 * DAY, 'America/New_York');
  const start = zonedTime(day.year, day.month, day.day, 20 * 60, 'America/New_York');
  const made = await request.post('/api/pickup', { headers, data: {
    facility_id: 1, field_id: fieldId, product_id: pickup.ID, day: day.weekday, time: 20, duration: 60,
    events: [{ field_id: fieldId, start_date: start, end_date: start + 3600 }],
  } });
  expect(made.status()).toBe(201);
  const sessionId = (await made.json()).ID;
  const [game] = (await (await request.get(`/api/pickup/${sessionId}`, { headers })).json()).events;

  // The one place, taken and paid online by a first family.
  const first = await family(request, headers, 'Costa', stamp);
  const firstToken = await portalApiToken(request, first.email);
  const portal = { authorization: `Bearer ${firstToken}` };
  await signWaiversAs(request, firstToken, [first.kid.ID], `Ana ${first.parent.last_name}`);
  const held = await request.post('/api/portal/holds', { headers: portal, data: { offering: { type: 'pickup', id: sessionId }, participant_ids: [first.kid.ID], event_id: game.ID } });
  expect(held.status(), await held.text()).toBe(201);
  const paid = await request.post(`/api/portal/holds/${(await held.json()).ID}/checkout`, { headers: portal, data: { idempotency_key: `first-${stamp}`, source_id: simulatorToken('4111 1111 1111 1111') } });
  expect(paid.status(), await paid.text()).toBe(200);

  // A second family finds the game full and joins its waitlist on the phone.
  const second = await family(request, headers, 'Lind', stamp);
  const kidName = `Leo ${second.kid.last_name}`;
  await signInFromMail(page, request, second.email);
  await expect(page.getByRole('heading', { name: 'Children' })).toBeVisible();
  await signWaivers(page, request, [second.kid.ID], `Ana ${second.parent.last_name}`);
  await page.getByRole('link', { name: 'Register' }).click();
  const card = page.getByRole('form', { name: new RegExp(`^Pickup · .* — ${fieldName}$`) });
  await expect(card.getByLabel('Game')).toContainText('full: join its waitlist');
  await card.getByLabel(kidName).check();
  await card.getByRole('button', { name: `Join the waitlist for ${kidName}` }).click();
  await expect(card.getByRole('status')).toHaveText(`${kidName} is number 1 on the waitlist. We will mail you when a place opens.`);
  await expectAccessible(page, 'portal pickup waitlist joined');

  // A manager, at a desk, removes the first family's player on the pickup session page.
  const desk = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
  const staff = await desk.newPage();
  await signInAs(staff, 'manager');
  await staff.goto(`/pickup/${sessionId}`);
  const players = staff.getByTestId(`pickup-event-${game.ID}`);
  await players.getByRole('button', { name: `Remove from the game: Leo ${first.kid.last_name}` }).click();
  const confirm = staff.getByRole('dialog');
  await expect(confirm).toContainText('The invoice the player paid stays as it is');
  await confirm.getByRole('button', { name: /Delete|Confirm/ }).click();
  await expect(players.getByText('No players yet')).toBeVisible();
  // The place is held for the first in line.
  await expect(players.getByRole('table', { name: 'Waitlist' }).getByRole('row').nth(1)).toContainText(kidName);
  await desk.close();

  // The offer's mail; its link opens the held place, which the family pays.
  const offer = await waitForMail(dataDir(), second.email, (m) => /\/my\/holds\/\d+/.test(m.bodies.join('\n')), 20_000);
  // (Its subject is MIME-encoded: the em dash.)
  expect(offer.bodies.join('\n')).toContain(`Pickup — ${fieldName}`);
  await page.goto(new URL(offer.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/holds\/\d+/)![0]).pathname);
  await expect(page.getByRole('heading', { name: 'A place opened for you on the waitlist' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Held for \d+:\d\d:\d\d more$/);
  // A day's offer: no ten-minute extension until its last ten minutes.
  await expect(page.getByRole('button', { name: 'Give me 10 more minutes' })).toHaveCount(0);
  await expectAccessible(page, 'portal pickup offer');
  await payHold(page);
  await expectAccessible(page, 'portal pickup offer paid');

  const after = await (await request.get(`/api/pickup/${sessionId}`, { headers })).json();
  expect(after.events[0].players.map((p: { customer: { ID: number }; source: string }) => [p.customer.ID, p.source])).toEqual([[second.kid.ID, 'online']]);
  expect(after.events[0].waitlist).toEqual([]);
});
