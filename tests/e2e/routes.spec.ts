import { expect, test } from '@playwright/test';
import { menuItem, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Spec 1 §2: route guards, browser routes that survive a reload, the session check.

const ADMIN_CARDS = ['Customers', 'Discounts', 'Leagues', 'Teams', 'E-Players', 'Invoices', 'Staff', 'Scoreboards', 'Resources', 'Products'];

for (const path of ['/invoice', '/refund']) {
  test(`a manager is told the admin-only ${path} is not theirs, with a way back`, async ({ page }) => {
    await signInAs(page, 'manager');
    await expect(menuItem(page, 'Calendar')).toBeVisible();
    await page.goto(path);
    // Said at the address, not a silent move to the calendar (issue 22 item 6).
    await expect(page.getByRole('heading', { name: "You don't have access to this page", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(menuItem(page, 'Invoices')).toHaveCount(0);
    await expectAccessible(page, `access denied at ${path}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  });
}

test('a manager opens the admin home from the menu and sees every card but the admin-only Invoices', async ({ page }) => {
  await signInAs(page, 'manager');
  await menuItem(page, 'Admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  const mine = ADMIN_CARDS.filter((name) => name !== 'Invoices');
  for (const name of mine) await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Invoices' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage' })).toHaveCount(mine.length);
  await expectAccessible(page, 'admin home as a manager');
});

test('the admin home reloads in place with its cards', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin');
  for (const name of ADMIN_CARDS) await expect(page.getByRole('region', { name })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/admin$/);
  for (const name of ADMIN_CARDS) await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage' })).toHaveCount(ADMIN_CARDS.length);
});

test('a reload on a deep link keeps the page', async ({ page }) => {
  await signInAs(page, 'manager');
  await menuItem(page, 'Customers').click();
  await expect(page).toHaveURL(/\/customer$/);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/customer$/);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(menuItem(page, 'Customers')).toHaveAttribute('aria-current', 'page');
});

test('without a session a deep link goes to the login page', async ({ page }) => {
  await page.goto('/customer');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
