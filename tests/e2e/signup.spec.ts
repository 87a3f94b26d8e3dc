import { expect, test, type APIRequestContext } from '@playwright/test';
import { decodeSignupPayload } from '../../core/signupLink';
import { LOGIN_RADIO, MENU, apiToken, dataDir, menuItem, signIn, signOut, submitLogin } from './support/app';
import { isResetMail, signupLinkIn, waitForMail } from './support/mail';
import { expectAccessible } from './support/axe';

// Spec 1 §2 (signup and password reset page, forgot page), §5 (signup rules), §7 (presignup, confirm,
// reset), §8 (signup and forgot messages). Mail is read from the server's outbox.

let invited = 0;

/** An admin invites a new MOD through POST /user/presignup; answers the address and the mailed link. */
async function invite(request: APIRequestContext, baseURL: string | undefined) {
  const email = `new.mod.${Date.now()}.${++invited}@touchline.test`;
  const res = await request.post('/user/presignup', {
    headers: { authorization: `Bearer ${await apiToken(request, 'admin')}` },
    data: { facility_id: 1, user_type: 'mod', first_name: 'Nadia', last_name: 'Newcomer', email, phone: '2125550199' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const link = signupLinkIn(await waitForMail(dataDir(), email));
  expect(link.startsWith(`${baseURL}/signup?token=`), link).toBe(true);
  return { email, link };
}

test('a new staff member signs up from the mailed link, then signs in again', async ({ page, baseURL }) => {
  const { email, link } = await invite(page.request, baseURL);
  const password = 'kick-off-2024';

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
  const emailField = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Nadia');
  await expectAccessible(page, 'signup page');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('212-555-0199');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Signed in straight away, with the menu of the role the admin gave.
  await expect(page).toHaveURL(/\/calendar$/);
  for (const name of MENU.mod) await expect(menuItem(page, name)).toBeVisible();

  await signOut(page);
  await signIn(page, email, password, LOGIN_RADIO.mod);
  await expect(menuItem(page, 'Calendar')).toBeVisible();
});

test('a staff member recovers a forgotten password from the mailed link', async ({ page, baseURL }) => {
  const { email, link } = await invite(page.request, baseURL);
  const payload = decodeSignupPayload(new URL(link).searchParams.get('token'));
  expect(payload).not.toBeNull();
  const confirmed = await page.request.post('/user/confirm', {
    data: { id: payload!.id, token: payload!.token, first_name: 'Nadia', last_name: 'Newcomer', phone: '+12125550199', password: 'first-password' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please check your email for a link to reset your password')).toBeVisible();
  await expectAccessible(page, 'forgot-password page, sent');

  const resetLink = signupLinkIn(await waitForMail(dataDir(), email, isResetMail));
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'Password recover', level: 1 })).toBeVisible();
  await expectAccessible(page, 'password-recover page');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-password');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('second-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/calendar$/);

  await signOut(page);
  await submitLogin(page, email, 'first-password', LOGIN_RADIO.mod);
  await expect(page.getByText('Wrong email/password combination')).toBeVisible();
  await signIn(page, email, 'second-password', LOGIN_RADIO.mod);
  await expect(menuItem(page, 'Calendar')).toBeVisible();
});

test('a link without a valid payload shows "Wrong signup link"', async ({ page }) => {
  await page.goto('/signup?token=garbage');
  await expect(page.getByText('Wrong signup link')).toBeVisible();
  await expectAccessible(page, 'wrong signup link');
});

test('mismatched passwords are refused with the spec message', async ({ page }) => {
  const token = Buffer.from(JSON.stringify({ id: 1, token: 'x', first_name: 'A', last_name: 'B', email: 'a@touchline.test', phone: '2125550100' })).toString('base64url');
  await page.goto(`/signup?token=${token}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('one-password');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('another-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expectAccessible(page, 'signup page, passwords do not match');
});
