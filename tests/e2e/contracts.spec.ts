import { expect, test, type Page } from '@playwright/test';
import { apiToken, dataDir, signInAs } from './support/app';
import { waitForMail } from './support/mail';
import { expectAccessible } from './support/axe';

// Contracts and pickup (issue 12): a manager creates a contract for a new customer (the participant
// wizard's new adult), adds a weekly series of 12 events inside the field's opening hours,
// bulk-changes the hourly price of 4, sees the invoice and the history follow, generates and sends
// the document; the customer signs it signed out from the e-mailed link (read from the mail outbox)
// and the contract shows Signed. An admin creates a pickup session and checks a player in.

/** A customer of this run only: an email or phone already on record would stop the wizard at its likely duplicates. */
function newCustomer() {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return {
    last_name: `Contract${tag}`, email: `carla.${tag}@example.com`,
    phone: `646 ${100 + Math.floor(Math.random() * 900)} ${String(Date.now() % 10000).padStart(4, '0')}`,
  };
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a manager runs a contract for a new customer from creation to a signed document', async ({ page, browser, baseURL }) => {
  // Two sign-ins, a wizard, a dozen server round trips and two PDFs on a shared two-core machine.
  test.setTimeout(120_000);
  const customer = newCustomer();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  await page.goto('/contract');
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
  await expectAccessible(page, 'contracts list');
  // The filters (shown past 10 contracts, or with one set) sit in one row at 1440 px (issue 22 item 15).
  await page.goto(`/contract?filter=${encodeURIComponent(JSON.stringify({ hide_paid: false }))}`);
  const middles = await Promise.all([page.getByLabel('Only active'), page.getByRole('button', { name: 'Search' }), page.getByRole('checkbox', { name: 'Hide paid' })]
    .map(async (control) => { const box = (await control.boundingBox())!; return box.y + box.height / 2; }));
  expect(Math.max(...middles) - Math.min(...middles), `the filters' middles: ${middles}`).toBeLessThan(20);
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please fill all the required fields')).toBeVisible();
  await expectAccessible(page, 'new-contract dialog, required fields');
  await dialog.getByTestId('contract-name').fill('Tuesday night league');
  // The customer is new: the shared participant wizard's new-adult path, over the create dialog.
  await dialog.getByRole('button', { name: 'New adult customer' }).click();
  const wizard = page.getByRole('dialog', { name: 'New adult customer' });
  await expect(wizard.getByRole('tab', { name: 'Adult', selected: true })).toBeVisible();
  await expectAccessible(page, 'participant wizard over the contract dialog');
  await wizard.getByLabel('New', { exact: true }).check();
  await wizard.getByLabel('First name').fill('Carla');
  await wizard.getByLabel('Last name').fill(customer.last_name);
  await wizard.getByLabel('Email').fill(customer.email);
  await wizard.getByLabel('Phone').fill(customer.phone);
  await wizard.getByRole('button', { name: 'Save' }).click();
  await expect(wizard).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Customer' })).toHaveValue(new RegExp(customer.last_name));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/contract\/\d+$/);
  const contractId = Number(page.url().split('/').pop());

  // A weekly series of 12 one-hour events at the main fee ($100).
  await page.getByRole('button', { name: 'Add event' }).click();
  await choose(page, 'Field', /Maracan/);
  await dialog.getByTestId('event-start').fill('2028-01-04T20:00');
  await dialog.getByTestId('event-end').fill('2028-01-04T21:00');
  await dialog.getByTestId('event-weeks').fill('12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Check for availabilities first')).toBeVisible();
  await dialog.getByRole('button', { name: 'Check for availabilities' }).click();
  await expect(dialog.getByTestId('availability').getByRole('listitem')).toHaveCount(12);
  await expectAccessible(page, 'add-event dialog, availabilities');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('events-count')).toHaveText('12');
  await expect(page.getByTestId('rental-total')).toHaveText('$1,200.00');
  await expectAccessible(page, 'contract page, events');

  // Bulk: four events at $80 an hour.
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  const rows = page.getByTestId('contract-events').getByRole('row');
  for (const i of [1, 2, 3, 4]) await rows.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  await dialog.getByLabel('Change hourly price').check();
  await dialog.getByTestId('event-price').fill('80');
  await expectAccessible(page, 'bulk-edit dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('rental-total')).toHaveText('$1,120.00');
  await page.screenshot({ path: 'test-results/screens/contract-detail.png' });

  await page.getByRole('tab', { name: 'Invoice' }).click();
  await expect(page.getByText('$1,120.00').first()).toBeVisible();
  await expectAccessible(page, 'contract page, invoice tab');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('contract-history');
  await expect(history.getByRole('row', { name: /Events edited 4 0 -\$80\.00/ })).toBeVisible();
  await expect(history.getByRole('row', { name: /Events added 12 12 \$1,200\.00/ })).toBeVisible();
  await expectAccessible(page, 'contract page, history tab');

  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('New document generated')).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Contract sent via email')).toBeVisible();
  await expect(page.getByTestId('signed-flag')).toHaveText('Not signed');
  await expectAccessible(page, 'contract page, document');

  const mail = await waitForMail(dataDir(), customer.email);
  const link = mail.bodies.join('\n').match(/\/public\/contract\?ref=[\w-]{43}/)?.[0];
  expect(link).toBeTruthy();
  // A context of its own, signed out (axe needs a page that belongs to a context the test made).
  const signedOut = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const visitor = await signedOut.newPage();
  await visitor.goto(link!);
  await expect(visitor.getByText('Tuesday night league')).toBeVisible();
  await expectAccessible(visitor, 'public contract');
  await visitor.getByTestId('sign-name').fill('Carla Contract');
  await visitor.getByLabel('I have read and accept this contract').check();
  await visitor.getByRole('button', { name: 'Sign' }).click();
  await expect(visitor.getByTestId('signed')).toContainText('Signed by Carla Contract');
  await expectAccessible(visitor, 'public contract, signed');
  await visitor.screenshot({ path: 'test-results/screens/contract-signed-public.png' });
  await signedOut.close();

  await page.goto(`/contract/${contractId}`);
  await expect(page.getByTestId('signed-flag')).toContainText('Signed by Carla Contract');
  await expect(page.getByTestId('doc-state')).toHaveText('Signed');
});

