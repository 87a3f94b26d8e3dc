import { expect, test } from '@playwright/test';
import { apiToken, dataDir } from './support/app';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';

// Online registration on a phone (issue 44): a parent signed in from the mailed link sees the camps open
// at their facility, holds a place for their child, sees the countdown, extends it once and pays by card;
// axe on each screen, in English and Spanish.

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86400;

test('a parent holds a camp place for their child, extends the hold and pays by card', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const email = `register.${stamp}@example.com`;
  const now = Math.floor(stamp / 1000);
  const camp = await (await request.post('/api/class', { headers, data: {
    name: `Summer Camp ${stamp}`, description: 'A week of football', facility_id: 3, new_product_id: 14, is_camp: true, max_kids: 6,
    start_date: now + 30 * DAY, end_date: now + 35 * DAY, registration_start_date: now - DAY, registration_end_date: now + 20 * DAY,
  } })).json();
  const parent = await (await request.post('/api/customer', { headers, data: { first_name: 'Ana', last_name: 'Ruiz', email, phone: '555 555 0101', facility_id: 3 } })).json();
  const kid = await (await request.post('/api/customer', { headers, data: { first_name: 'Leo', last_name: 'Ruiz', is_kid: true, birthdate: '5/20/2016', gender: 'Boy', facility_id: 3 } })).json();
  expect((await request.post('/api/family', { headers, data: { parent_id: parent.ID, child_id: kid.ID } })).status()).toBe(201);

  await page.goto('/my/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  const mail = await waitForMail(dataDir(), email);
  await page.goto(new URL(mail.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/login\/[A-Za-z0-9_-]{43}/)![0]).pathname);
  await expect(page.getByRole('heading', { name: 'Children' })).toBeVisible();
  // The facility's waiver, where it has one, signed for the child (checkout refuses otherwise).
  const portalHeaders = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('touchline.portal.token'))}` };
  for (const w of await (await request.get('/api/portal/waivers', { headers: portalHeaders })).json()) {
    if (w.customer_id !== kid.ID || w.signed) continue;
    expect((await request.post('/api/portal/waivers/sign', { headers: portalHeaders, data: { customer_id: kid.ID, version_id: w.version.ID, full_name: 'Ana Ruiz', consent: true } })).status()).toBeLessThan(300);
  }

  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/my\/register$/);
  const card = page.getByRole('form', { name: `Camp · ${camp.name}` });
  await expect(card.getByText('6 places left')).toBeVisible();
  await expectAccessible(page, 'portal register');
  await card.getByLabel('Leo Ruiz').check();
  await card.getByRole('button', { name: 'Hold my place' }).click();

  await expect(page).toHaveURL(/\/my\/holds\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Your places are held' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Held for (10:00|9:\d\d) more$/);
  await expectAccessible(page, 'portal hold');
  await page.getByRole('button', { name: 'Give me 10 more minutes' }).click();
  await expect(page.getByText('Extended once: it cannot be extended again.')).toBeVisible();

  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('status')).toContainText('You are registered.');
  await expectAccessible(page, 'portal hold paid');

  // Staff see the registration on the camp's page.
  const detail = await (await request.get(`/api/class/${camp.ID}`, { headers })).json();
  expect(JSON.stringify(detail)).toContain(`"customer_id":${kid.ID}`);

  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Inscribirse' })).toBeVisible();
  await expect(page.getByRole('form', { name: `Campamento · ${camp.name}` }).getByText('Quedan 5 lugares')).toBeVisible();
  await expectAccessible(page, 'portal register in Spanish');
});
