import { expect, test } from '@playwright/test';
import { ROLES } from '../../core/constants';
import { ALL_MENU, DEMO_PASSWORD, LOGIN_RADIO, MENU, demo, menu, menuItem, signInAs, submitLogin } from './support/app';
import { expectAccessible } from './support/axe';

// Spec 1 §2 (login, layout, menus, the referee's calendar) and §8 (failed login).

for (const role of ROLES.filter((r) => r !== 'referee')) {
  test(`${role} signs in and sees the ${role} menu`, async ({ page }) => {
    await signInAs(page, role);
    await expect(page).toHaveURL(/\/calendar$/);
    const expected = MENU[role];
    for (const name of expected) await expect(menuItem(page, name)).toBeVisible();
    // Checked once the expected entries are on screen, so that absent means absent, not "not yet".
    await expect(menu(page).getByRole('link')).toHaveCount(expected.length);
    for (const name of ALL_MENU.filter((n) => !expected.includes(n))) await expect(menuItem(page, name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectAccessible(page, `calendar as ${role}`);
  });
}

test('referee signs in without a drawer, sees the store buttons on the calendar and My schedule in the header', async ({ page }) => {
  await signInAs(page, 'referee');
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { name: 'Referee app', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  // No drawer: the header's menu holds the referee's one entry, which opens their schedule.
  await expect(page.locator('.MuiDrawer-root')).toHaveCount(0);
  await expect(menu(page).getByRole('link')).toHaveText(MENU.referee);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectAccessible(page, 'referee app page');
  await menuItem(page, 'My schedule').click();
  await expect(page).toHaveURL(/\/schedule$/);
});

test('a wrong password shows the spec message and stays on the login page', async ({ page }) => {
  const { email } = demo('manager');
  await submitLogin(page, email, `${DEMO_PASSWORD}-wrong`, LOGIN_RADIO.manager);
  await expect(page.getByText('Wrong email/password combination')).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expectAccessible(page, 'login, wrong password');
});