test('an admin creates a pickup session and a player is checked in', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto('/pickup');
  await expect(page.getByRole('heading', { name: 'Pickup', level: 1 })).toBeVisible();
  await expectAccessible(page, 'pickup list');
  await page.getByRole('button', { name: 'Add new' }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, 'Field', /San Siro/);
  await expectAccessible(page, 'new-pickup dialog');
  await dialog.getByTestId('pickup-start').fill('2028-02-05T10:00');
  await dialog.getByRole('spinbutton', { name: 'Number of weeks' }).fill('4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Check for availabilities first')).toBeVisible();
  await dialog.getByRole('button', { name: 'Check for availabilities' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please select a valid fee')).toBeVisible();
  await expectAccessible(page, 'new-pickup dialog, availabilities');
  await choose(page, 'Fee', /Pickup/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/pickup\/\d+$/);
  await expect(page.getByRole('link', { name: /Pickup session @/ })).toBeVisible();
  await expectAccessible(page, 'pickup session page');

  // Presence: the demo's past games have players; check the first one in.
  await page.goto('/pickup');
  await page.getByRole('button', { name: 'Presence' }).click();
  const start = new Date(Date.now() - 40 * 86400_000).toISOString().slice(0, 10);
  await page.getByLabel('Start date').fill(start);
  const players = page.getByTestId('pickup-players');
  await expect(players.getByRole('checkbox', { name: 'Checked in', checked: false }).first()).toBeVisible();
  await expectAccessible(page, 'pickup presence');
  const checkedBefore = await players.getByRole('checkbox', { name: 'Checked in', checked: true }).count();
  await players.getByRole('checkbox', { name: 'Checked in', checked: false }).first().click();
  await expect(players.getByRole('checkbox', { name: 'Checked in', checked: true })).toHaveCount(checkedBefore + 1);
  await page.screenshot({ path: 'test-results/screens/pickup-presence.png' });
});

test('two quick clicks on Save in "New contract" make one contract (issue 22 item 3)', async ({ page, request }) => {
  const name = `Double click ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  await page.goto('/contract');
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('contract-name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page).toHaveURL(/\/contract\/\d+$/);
  const token = await apiToken(request, 'manager');
  const res = await request.get(`/api/contract?q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const found = (await res.json() as Array<{ ID: number; name: string }>).filter((c) => c.name === name);
  expect(found.map((c) => c.ID)).toEqual([Number(page.url().split('/').pop())]);
});
