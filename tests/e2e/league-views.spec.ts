import { expect, test, type Page } from '@playwright/test';
import { PRODUCT } from '../../server/db/seed/catalog';
import { apiToken, signInAs } from './support/app';

// The league resource's views (issue 40): an admin creates a league through its create view
// (/league/create), sees it on its page (/league/{id}: the show view), edits it through its edit view
// (/league/{id}/edit) and sees the change at once; a manager (who may not add leagues: core/permissions)
// edits one the same way.

const DAY = 86_400;
const dateInput = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The edit view: the name changed, saved; then the league's page shows it, without a reload. */
async function rename(page: Page, id: number, name: string) {
  await page.goto(`/league/${id}/edit`);
  const field = page.getByRole('textbox', { name: /^Name/ });
  await expect(field).not.toHaveValue('');
  await field.fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/league/${id}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an admin creates a league at /league/create, sees it at /league/{id}, edits it at /league/{id}/edit', async ({ page }) => {
  test.setTimeout(120_000);
  const now = Math.floor(Date.now() / 1000);
  const tag = Date.now().toString(36);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto('/league/create');
  await page.getByRole('textbox', { name: /^Name/ }).fill(`View League ${tag}`);
  await page.getByRole('textbox', { name: /Online description/ }).fill('Thursday nights');
  await page.getByRole('combobox', { name: /Product/ }).click();
  await page.getByRole('option', { name: /^Adult League Team Fee/ }).click();
  for (const [label, seconds] of [[/^Start date/, now + 30 * DAY], [/^End date/, now + 90 * DAY], [/^Registration start/, now - DAY], [/^Registration end/, now + 29 * DAY]] as const) {
    await page.getByLabel(label).fill(dateInput(seconds));
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/league\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: `View League ${tag}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Teams' })).toBeVisible();
  await rename(page, id, `View League ${tag} B`);
});

test('a manager sees a league at /league/{id} and edits it at /league/{id}/edit', async ({ page, request }) => {
  test.setTimeout(120_000);
  const now = Math.floor(Date.now() / 1000);
  const tag = Date.now().toString(36);
  const token = await apiToken(request, 'admin');
  const created = await request.post('/api/league', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Manager League ${tag}`, description: 'Weeknights', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
      start_date: now + 30 * DAY, end_date: now + 90 * DAY, registration_start_date: now - DAY, registration_end_date: now + 29 * DAY,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { ID: id } = await created.json();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  await page.goto(`/league/${id}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: `Manager League ${tag}` })).toBeVisible();
  // Managers add no leagues: the list offers no Add new league.
  await page.goto('/leagues');
  await expect(page.getByTestId('league-count')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add new league' })).toHaveCount(0);
  await rename(page, id, `Manager League ${tag} B`);
});
