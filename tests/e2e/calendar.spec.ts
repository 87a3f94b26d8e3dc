import dayjs from 'dayjs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import '../../core/time';
import { apiToken, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// The field calendar (spec 2 §2) in Chromium, with the browser in another zone than the facility's
// (Tokyo; Brooklyn is New York): a manager books a weekly series of 10 on an empty cell, keeps the one
// conflicted row, drags an event to another field; the event page saves match scores; a mod finds no
// Delete. Dates are in 2028, clear of the demo's bookings.

test.use({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Tokyo' });

const NY = 'America/New_York';
const ny = (local: string) => dayjs.tz(local, NY).unix();
const SCREENSHOTS = process.env.CALENDAR_SCREENSHOTS;

async function api(request: APIRequestContext, token: string, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A day-view cell: the field's column at a wall-clock time of the facility, scrolled into view. */
async function cell(page: Page, fieldId: number, time: string) {
  const lane = page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  await lane.scrollIntoViewIfNeeded();
  const column = await page.locator(`.fc-timegrid-col[data-resource-id="${fieldId}"]`).boundingBox();
  const slot = await lane.boundingBox();
  expect(column && slot).toBeTruthy();
  return { x: column!.x + column!.width / 2, y: slot!.y + slot!.height / 2 };
}

test('a manager books a weekly series of 10, keeps its one conflict, and drags an event to another field', async ({ page, request }) => {
  const token = await apiToken(request, 'manager');
  // Someone already plays on Maracanã (field 1) at 19:00 on the third Monday.
  await api(request, token, 'post', '/api/event', { field_id: 1, product_type_id: 1, start_date: ny('2028-03-20 19:00'), end_date: ny('2028-03-20 20:00'), comment: 'In the way' });

  await signInAs(page, 'manager');
  await page.goto('/calendar?date=3/6/2028');
  await expect(page.locator('.fc-timegrid-col[data-resource-id="1"]')).toBeVisible();
  const at = await cell(page, 1, '19:00');
  await page.mouse.click(at.x, at.y);

  const dialog = page.getByRole('dialog', { name: /Add event/ });
  await dialog.getByRole('button', { name: 'Adult League' }).click();
  await expectAccessible(page, 'add-event dialog, details');
  await expect(dialog.getByLabel('Start')).toHaveValue('2028-03-06T19:00');
  await expect(dialog.getByLabel('End')).toHaveValue('2028-03-06T19:30');
  await dialog.getByLabel('End').fill('2028-03-06T20:00');
  await dialog.getByLabel('Team A').fill('Lions');
  await dialog.getByLabel('Team B').fill('Hawks');
  await dialog.getByLabel('Repeat', { exact: true }).check();
  await dialog.getByRole('spinbutton', { name: 'Times' }).fill('10');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/repeat-settings.png` });
  // Saving before checking is refused with the spec's message.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please ensure that all events have available spots, or select the events you want to keep before proceeding.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Check availability' }).click();
  await expect(dialog.getByTestId('repeat-row')).toHaveCount(10);
  const taken = dialog.getByTestId('repeat-row').filter({ hasText: 'Taken by' });
  await expect(taken).toHaveCount(1);
  await expect(taken.getByLabel('Start')).toHaveValue('2028-03-20T19:00');
  await taken.getByLabel('Keep').check();
  await expectAccessible(page, 'add-event dialog, repeat rows');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/repeat-rows.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const week = await api(request, token, 'get', `/api/event?start=${ny('2028-03-06 00:00')}&end=${ny('2028-05-15 00:00')}`) as Array<{ ID: number; title: string; conflict: boolean; field_id: number; start_date: number }>;
  const series = week.filter((e) => e.title === 'Lions vs Hawks');
  expect(series).toHaveLength(10);
  expect(series.filter((e) => e.conflict)).toHaveLength(1);
  // Every game at 19:00 New York time, before and after the March change (12 March 2028).
  expect(new Set(series.map((e) => dayjs.unix(e.start_date).tz(NY).format('HH:mm')))).toEqual(new Set(['19:00']));

  // The calendar shows the conflict in red on its day, whatever the browser's zone.
  await page.goto('/calendar?date=3/20/2028');
  const red = page.locator('[data-testid="calendar-event"][data-conflict="true"]');
  await expect(red).toHaveCount(2);
  await expect(red.filter({ hasText: 'Lions vs Hawks' })).toContainText('7:00');
  await expectAccessible(page, 'calendar, day with conflicts');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-day.png` });

  // Drag the first game from Maracanã to San Siro (field 3) and confirm.
  await page.goto('/calendar?date=3/6/2028');
  const game = page.locator('[data-testid="calendar-event"]').filter({ hasText: 'Lions vs Hawks' });
  await expect(game).toBeVisible();
  const target = await cell(page, 3, '19:00');
  const box = (await game.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + 10, { steps: 5 });
  await page.mouse.move(target.x, box.y + 4, { steps: 10 });
  await page.mouse.up();
  const confirm = page.getByRole('dialog', { name: 'Move event' });
  await expect(confirm).toContainText('Update this event, changes: Field: Maracanã → San Siro');
  await expectAccessible(page, 'move-event dialog');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Event moved')).toBeVisible();
  const moved = await api(request, token, 'get', `/api/event/${series.sort((a, b) => a.start_date - b.start_date)[0].ID}`);
  expect(moved.field_id).toBe(3);
});

test('the event page saves match scores on blur; a mod finds no Delete', async ({ page, request, browser }) => {
  const token = await apiToken(request, 'manager');
  const now = Math.floor(Date.now() / 1000);
  // A demo league match of Brooklyn in the past four weeks.
  const recent = await api(request, token, 'get', `/api/event?start=${now - 28 * 86400}&end=${now}`) as Array<{ ID: number; match: { ID: number } | null }>;
  const match = recent.find((e) => e.match);
  expect(match).toBeTruthy();

  await signInAs(page, 'manager');
  await page.goto(`/calendar/event/${match!.ID}`);
  await expect(page.getByRole('tab', { name: 'League' })).toBeVisible();
  await page.getByLabel('Home').fill('3');
  await page.getByLabel('Away').fill('2');
  await page.getByLabel('Away').blur();
  await expect.poll(async () => (await api(request, token, 'get', `/api/event/${match!.ID}`)).match.away_score).toBe(2);
  await page.reload();
  await expect(page.getByLabel('Home')).toHaveValue('3');
  await expect(page.getByLabel('Away')).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await expect(page.getByTestId('suspended-home')).toBeVisible();
  await expectAccessible(page, 'event page, league tab');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/event-page.png` });
  // The roster prints from a sheet of its own: both teams' players and the marks legend.
  const [sheet] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print roster' }).click()]);
  await expect(sheet.locator('h1')).toContainText(' vs ');
  await expect(sheet.getByTestId('roster-home').locator('tbody tr').first()).toBeVisible();
  await expect(sheet.getByTestId('roster-away')).toBeVisible();
  await expect(sheet.getByText('xM no valid membership, xW no valid waiver, -SUS- suspended')).toBeVisible();
  if (SCREENSHOTS) await sheet.screenshot({ path: `${SCREENSHOTS}/roster.png` });
  await sheet.close();
  // Edit opens the calendar's dialog on the event.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: `Edit event #${match!.ID}` })).toBeVisible();
  await expectAccessible(page, 'edit-event dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  const modContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const mod = await modContext.newPage();
  await signInAs(mod, 'mod');
  await mod.goto(`/calendar/event/${match!.ID}`);
  await expect(mod.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(mod.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(mod.getByRole('button', { name: 'Delete Block series' })).toHaveCount(0);
  await modContext.close();
});

test('the green Local Time line marks now in New York, though the browser is in Tokyo', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByText('Local Time')).toBeVisible();
  const here = dayjs().tz(NY);
  const hour = page.locator(`.fc-timegrid-slot-lane[data-time="${here.format('HH')}:00:00"]`);
  await hour.scrollIntoViewIfNeeded();
  const line = await page.locator('.fc-timegrid-now-indicator-line').first().boundingBox();
  const slot = await hour.boundingBox();
  // Within the hour's four 15-minute rows.
  expect(line!.y).toBeGreaterThanOrEqual(slot!.y - 1);
  expect(line!.y).toBeLessThanOrEqual(slot!.y + 4 * slot!.height + 1);
  await expectAccessible(page, 'calendar, day');
  await page.getByRole('button', { name: 'Week' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.locator('.fc-timeline-now-indicator-line')).toHaveCount(1);
  await expectAccessible(page, 'calendar, week');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-week.png` });
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.locator('.fc-list')).toBeVisible();
  await expectAccessible(page, 'calendar, list');
});

test('clicking an event opens its page in a new tab, Shift-click the edit dialog; a move before opening time is refused and snaps back', async ({ page, request }) => {
  const token = await apiToken(request, 'manager');
  // Monday 3 April 2028, 16:30 on Maracanã: Brooklyn's fields open at 16:00 on weekdays.
  const event = await api(request, token, 'post', '/api/event', { field_id: 1, product_type_id: 1, start_date: ny('2028-04-03 16:30'), end_date: ny('2028-04-03 17:30'), comment: 'Edit me' });

  await signInAs(page, 'manager');
  await page.goto('/calendar?date=4/3/2028');
  const label = page.locator('[data-testid="calendar-event"]').filter({ hasText: 'Edit me' });
  const [tab] = await Promise.all([page.context().waitForEvent('page'), label.click()]);
  await expect(tab).toHaveURL(new RegExp(`/calendar/event/${event.ID}$`));
  await tab.close();
  await label.click({ modifiers: ['Shift'] });
  const dialog = page.getByRole('dialog', { name: `Edit event #${event.ID}` });
  await expect(dialog.getByLabel('Start')).toHaveValue('2028-04-03T16:30');
  await expect(dialog.getByLabel('Comment')).toHaveValue('Edit me');
  await expectAccessible(page, 'edit-event dialog');
  await dialog.getByLabel('End').fill('2028-04-03T18:00');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/edit-dialog.png` });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Edit successfull')).toBeVisible();
  expect((await api(request, token, 'get', `/api/event/${event.ID}`)).end_date).toBe(ny('2028-04-03 18:00'));

  // Drag it an hour earlier, to 15:30: confirmed, refused by the server with its reason, back at 16:30.
  const box = (await label.boundingBox())!;
  const target = await cell(page, 1, '15:30');
  await page.mouse.move(box.x + box.width / 2, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 14, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2, target.y - 2, { steps: 10 });
  await page.mouse.up();
  const confirm = page.getByRole('dialog', { name: 'Move event' });
  // Where the drag lands depends on the pointer, on a quarter hour like the dialog's (issue 22 item 8): anywhere before 16:00 is closed.
  await expect(confirm).toContainText(/Start: 4\/3\/2028 16:30 → 4\/3\/2028 15:(00|15|30|45)(?!\d)/);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The event cannot move there: Maracanã is open from 16:00 to 24:00 on 4/3/2028: the booking is outside its opening hours')).toBeVisible();
  await expect(label).toContainText('4:30');
  expect((await api(request, token, 'get', `/api/event/${event.ID}`)).start_date).toBe(ny('2028-04-03 16:30'));
});

test('the month view shows 30 days a column each, and a drag moves an event by whole days at the same time', async ({ page, request }) => {
  const token = await apiToken(request, 'manager');
  const booked = await api(request, token, 'post', '/api/event', { field_id: 4, product_type_id: 1, start_date: ny('2028-05-09 18:30'), end_date: ny('2028-05-09 19:30'), comment: 'Month mover' });
  await signInAs(page, 'manager');
  await page.goto('/calendar?date=5/1/2028&view=month');
  const days = page.locator('.fc-timeline-header .fc-timeline-slot-label');
  await expect(days).toHaveCount(30);
  await expect(days.first()).toContainText('Mon, 5/1');
  await expect(days.last()).toContainText('Tue, 5/30');
  const event = page.locator('[data-testid="calendar-event"]').filter({ hasText: 'Month mover' });
  await expect(event).toContainText('6:30p');
  // The event sits in its day's column: the ninth.
  const ninth = (await page.locator('.fc-timeline-header .fc-timeline-slot-label[data-date="2028-05-09"]').boundingBox())!;
  let box = (await event.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(ninth.x - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(ninth.x + ninth.width + 1);
  await expectAccessible(page, 'calendar, month');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/calendar-month.png` });
  // In Spanish its dates read in Spanish.
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(days.first()).toContainText('lun, 1/5');
  await expect(page.getByRole('heading', { level: 2 })).toContainText('may');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(days.first()).toContainText('Mon, 5/1');

  // Dragged two columns to the right, it keeps its field and its time of day.
  await event.scrollIntoViewIfNeeded();
  box = (await event.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + 4, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 2 * ninth.width, box.y + 4, { steps: 10 });
  await page.mouse.up();
  const confirm = page.getByRole('dialog', { name: 'Move event' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Event moved')).toBeVisible();
  const moved = await api(request, token, 'get', `/api/event/${booked.ID}`);
  expect(moved.field_id).toBe(4);
  expect(moved.start_date).toBe(ny('2028-05-11 18:30'));
  expect(moved.end_date).toBe(ny('2028-05-11 19:30'));
});

test('an admin looking at all facilities chooses the calendar\'s facility instead of seeing facility 1', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.evaluate(() => localStorage.setItem('selected_facility', '0'));
  await page.goto('/calendar?date=4/3/2028');
  await expect(page.getByText('Please select a facility: the calendar shows one facility at a time')).toBeVisible();
  await expect(page.locator('.fc')).toHaveCount(0);
  await expectAccessible(page, 'calendar, facility chooser');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/all-facilities.png` });
  await page.getByRole('combobox', { name: 'Facility' }).last().click();
  await page.getByRole('option', { name: 'Touchline Queens' }).click();
  await expect(page).toHaveURL(/facility=2/);
  await expect(page.locator('.fc-timegrid-col[data-resource-id="5"]')).toBeVisible();
  await expect(page.locator('.fc-timegrid-col[data-resource-id="1"]')).toHaveCount(0);
  await expect(page.getByText('Calendar — Touchline Queens')).toBeVisible();
});

test('a booking made on the calendar takes its product and price, is invoiced on Save, and the calendar tells it owed from one not invoiced', async ({ page, request }) => {
  const token = await apiToken(request, 'manager');
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await signInAs(page, 'manager');
  // Monday 5 June 2028 in Brooklyn; peak hours start at 18:00.
  await page.goto('/calendar?date=6/5/2028');
  await expect(page.locator('.fc-timegrid-col[data-resource-id="1"]')).toBeVisible();
  const at = await cell(page, 1, '17:30');
  await page.mouse.click(at.x, at.y);
  const dialog = page.getByRole('dialog', { name: /Add event/ });
  await expectAccessible(page, 'add-event dialog, product types');
  // No outdoor rental is sold for Brooklyn's indoor turf: the dialog says so before saving, and offers the products to pick.
  await dialog.getByRole('button', { name: 'Outdoor Rental' }).click();
  await expect(dialog.getByText(/No product of this type is sold for this field at this facility/)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Product to bill' })).toBeVisible();
  await expectAccessible(page, 'add-event dialog, product to pick');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Adult Rental', exact: true }).click();
  await dialog.getByLabel('End').fill('2028-06-05T19:00');
  // 30 minutes off-peak at $120 an hour and 60 at the peak's $180.
  await expect(dialog.getByTestId('booking-product')).toHaveText('Product: Adult Field Rental, $240.00 for this booking');
  await dialog.getByRole('button', { name: 'Choose or add a customer' }).click();
  const wizard = page.getByRole('dialog', { name: 'Customer' });
  await wizard.getByLabel('New', { exact: true }).check();
  await expectAccessible(page, 'participant wizard, new customer');
  await wizard.getByLabel('First name').fill('Rita');
  await wizard.getByLabel('Last name').fill(`Rental${tag}`);
  await wizard.getByLabel('Email').fill(`rita.${tag}@example.com`);
  await wizard.getByLabel('Phone').fill(`646 ${100 + Math.floor(Math.random() * 900)} ${String(Date.now() % 10000).padStart(4, '0')}`);
  await wizard.getByRole('button', { name: 'Save' }).click();
  await expect(wizard).toBeHidden();
  // Invoiced as it is saved (issue 41 m28): the switch is on for a priced booking with its customer.
  await expect(dialog.getByRole('switch', { name: 'Invoice this booking to the customer on Save' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Event saved and invoiced \(invoice #\d+\)/)).toBeVisible();

  const day = await api(request, token, 'get', `/api/event?start=${ny('2028-06-05 00:00')}&end=${ny('2028-06-06 00:00')}`) as Array<{ ID: number; title: string; new_product_id: number | null }>;
  const booking = day.find((e) => e.title === `Rita Rental${tag}`);
  expect(booking).toMatchObject({ new_product_id: 5 });

  // A booking of the same kind made without its invoice: the calendar marks it not invoiced.
  const customer = await api(request, token, 'post', '/api/customer', { first_name: 'Nora', last_name: `Noinvoice${tag}`, email: `nora.${tag}@example.com`, phone: `917 ${100 + Math.floor(Math.random() * 900)} ${String(Date.now() % 10000).padStart(4, '0')}` });
  await api(request, token, 'post', '/api/event', { field_id: 3, product_type_id: 1, start_date: ny('2028-06-05 21:00'), end_date: ny('2028-06-05 22:00'), comment: '', customer_id: customer.ID });

  await page.goto(`/calendar/event/${booking!.ID}`);
  await page.getByRole('tab', { name: 'Invoice' }).click();
  await expect(page.getByRole('link', { name: /^Invoice \d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invoice & event' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '$240.00' }).first()).toBeVisible();
  await expectAccessible(page, 'event page, invoice tab');
  await page.goto('/calendar?date=6/5/2028');
  await expect(page.locator('[data-testid="calendar-event"]').filter({ hasText: `Rita Rental${tag}` })).toContainText('⚠');
  const unbilled = page.locator('[data-testid="calendar-event"]').filter({ hasText: `Nora Noinvoice${tag}` });
  await expect(unbilled).toContainText('○');
  await expect(unbilled).toHaveAttribute('title', 'not invoiced yet');
});

test('a coach reads an event without the controls they cannot use, and an empty cell offers no add-event flow', async ({ page, request }) => {
  const token = await apiToken(request, 'manager');
  const event = await api(request, token, 'post', '/api/event', { field_id: 1, product_type_id: 1, start_date: ny('2028-07-03 18:00'), end_date: ny('2028-07-03 19:00'), comment: 'Coach view' });
  await signInAs(page, 'coach');
  await page.goto(`/calendar/event/${event.ID}`);
  await expect(page.getByRole('heading', { name: /Coach view/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Health Check' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Invoice' })).toHaveCount(0);
  for (const name of ['Save', 'Edit', 'Re-send confirmation email', 'Delete']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(page.getByLabel('No show')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Coach' })).toHaveCount(0);
  await expectAccessible(page, 'event page as a coach');
  // Nothing on the page calls what a coach may not: no error pops up.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/calendar?date=7/3/2028');
  await expect(page.locator('[data-testid="calendar-event"]').filter({ hasText: 'Coach view' })).toBeVisible();
  await expectAccessible(page, 'calendar as a coach');
  const at = await cell(page, 2, '19:30');
  // Waits for the click to reach the page and two frames to be drawn after it: the add-event dialog
  // (not loaded lazily) renders in the click's own update, so by then it would be there. None is.
  await page.evaluate(() => {
    (window as unknown as { clickSettled: Promise<void> }).clickSettled = new Promise<void>((resolve) => {
      document.addEventListener('click', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true, capture: true });
    });
  });
  await page.mouse.click(at.x, at.y);
  await page.evaluate(() => (window as unknown as { clickSettled: Promise<void> }).clickSettled);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
