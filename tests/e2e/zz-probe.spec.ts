import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { menuItem, signInAs } from './support/app';

test.use({ viewport: { width: 1440, height: 900 } });

async function probe(page: import('@playwright/test').Page, label: string) {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(label, JSON.stringify(bad.map((v) => [v.id, v.nodes.map((n) => [n.target.join(' '), n.failureSummary?.slice(0, 300)])])));
}

test('probe', async ({ page }) => {
  await signInAs(page, 'manager');
  await expect(page.locator('.fc-timegrid-col[data-resource-id="1"]')).toBeVisible();
  await probe(page, 'en day immediate');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(menuItem(page, 'Calendario')).toBeVisible();
  await probe(page, 'es day immediate');
  await page.waitForTimeout(1000);
  await probe(page, 'es day 1s');
  await page.getByRole('button', { name: 'Semana' }).click();
  await probe(page, 'es week immediate');
  await page.waitForTimeout(1000);
  await probe(page, 'es week 1s');
  await page.getByRole('button', { name: 'English' }).click();
});
