import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { dataDir } from './app';
import { waitForMail } from './mail';

// The families' portal as a parent uses it on the phone: signed in from the mailed link, the facility's
// waiver signed for members about to register (a checkout refuses without it), a hold paid with the
// simulator's test card.

/** Opens the sign-in link last mailed to `email`. */
async function openSignInMail(page: Page, email: string) {
  const mail = await waitForMail(dataDir(), email, (m) => /\/my\/login\//.test(m.bodies.join('\n')));
  await page.goto(new URL(mail.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/login\/[A-Za-z0-9_-]{43}/)![0]).pathname);
}

/** Asks a sign-in link through the API and opens it. */
export async function signInFromMail(page: Page, request: APIRequestContext, email: string) {
  expect((await request.post('/api/portal/login', { data: { email } })).status()).toBe(202);
  await openSignInMail(page, email);
}

/** Asks a sign-in link for `email` on /my/login, as a parent does, and opens it: the family page. */
export async function signInByMail(page: Page, email: string) {
  await page.goto('/my/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await openSignInMail(page, email);
  await expect(page.getByRole('heading', { name: 'Children' })).toBeVisible();
}

/** Signs, in `fullName`, the current waivers of the signed-in family's `customerIds` not signed yet. */
export async function signWaivers(page: Page, request: APIRequestContext, customerIds: number[], fullName: string) {
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('touchline.portal.token'))}` };
  for (const w of await (await request.get('/api/portal/waivers', { headers })).json()) {
    if (!customerIds.includes(w.customer_id) || w.signed) continue;
    expect((await request.post('/api/portal/waivers/sign', { headers, data: { customer_id: w.customer_id, version_id: w.version.ID, full_name: fullName, consent: true } })).status()).toBeLessThan(300);
  }
}

/** Pays the hold on screen with the simulator's approved test card. */
export async function payHold(page: Page) {
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('status')).toContainText('You are registered.');
}
