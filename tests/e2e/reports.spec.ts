import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Reports (issue 13): an admin runs sales for last week, sees the summary, the week-over-week change
// and its chart, exports it and opens the file; a manager runs the daily report for their facility;
// a moderator finds the date picker disabled (except on health check-ins).

test('an admin runs sales for last week, compares it with the week before and exports it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto('/reporting');
  await expect(page.getByRole('region', { name: 'Sales' })).toBeVisible();
  await expectAccessible(page, 'reporting hub');
  await page.getByRole('region', { name: 'Sales' }).getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/reporting\/sales/);
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible({ timeout: 30_000 });
  // Last week: the 7 days before the default range.
  const start = page.getByLabel('Start date');
  const end = page.getByLabel('End date');
  const from = new Date(`${await start.inputValue()}T12:00:00Z`);
  const day = (offset: number) => new Date(from.getTime() + offset * 86400_000).toISOString().slice(0, 10);
  await start.fill(day(-7));
  await end.fill(day(-1));
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page).toHaveURL(new RegExp(`start=${day(-7)}&end=${day(-1)}`));
  const summary = page.getByTestId('sales-summary');
  await expect(summary.getByText('Gross sales')).toBeVisible();
  await expect(summary.getByText('Total sales')).toBeVisible();
  const week = page.getByTestId('week-over-week');
  await expect(week.getByRole('cell', { name: 'Net sales' })).toBeVisible();
  await expect(week.getByTestId('change').first()).toHaveText(/^[+-]?\d+(\.\d)?%$/);
  await expect(week.locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('transactions').getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'sales report with week over week');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sales_\d{8}-\d{6}\.xlsx$/);
  const XLSX = await import('xlsx');
  const workbook = XLSX.read(await readFile(await file.path()));
  expect(workbook.SheetNames).toEqual(['Transactions']);
  const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets.Transactions, { header: 1 });
  expect(rows[0]).toEqual(['Date', 'Amount', 'Type', 'Product', 'Invoice', 'Customer', 'Location']);
  // Every transaction of the report, not only the page shown (the grid's footer: "1–50 of N").
  const footer = await page.getByTestId('transactions').getByText(/^\d+–\d+ of \d+$/).textContent();
  expect(rows.length - 1).toBe(Number(footer?.split(' of ')[1]));
});

test('an admin narrows the teams report to a league picked by name', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto('/reporting/teams?facility=1');
  const league = page.getByRole('combobox', { name: 'League' });
  await expect(league).toBeVisible({ timeout: 30_000 });
  await league.click();
  const option = page.getByRole('option').first();
  const name = (await option.textContent()) ?? '';
  await option.click();
  await expect(league).toHaveValue(name);
  await expectAccessible(page, 'teams report');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/league=\d+/);
  await page.reload();
  await expect(league).toHaveValue(name);
});

test('a manager runs the daily report for their facility', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'manager');
  await page.goto('/reporting/daily?facility=2'); // another facility in the URL: still their own
  await expect(page.getByRole('button', { name: 'Run' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Run' }).click();
  const report = page.getByTestId('daily-report');
  await expect(report.getByRole('columnheader', { name: 'Touchline Brooklyn' })).toBeVisible();
  await expect(report.getByRole('columnheader', { name: 'Touchline Queens' })).toHaveCount(0);
  await expect(report.getByRole('cell', { name: 'Occupancy %' })).toBeVisible();
  await expectAccessible(page, 'daily report as a manager');
});

test('a moderator cannot pick dates, except on health check-ins', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'mod');
  await page.goto('/reporting/sales');
  // The reports chunk loads lazily: under CI's load its first paint can take longer than one expect.
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Start date')).toBeDisabled();
  await expect(page.getByLabel('End date')).toBeDisabled();
  await expect(page.getByText('Moderators see the last 30 days only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await expectAccessible(page, 'sales report as a mod');
  await page.goto('/reporting/health');
  await expect(page.getByLabel('Start date')).toBeEnabled();
  await expectAccessible(page, 'health report as a mod');
});

test('the invoice report reads whole at 1440 px, charts counts apart from dollars, and a backwards range clears it (issue 22 item 12)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto('/reporting/invoices?facility=1');
  const breakdowns = page.getByTestId('breakdowns');
  await expect(breakdowns.getByRole('heading', { name: 'By location' })).toBeVisible({ timeout: 30_000 });
  // Every header whole (no "P…") and every table inside the page.
  const headers = breakdowns.locator('.MuiDataGrid-columnHeaderTitle');
  await expect(headers.first()).toBeVisible();
  const cut = await headers.evaluateAll((titles) => titles.filter((t) => t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > (t.parentElement?.clientHeight ?? 0) + 1).map((t) => t.textContent));
  expect(cut).toEqual([]);
  const rightEdges = await breakdowns.locator('.MuiDataGrid-root').evaluateAll((grids) => grids.map((g) => g.getBoundingClientRect().right));
  expect(rightEdges).toHaveLength(3);
  for (const right of rightEdges) expect(right).toBeLessThanOrEqual(1440);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  // Dollars and counts in two charts.
  await expect(page.getByTestId('week-chart-money').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('week-chart-counts').getByText('Count').first()).toBeVisible(); // its axis and its bar's label
  // A backwards range: the old tables go, the bar says why.
  const start = await page.getByLabel('Start date').inputValue();
  const before = new Date(new Date(`${start}T12:00:00Z`).getTime() - 2 * 86400_000).toISOString().slice(0, 10);
  await page.getByLabel('End date').fill(before);
  await page.getByRole('search').getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('search').getByRole('alert')).toHaveText('The end date must be after the start date');
  await expect(breakdowns).toHaveCount(0);
  await expect(page.getByTestId('invoices-table')).toHaveCount(0);
});
