import { expect, test } from '@playwright/test';
import { apiToken, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Spec 1 §2, §4: a manager creates a parent and a child through the add-participant wizard, lands on
// the child's profile, whose email is the parent's + '##' + the child's ID, and finds the child again
// by two words of the customer search.

test('a manager creates a parent and a child in the wizard and finds the child again by two words', async ({ page, request }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const last = `Pemberton${tag}`;
  const parentEmail = `parent.${tag}@example.com`;
  // A phone of this run only: a phone already on record would stop the wizard at its likely duplicates.
  const parentPhone = `646 ${100 + Math.floor(Math.random() * 900)} ${String(Date.now() % 10000).padStart(4, '0')}`;
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 8);

  await signInAs(page, 'manager');
  await page.goto('/customer');
  await page.getByRole('button', { name: 'New customer' }).click();
  const wizard = page.getByRole('dialog');
  await wizard.getByRole('tab', { name: 'Child' }).click();
  await wizard.getByLabel('Child first name').fill('Juniper');
  await wizard.getByLabel('Child last name').fill(last);
  await wizard.getByLabel('Birth date (M/D/YYYY)').fill(`${birth.getUTCMonth() + 1}/${birth.getUTCDate()}/${birth.getUTCFullYear()}`);
  await wizard.getByLabel('Gender').click();
  await page.getByRole('option', { name: 'Girl' }).click();
  await wizard.getByRole('radiogroup').nth(1).getByLabel('New').check();
  await wizard.getByLabel('Parent first name').fill('Harriet');
  await wizard.getByLabel('Parent last name').fill(last);
  await wizard.getByLabel('Parent email').fill(parentEmail);
  await wizard.getByLabel('Parent phone').fill(parentPhone);
  await expectAccessible(page, 'new-customer wizard, child and new parent');
  await wizard.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Customer created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  const childId = Number(new URL(page.url()).pathname.split('/').pop());

  // The child's '##' email, as the API has it (the profile page shows the same record).
  const token = await apiToken(request, 'manager');
  const res = await request.get(`/api/customer/search/${encodeURIComponent(`juniper ${last}`)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  expect(await res.json()).toEqual([expect.objectContaining({ ID: childId, is_kid: true, email: `${parentEmail}##${childId}` })]);

  await page.goto('/customer');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`${last.toLowerCase()} Juniper`);
  const link = page.getByRole('link', { name: `Juniper ${last}` });
  await expect(link).toHaveAttribute('href', `/customer/${childId}`);
  await expect(page.getByRole('link', { name: `Harriet ${last}` })).toHaveCount(0);
  // A child's '##' email shows as its parent's address, marked 'child of'.
  await expect(page.getByRole('cell', { name: `child of ${parentEmail}` })).toBeVisible();
  await expectAccessible(page, 'customer list, searched');
  await expect(page.getByText(`##${childId}`)).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/customer/${childId}$`));
});
