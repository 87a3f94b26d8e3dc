import { expect, test, type Locator, type Page } from '@playwright/test';
import { FACILITIES } from '../../server/db/seed/facilities';
import { apiToken, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Spec 1 §2, §4: the /resources page. The tax rate is typed as a percent, stored as a fraction and
// shown as a percent again after a reload; a field closing at 24 is stored as 23.99, shown as 24:00,
// and saving it goes to its facility's fields.

const dialog = (page: Page) => page.getByRole('dialog');

/** Picks an option of a select of the dialog (its accessible name starts with the label). */
async function pick(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}( |$)`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin adds a facility with a tax of 8.875 % and finds 8.875 again after a reload', async ({ page, request }) => {
  const name = `Touchline Hoboken ${Date.now()}`;
  await signInAs(page, 'admin');
  await page.goto('/resources?tab=facility');
  // The list first: under load, a click on 'Add new' while the tab still loads can land on nothing.
  await expect(page.getByRole('row').filter({ hasText: 'Brooklyn' })).toBeVisible();
  await expectAccessible(page, 'resources, facilities tab');
  await page.getByRole('button', { name: 'Add new' }).click();
  const form = dialog(page);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('Nickname *').fill('Hoboken');
  await form.getByLabel('Address *').fill('1 River St, Hoboken, NJ');
  await form.getByLabel('Tax rate *').fill('8.875');
  await expectAccessible(page, 'new-facility dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('8.875%');
  await page.reload();
  await expect(row).toContainText('8.875%');
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog(page).getByLabel('Tax rate *')).toHaveValue('8.875');

  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/facility?q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await res.json()).toEqual([expect.objectContaining({ name, tax_rate: 0.08875 })]);
});

test('an admin adds a field closing at 24 and finds it under its facility', async ({ page, request }) => {
  const facility = FACILITIES.find((f) => f.ID === 2)!;
  const name = `Bombonera ${Date.now()}`;
  await signInAs(page, 'admin');
  await page.goto('/resources?tab=field&facility_id=1');
  await page.getByRole('button', { name: 'Add new' }).click();
  const form = dialog(page);
  await form.getByLabel('Number *').fill('9');
  await form.getByLabel('Name *').fill(name);
  await pick(form, page, 'Facility', facility.name);
  const times: Array<[string, string]> = [
    ['Weekday open', '16:00'], ['Weekday close', '24:00'], ['Weekend open', '8:00'], ['Weekend close', '24:00'],
    ['Weekday peak start', '18:00'], ['Weekday peak end', '22:00'], ['Weekend peak start', '10:00'], ['Weekend peak end', '14:00'],
  ];
  for (const [label, option] of times) await pick(form, page, label, option);
  await expect(form.getByText('24 means midnight and 0 means closed')).toHaveCount(2);
  await expectAccessible(page, 'new-field dialog');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/resources\?tab=field&facility_id=2$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('16:00–24:00');
  await expect(row).toContainText('8:00–24:00');
  await expectAccessible(page, 'resources, fields tab');

  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/facility/fields?facility_id=2&q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await res.json()).toEqual([expect.objectContaining({ name, facility_id: 2, weekday_close_time: 23.99, weekend_close_time: 23.99 })]);
});
