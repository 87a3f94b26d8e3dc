import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiToken, demo } from './support/app';
import { expectAccessible } from './support/axe';

// Issue 31: the front desk's day by keyboard alone — no click, no mouse. An admin signs in, switches to
// Queens, finds a customer by name, opens the profile, books a field for them through the calendar's
// add-event dialog, opens the booking's invoice, takes a cash payment and signs out. Focus is visible at
// every step; dialogs take focus, keep it while open, close on Escape and give it back.

test.use({ viewport: { width: 1440, height: 900 } });

const QUEENS = 'Touchline Queens';
/** A day of August 2030, far from the demo's bookings (a day of its own for each run against a kept server), 19:30 New York time. */
const DAY = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
const BOOKING = { monthDay: `08${DAY}`, year: 2030, hour: '0730', input: `2030-08-${DAY}T19:30`, end: `2030-08-${DAY}T20:00`, calendar: `8/${Number(DAY)}/2030` };

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} never took focus in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused element shows it: an outline or a box shadow drawn around it. */
async function expectFocusVisible(page: Page): Promise<void> {
  const drawn = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has focus';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return outline || shadow ? 'visible' : `${el.tagName.toLowerCase()}.${el.className} shows no focus`;
  });
  expect(drawn).toBe('visible');
}

/**
 * Focus is inside `dialog`'s modal: on the dialog or its frame (MUI's focus trap focuses the frame around the
 * dialog when it opens, so that the first Tab lands on the dialog's first control).
 */
async function expectFocusIn(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => (el.closest('.MuiModal-root') ?? el).contains(document.activeElement))).toBe(true);
}

