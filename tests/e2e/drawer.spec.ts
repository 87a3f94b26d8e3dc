import { expect, test } from '@playwright/test';
import { FACILITY } from '../../core/constants';
import { FACILITIES } from '../../server/db/seed/facilities';
import { menuItem, signInAs } from './support/app';
import { expectAccessible } from './support/axe';

// Spec 1 §2 and §4: the drawer's facility selector (admin only; hides ids ≥ 997 and empty nicknames;
// kept locally, default 1; a change reloads; 'All facilities' first, the spec's facility 0) and the language switch.

const facilityName = (id: number) => FACILITIES.find((f) => f.ID === id)!.name;
const selectable = FACILITIES.filter((f) => f.ID < FACILITY.HIDDEN_FROM && f.nickname.trim()).sort((a, b) => a.ID - b.ID);

test('the admin picks a facility in the drawer and the choice outlives the reload', async ({ page }) => {
  await signInAs(page, 'admin');
  const selector = page.getByRole('combobox', { name: 'Facility' });
  await expect(selector).toHaveText(facilityName(FACILITY.DEFAULT));
  await selector.click();
  await expect(page.getByRole('option')).toHaveText(['All facilities', ...selectable.map((f) => f.name)]);
  await expectAccessible(page, 'facility selector, open');

  await page.getByRole('option', { name: facilityName(2), exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveText(facilityName(2));
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveText(facilityName(2));
});

test('a manager has no facility selector', async ({ page }) => {
  await signInAs(page, 'manager');
  await expect(menuItem(page, 'Calendar')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Facility' })).toHaveCount(0);
});

test('the language switch turns the app to Spanish and back', async ({ page }) => {
  await signInAs(page, 'manager');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(menuItem(page, 'Calendario')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expectAccessible(page, 'calendar in Spanish');
  await page.reload();
  await expect(menuItem(page, 'Clientes')).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(menuItem(page, 'Customers')).toBeVisible();
});
