import { expect, test } from '@playwright/test';
import { apiToken, dataDir, signInAs } from './support/app';
import { isResetMail, signupLinkIn, waitForMail } from './support/mail';
import { expectAccessible } from './support/axe';

// Spec 1 §2, §5: a manager creates a staff member and is never offered the admin or manager types;
// spec 1 §2, §4: an expired discount leaves the list until 'Show expired?' is on.

test('a manager creates a staff member, without the admin or manager types, and the member is mailed', async ({ page }) => {
  const email = `whistle.${Date.now()}@touchline.test`;
  await signInAs(page, 'manager');
  await page.goto('/staff');
  await page.getByRole('button', { name: 'Add new' }).click();
  const form = page.getByRole('dialog');
  // The form has rendered (its type picker is there) before the absence of the facility picker counts.
  await expect(form.getByRole('combobox', { name: 'User type' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: /^Facility/ })).toHaveCount(0);

  await form.getByRole('combobox', { name: 'User type' }).click();
  // Besides the empty choice.
  await expect(page.getByRole('option').filter({ hasText: /\w/ })).toHaveText(['MOD', 'Coach', 'Referee']);
  await expectAccessible(page, 'new-staff dialog, user types');
  await page.getByRole('option', { name: 'Referee', exact: true }).click();
  await form.getByLabel('First name').fill('Rita');
  await form.getByLabel('Last name').fill('Whistle');
  await form.getByLabel('Email *').fill(email);
  await form.getByLabel('Phone').fill('212-555-0199');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Successfully created Referee')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Rita Whistle');
  await expect(row).toContainText('Referee');
  await expectAccessible(page, 'staff list as a manager');
  // The new member's signup link (not a reset link).
  const mail = await waitForMail(dataDir(), email);
  expect(isResetMail(mail)).toBe(false);
  expect(signupLinkIn(mail)).toContain('/signup');
});

test("an admin expires a discount, which disappears until 'Show expired?' is on", async ({ page, request }) => {
  const name = `Expiring ${Date.now()}`;
  const token = await apiToken(request, 'admin');
  const created = await request.post('/api/discount', { data: { name, is_percentage: true, value: 20 }, headers: { authorization: `Bearer ${token}` } });
  expect(created.status(), await created.text()).toBe(201);

  await signInAs(page, 'admin');
  await page.goto('/discount');
  await page.getByPlaceholder('Search').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Percentage');
  await expect(row).toContainText('20%');
  await expectAccessible(page, 'discounts');
  await row.getByRole('button', { name: 'Expire' }).click();
  const confirm = page.getByRole('dialog', { name: 'Expire discount' });
  await expect(confirm).toContainText(name);
  await expectAccessible(page, 'expire-discount confirmation');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toHaveCount(0);

  await page.getByRole('switch', { name: 'Show expired?' }).check();
  await expect(row).toContainText('Expired');
  await expect(row.getByRole('button', { name: 'Expire' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show expired?' }).uncheck();
  await expect(row).toHaveCount(0);
});
