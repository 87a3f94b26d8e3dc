import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Role } from '../../core/constants';
import { apiToken, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// The customer profile (spec 1 §2, §5): an admin adds credit, and cannot erase credit another admin
// added meanwhile; a suspended player shows as suspended; an oversized photo is refused.

async function newCustomer(request: APIRequestContext, token: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await request.post('/api/customer', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Rowan', last_name: `Profile${tag}`, email: `rowan.${tag}@example.com`, phone: '212 555 0177' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { ID: number; last_name: string };
}

/** A new customer, created through the API, whose profile the role then opens in the browser. */
async function openNewProfile(page: Page, request: APIRequestContext, role: Role) {
  const token = await apiToken(request, role);
  const customer = await newCustomer(request, token);
  await signInAs(page, role);
  await page.goto(`/customer/${customer.ID}`);
  return { token, customer, card: page.getByRole('region', { name: 'Customer' }) };
}

test('an admin adds credit to a customer', async ({ page, request }) => {
  const { card } = await openNewProfile(page, request, 'admin');
  await expect(card.getByTestId('credit-balance')).toHaveText('$0.00');
  await card.getByRole('button', { name: 'Add credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add credit' });
  await dialog.getByLabel('Amount to add').fill('25.50');
  await expect(dialog.getByText('New balance: $25.50')).toBeVisible();
  await expectAccessible(page, 'add-credit dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('credit-balance')).toHaveText('$25.50');
});

test('credit added by another admin meanwhile is kept: the stale dialog is refused and the balance reloads', async ({ page, request }) => {
  const { token, customer, card } = await openNewProfile(page, request, 'admin');
  await expect(card.getByTestId('credit-balance')).toHaveText('$0.00');

  // Another admin adds $10 while this page still shows $0.00.
  const other = await request.put(`/api/customer/${customer.ID}`, { headers: { authorization: `Bearer ${token}` }, data: { credits: 10 } });
  expect(other.ok(), await other.text()).toBe(true);

  const dialog = page.getByRole('dialog', { name: 'Add credit' });
  await card.getByRole('button', { name: 'Add credit' }).click();
  await dialog.getByLabel('Amount to add').fill('5');
  await expect(dialog.getByText('New balance: $5.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText('Someone else changed this customer meanwhile. Reload the page and try again.');
  await expectAccessible(page, 'error dialog');
  await error.getByRole('button', { name: 'Dismiss' }).click();

  // The profile reloaded under the open dialog: adding $5 now lands on top of the other admin's $10.
  await expect(dialog.getByText('New balance: $15.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('credit-balance')).toHaveText('$15.00');
});

test('a suspended player shows as suspended', async ({ page, request }) => {
  const { card } = await openNewProfile(page, request, 'manager');
  await expect(card.getByTestId('suspension-status')).toHaveText('Active');
  await card.getByRole('button', { name: 'Suspend player' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend player' });
  await dialog.getByLabel('Foul').fill('Red card');
  await expectAccessible(page, 'suspend-player dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('suspension-status')).toHaveText('Suspended');
  await page.getByRole('tab', { name: 'Suspensions' }).click();
  await expect(page.getByRole('cell', { name: 'Red card' })).toBeVisible();
  await expectAccessible(page, 'customer profile, suspensions');
});

test('an oversized photo is refused', async ({ page, request }) => {
  const { token, customer, card } = await openNewProfile(page, request, 'manager');
  await card.getByRole('button', { name: 'Add profile photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile photo' });
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  await dialog.getByLabel('Choose a file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(716_801)]) });
  await expect(dialog.getByText('File is too big!')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await expectAccessible(page, 'profile-photo dialog');

  // The server refuses it too, whatever the browser does.
  const res = await request.post(`/api/customer/${customer.ID}/profile-picture`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([png, Buffer.alloc(716_801)]) } },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe('File is too big!');
});

test('every profile tab shows on a 1440×900 laptop screen, none behind a scroll arrow', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openNewProfile(page, request, 'admin');
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs.last()).toBeVisible();
  const names = await tabs.allTextContents();
  expect(names).toEqual(expect.arrayContaining(['Free trials', 'Suspensions', 'Changes']));
  for (const name of names) await expect(page.getByRole('tab', { name })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: /scroll/i })).toHaveCount(0);
  // Nothing widens the page past the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await expectAccessible(page, 'customer profile as an admin');
});
