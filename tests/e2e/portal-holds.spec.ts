import { expect, test, type APIRequestContext } from '@playwright/test';
import { nowSeconds, wallClock, zonedTime } from '../../core/time';
import { apiToken } from './support/app';
import { expectAccessible } from './support/axe';
import { payHold, signInFromMail, signWaivers } from './support/portal';

// Pickup games and field rentals from the families' site on a phone (issue 44 items 2–3): a parent picks
// a game of a pickup session and pays for their child's place (staff's pickup screen marks the player
// online); a parent rents a field for an hour (the calendar refuses a staff booking on the held slot)
// and pays; axe on each screen.

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86_400;
const BROOKLYN = 'America/New_York';

/** `hour`:00 in Brooklyn, `days` days from today. */
function brooklyn(days: number, hour: number) {
  const day = wallClock(nowSeconds() + days * DAY, BROOKLYN);
  return { at: zonedTime(day.year, day.month, day.day, hour * 60, BROOKLYN), day };
}

/** A field of Brooklyn's of its own (indoor 5v5, rented online), so no demo booking is in its way. */
async function ownField(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const made = await request.post('/api/field', { headers, data: {
    number: 90 + (Date.now() % 9), name, new_field_type_id: 1, facility_id: 1,
    weekday_open_time: 8, weekday_close_time: 24, weekend_open_time: 8, weekend_close_time: 24,
    weekday_peak_time_start: 18, weekday_peak_time_end: 22, weekend_peak_time_start: 10, weekend_peak_time_end: 14,
  } });
  expect(made.status()).toBe(201);
  return (await made.json()).ID as number;
}

/** A parent of Brooklyn with a child, linked as a family. */
async function family(request: APIRequestContext, headers: Record<string, string>, stamp: number) {
  const email = `holds.${stamp}@example.com`;
  const parent = await (await request.post('/api/customer', { headers, data: { first_name: 'Ana', last_name: `Ruiz${stamp}`, email, phone: '555 555 0104', facility_id: 1 } })).json();
  const kid = await (await request.post('/api/customer', { headers, data: { first_name: 'Leo', last_name: `Ruiz${stamp}`, is_kid: true, birthdate: '5/20/2012', gender: 'Boy', facility_id: 1 } })).json();
  expect((await request.post('/api/family', { headers, data: { parent_id: parent.ID, child_id: kid.ID } })).status()).toBe(201);
  return { email, parent, kid };
}

test('a parent holds a pickup game place for their child and pays; staff see the player online', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const stamp = Date.now();
  const fieldName = `Cage ${stamp}`;
  const field = await ownField(request, headers, fieldName);
  const pickup = (await (await request.get('/api/newproduct/10', { headers })).json()).variations.find((v: { facility_id: number }) => v.facility_id === 1);
  const game = brooklyn(3, 20);
  const session = await request.post('/api/pickup', { headers, data: {
    facility_id: 1, field_id: field, product_id: pickup.ID, day: game.day.weekday, time: 20, duration: 60,
    events: [{ field_id: field, start_date: game.at, end_date: game.at + 3600 }],
  } });
  expect(session.status()).toBe(201);
  const { email, parent, kid } = await family(request, headers, stamp);

  await signInFromMail(page, request, email);
  await expect(page.getByRole('heading', { name: 'Children' })).toBeVisible();
  await signWaivers(page, request, [kid.ID], `Ana ${parent.last_name}`);
  await page.getByRole('link', { name: 'Register' }).click();
  const card = page.getByRole('form', { name: new RegExp(`^Pickup · .* — ${fieldName}$`) });
  await expect(card.getByLabel('Game')).toContainText('10 places left');
  await expectAccessible(page, 'portal register with a pickup game');
  await card.getByLabel(`Leo ${kid.last_name}`).check();
  await card.getByRole('button', { name: 'Hold my place' }).click();

  await expect(page).toHaveURL(/\/my\/holds\/\d+$/);
  await expect(page.getByText(`Pickup — ${fieldName}`)).toBeVisible();
  await expect(page.getByText(/8:00\sPM – 9:00\sPM$/)).toBeVisible();
  await expectAccessible(page, 'portal pickup hold');
  await payHold(page);

  const staff = await (await request.get(`/api/pickup/${(await session.json()).ID}`, { headers })).json();
  expect(staff.events[0].players.map((p: { customer: { ID: number }; source: string }) => [p.customer.ID, p.source])).toEqual([[kid.ID, 'online']]);
});

test('a parent rents a field for an hour: the slot is held against staff bookings, then paid', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const stamp = Date.now();
  const fieldName = `Rental ${stamp}`;
  const field = await ownField(request, headers, fieldName);
  const { email, parent } = await family(request, headers, stamp);
  const slot = brooklyn(5, 19);

  await signInFromMail(page, request, email);
  await expect(page.getByRole('heading', { name: 'Children' })).toBeVisible();
  await signWaivers(page, request, [parent.ID], `Ana ${parent.last_name}`);
  await page.getByRole('link', { name: 'Register' }).click();
  const card = page.getByRole('form', { name: 'Rental · Indoor turf 5v5' });
  await card.getByLabel('Field').selectOption(String(field));
  const { year, month, day } = slot.day;
  await card.getByLabel('Day').fill(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  await card.getByLabel('Start time').fill('19:00');
  await card.getByLabel(`Ana ${parent.last_name}`).check();
  await expectAccessible(page, 'portal register with a rental');
  await card.getByRole('button', { name: 'Hold my place' }).click();

  await expect(page).toHaveURL(/\/my\/holds\/\d+$/);
  await expect(page.getByText(`Indoor turf 5v5 — ${fieldName}`)).toBeVisible();
  await expectAccessible(page, 'portal rental hold');
  // The held slot is taken on the calendar.
  const staffBooking = () => request.post('/api/event', { headers, data: { field_id: field, product_type_id: 1, start_date: slot.at, end_date: slot.at + 3600, customer_id: parent.ID } });
  expect((await staffBooking()).status()).toBe(409);
  await payHold(page);
  await expectAccessible(page, 'portal rental paid');
  // Paid: the booking is the family's for good.
  expect((await staffBooking()).status()).toBe(409);
});
