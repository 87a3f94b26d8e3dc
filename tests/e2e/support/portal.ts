import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { dataDir } from './app';
import { waitForMail } from './mail';

// The families' portal as a parent uses it on the phone: signed in from the mailed link, the facility's
// waiver signed for members about to register (a checkout refuses without it), a hold paid with the
// simulator's test card; another family's session token without a browser (a set-up step).

/** The sign-in link last mailed to `email`. */
async function signInLink(email: string): Promise<string> {
  const mail = await waitForMail(dataDir(), email, (m) => /\/my\/login\//.test(m.bodies.join('\n')));
  return mail.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/login\/[A-Za-z0-9_-]{43}/)![0];
}

/** Opens the sign-in link last mailed to `email`. */
async function openSignInMail(page: Page, email: string) {
  await page.goto(new URL(await signInLink(email)).pathname);
}

/** A portal session's bearer token for `email`: its mailed link's token exchanged through the API, no browser. */
export async function portalApiToken(request: APIRequestContext, email: string): Promise<string> {
  expect((await request.post('/api/portal/login', { data: { email } })).status()).toBe(202);
  const token = (await signInLink(email)).split('/').pop();
  const session = await request.post('/api/portal/session', { data: { token } });
  expect(session.status(), await session.text()).toBe(200);
  return (await session.json()).token as string;
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
  await signWaiversAs(request, (await page.evaluate(() => localStorage.getItem('touchline.portal.token')))!, customerIds, fullName);
}

/** signWaivers for the family of the portal session `token`. */
export async function signWaiversAs(request: APIRequestContext, token: string, customerIds: number[], fullName: string) {
  const headers = { authorization: `Bearer ${token}` };
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
