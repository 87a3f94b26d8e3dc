import { expect, test, type Page } from '@playwright/test';
import { apiToken, signInAs } from './support/app';

// Issue 40 items 1, 5: a team and a class through their views — created in their Create view (the
// dialog over the list, or /{name}/create), shown at the spec's URL (/team/{id}, /classes/{id}), edited
// in their Edit view (/{name}/{id}/edit) and shown changed, without a reload. Creating a class is for
// admins (core/permissions MATRIX): the manager edits one an admin made.

const DAY = 86_400;
const dateInput = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const idIn = (page: Page) => Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

/** The team, named `name`, edited to `renamed` in /team/{id}/edit; its page shows the new name. */
async function editTeam(page: Page, id: number, renamed: string) {
  await page.goto(`/team/${id}/edit`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).not.toHaveValue('');
  await name.fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/team/${id}$`));
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: renamed })).toBeVisible();
}

/** The class edited in /classes/{id}/edit: a new name and quota, which its page shows. */
async function editClass(page: Page, id: number, renamed: string) {
  await page.goto(`/classes/${id}/edit`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).not.toHaveValue('');
  await name.fill(renamed);
  await page.getByRole('spinbutton', { name: 'Max number of kids' }).fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/classes/${id}$`));
  const info = page.getByTestId('class-info');
  await expect(info.getByRole('textbox', { name: 'Name' })).toHaveValue(renamed);
  await expect(info).toContainText(/Quota \(kids per class\)\s*12/);
}

test('an admin creates a team and a class in their create views, sees each at its URL and edits it', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  await signInAs(page, 'admin');

  await page.goto('/team/create');
  await page.getByRole('textbox', { name: 'Name' }).fill(`Views FC ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/team\/\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: `Views FC ${tag}` })).toBeVisible();
  await editTeam(page, idIn(page), `Views United ${tag}`);

  await page.goto('/classes/create');
  const now = Math.floor(Date.now() / 1000);
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option').filter({ hasText: /\w/ }).first().click();
  await page.getByRole('textbox', { name: 'Name' }).fill(`Views Class ${tag}`);
  await page.getByRole('textbox', { name: 'Online description' }).fill('Ball skills');
  for (const [label, seconds] of [['Start date', now + DAY], ['End date', now + 60 * DAY], ['Registration start', now - DAY], ['Registration end', now + 30 * DAY]] as const) {
    await page.getByLabel(label, { exact: true }).fill(dateInput(seconds));
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/classes\/\d+$/);
  await expect(page.getByTestId('class-info').getByRole('textbox', { name: 'Name' })).toHaveValue(`Views Class ${tag}`);
  await editClass(page, idIn(page), `Views Camp ${tag}`);
});

test('a manager creates a team over the list, edits it, and edits a class in their views', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const now = Math.floor(Date.now() / 1000);
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const products = await (await request.get('/api/class/products?facility_id=1&gl_prefix=140', { headers })).json() as Array<{ new_product_id: number }>;
  const created = await request.post('/api/class', {
    headers,
    data: {
      facility_id: 1, name: `Managed Class ${tag}`, description: 'Ball skills', max_kids: 8, new_product_id: products[0].new_product_id,
      start_date: now + DAY, end_date: now + 60 * DAY, registration_start_date: now - DAY, registration_end_date: now + 30 * DAY,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const cls = await created.json() as { ID: number };

  await signInAs(page, 'manager');
  await page.goto('/teams');
  await page.getByRole('button', { name: 'Add new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new team' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Managed FC ${tag}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/team\/\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: `Managed FC ${tag}` })).toBeVisible();
  await editTeam(page, idIn(page), `Managed United ${tag}`);

  await page.goto(`/classes/${cls.ID}`);
  await expect(page.getByTestId('class-info').getByRole('textbox', { name: 'Name' })).toHaveValue(`Managed Class ${tag}`);
  await editClass(page, cls.ID, `Managed Camp ${tag}`);
});
