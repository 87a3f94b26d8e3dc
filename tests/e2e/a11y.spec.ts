import { expect, test } from '@playwright/test';
import { signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Issue 31: axe on the screens that no other spec visits (each spec checks the screens it walks through),
// as an admin and as a manager. A screen joins this list only while no spec of its own visits it.

test.use({ viewport: { width: 1440, height: 900 } });

/** The /resources tabs that resources.spec.ts does not open (it opens facility and field). */
const SETTINGS_TABS = ['product_type', 'gl', 'product', 'tax', 'fee', 'agegroup', 'fieldtype', 'integration'];
const BOTH = ['/customer', '/teams', '/eplayer', ...SETTINGS_TABS.map((tab) => `/resources?tab=${tab}`)];
const SCREENS = {
  admin: [...BOTH, '/newproduct', '/newproduct/1', '/products'],
  manager: BOTH,
};

for (const role of ['admin', 'manager'] as const) {
  test(`the screens no other spec visits are accessible to the ${role}`, async ({ page }) => {
    await signInAs(page, role);
    for (const path of SCREENS[role]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Drawn: react-admin's loading indicator and the page's own spinners are gone.
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectAccessible(page, `${path} as ${role}`);
    }
  });
}