/** Tabbing forward and back never leaves an open dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `${key} #${i + 1} left the dialog`).toBe(true);
    }
  }
}

async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
}

test('the front desk day by keyboard: sign in, switch facility, find a customer, book, take cash, sign out', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const last = `Keys${tag}`;
  const token = await apiToken(request, 'admin');
  const created = await request.post('/api/customer', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Kira', last_name: last, email: `kira.${tag}@example.com`, phone: `718 ${100 + Math.floor(Math.random() * 900)} ${String(Date.now() % 10000).padStart(4, '0')}`, facility_id: 2 },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // Sign in.
  await page.goto('/login');
  await tabTo(page, page.getByRole('radio', { name: 'Admin', exact: true }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Admin', exact: true })).toBeChecked();
  await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }));
  await page.keyboard.type(demo('admin').email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calendar$/);

  // Switch facility: the drawer's selector opens with Enter, an option is chosen with the arrows.
  const selector = page.getByRole('combobox', { name: 'Facility' });
  await tabTo(page, selector);
  await page.keyboard.press('Enter');
  const queens = page.getByRole('option', { name: QUEENS, exact: true });
  await expect(queens).toBeVisible();
  for (let i = 0; i < 10 && !(await queens.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveText(QUEENS);

  // Find the customer by name and open the profile.
  await tabTo(page, page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Customers', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer$/);
  await tabTo(page, page.getByRole('searchbox', { name: 'Search customers' }));
  await page.keyboard.type(`kira ${last}`);
  const found = page.getByRole('link', { name: `Kira ${last}` });
  await tabTo(page, found);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText(last);

  // The calendar: its Add event button opens the dialog, which takes focus, keeps it, and gives it back on Escape.
  await tabTo(page, page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Calendar', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/calendar$/);
  const add = page.getByRole('button', { name: 'Add event' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Add event/ });
  await expect(dialog).toBeVisible();
  await expectFocusIn(dialog);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocused(add);
  await expectFocusVisible(page);

  // Book: Adult Rental on Queens' first field, its start typed into the date field's parts.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Adult Rental', exact: true }));
  await page.keyboard.press('Enter');
  const start = dialog.getByLabel('Start');
  await tabTo(page, start);
  // Month, day and year typed as a person types them: each half-typed part and each passing year (0002, 0020,
  // 0203) stays in the field without moving the booking or being written over; Tab goes on to the time's parts.
  await page.keyboard.type(BOOKING.monthDay);
  await page.keyboard.type(String(BOOKING.year));
  await page.keyboard.press('Tab');
  await page.keyboard.type(BOOKING.hour);
  await page.keyboard.type('P');
  await expect(start).toHaveValue(BOOKING.input);
  await expect(dialog.getByLabel('End')).toHaveValue(BOOKING.end);
  const choose = dialog.getByRole('button', { name: 'Choose or add a customer' });
  await tabTo(page, choose);
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Customer' });
  await expectFocusIn(wizard);
  // A radio group is one Tab stop, on its checked radio ('New'); the arrows choose within it.
  await tabTo(page, wizard.getByRole('radio', { name: 'New' }));
  await page.keyboard.press('ArrowLeft');
  await expect(wizard.getByRole('radio', { name: 'Existing' })).toBeChecked();
  await tabTo(page, wizard.getByRole('combobox', { name: 'Search adult' }));
  await page.keyboard.type(last);
  await expect(page.getByRole('option', { name: new RegExp(`Kira ${last}`) })).toBeVisible();
  // The answers of the shorter queries typed on the way are gone: the list holds hers alone.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, wizard.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(wizard).toBeHidden();
  // The wizard gives focus back to the button that opened it.
  await expectFocused(choose);
  await expect(dialog).toContainText(`Customer: Kira ${last}`);
  await expect(dialog.getByTestId('booking-product')).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // 'Invoice this booking to the customer on Save' is on by default: the booking is invoiced as it is saved.
  await expect(page.getByText(/^Event saved and invoiced \(invoice #\d+\)$/)).toBeVisible();

  // The booking on its day: an event named for assistive technology, opened with Enter (its page opens in a new tab).
  await page.goto(`/calendar?date=${BOOKING.calendar}`);
  const booking = page.locator('a.fc-event').filter({ hasText: `Kira ${last}` });
  await expect(booking).toHaveAccessibleName(new RegExp(`^19:30–20:00, Field .+, Kira ${last}`));
  await tabTo(page, booking, { max: 120 });
  const [eventPage] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(eventPage).toHaveURL(/\/calendar\/event\/\d+$/);
  const tabInvoice = eventPage.getByRole('tab', { name: 'Invoice' });
  await tabTo(eventPage, tabInvoice);
  await eventPage.keyboard.press('Enter');
  const invoiceLink = eventPage.getByRole('link', { name: /^Invoice \d+$/ });
  await tabTo(eventPage, invoiceLink);
  await eventPage.keyboard.press('Enter');
  await expect(eventPage).toHaveURL(/\/invoice\/\d+$/);

  // A cash payment of the whole balance: the dialog opens on Cash and the balance.
  const chip = eventPage.getByTestId('balance-chip');
  await expect(chip).toHaveText(/owed$/);
  const addPayment = eventPage.getByRole('button', { name: 'Add payment' });
  await tabTo(eventPage, addPayment);
  await eventPage.keyboard.press('Enter');
  const payment = eventPage.getByRole('dialog', { name: 'Add payment' });
  await expectFocusIn(payment);
  await eventPage.keyboard.press('Escape');
  await expect(payment).toBeHidden();
  await expectFocused(addPayment);
  await eventPage.keyboard.press('Enter');
  await expectFocusIn(payment);
  await expect(payment.getByRole('combobox', { name: 'Method' })).toHaveText('Cash');
  await tabTo(eventPage, payment.getByRole('button', { name: 'Add payment' }));
  await eventPage.keyboard.press('Enter');
  await expect(payment).toBeHidden();
  await expect(chip).toHaveText('$0.00 paid');

  // Sign out.
  await tabTo(eventPage, eventPage.getByRole('button', { name: 'Logout' }), { back: true });
  await eventPage.keyboard.press('Enter');
  await expect(eventPage).toHaveURL(/\/login(\?|$)/);
  await expectAccessible(eventPage, 'login after signing out');
});
