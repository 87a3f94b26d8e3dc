import { expect, test } from '@playwright/test';
import { apiToken } from './support/app';
import { payHold, signInByMail } from './support/portal';
import { screensOf } from './support/screens';

// How many screens online registration takes on a phone (issue 44 item 9: a returning parent registers a
// child for a class in ≤ 3 screens; a new family signs up and registers in ≤ 6). The portal has no
// sign-up of its own: a family is recorded at the front desk, then signs in by the mailed link. Its first
// visit, from the sign-in page to the place paid, takes 6 screens with the facility's waiver signed on the
// way (checkout refuses without it); returning, signed in, from the family page to another class paid, 3.

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86400;

test('a family registers a child in 5 screens on its first visit and in 3 when it returns', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const stamp = Date.now();
  const now = Math.floor(stamp / 1000);
  const offered = async (name: string): Promise<{ ID: number; name: string }> => (await request.post('/api/class', { headers, data: {
    name: `${name} ${stamp}`, description: 'Ball skills', facility_id: 3, new_product_id: 14, max_kids: 6,
    start_date: now + 30 * DAY, end_date: now + 90 * DAY, registration_start_date: now - DAY, registration_end_date: now + 20 * DAY,
  } })).json();
  const first = await offered('Spring Skills');
  const second = await offered('Fall Skills');
  const email = `screens.${stamp}@example.com`;
  const parent = await (await request.post('/api/customer', { headers, data: { first_name: 'Eva', last_name: 'Mora', email, phone: '555 555 0104', facility_id: 3 } })).json();
  const kid = await (await request.post('/api/customer', { headers, data: { first_name: 'Ian', last_name: 'Mora', is_kid: true, birthdate: '4/11/2016', gender: 'Boy', facility_id: 3 } })).json();
  expect((await request.post('/api/family', { headers, data: { parent_id: parent.ID, child_id: kid.ID } })).status()).toBe(201);

  /** From the family page: Register, the child chosen for `cls`, the hold paid. */
  const register = async (cls: { name: string }) => {
    await page.getByRole('link', { name: 'Register' }).click();
    const card = page.getByRole('form', { name: `Class · ${cls.name}` });
    await card.getByLabel('Ian Mora').check();
    await card.getByRole('button', { name: 'Hold my place' }).click();
    await expect(page).toHaveURL(/\/my\/holds\/\d+$/);
    await payHold(page);
  };

  const firstVisit = screensOf(page);
  await signInByMail(page, email);
  await page.getByRole('link', { name: 'Waivers' }).click();
  const waiver = page.getByRole('form', { name: 'Sign for Ian' });
  await waiver.getByLabel('Your full name').fill('Eva Mora');
  await waiver.getByRole('checkbox').check();
  await waiver.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByText(/^Signed by Eva Mora on /)).toBeVisible();
  await register(first);
  expect(firstVisit.list()).toEqual([
    '/my/login', expect.stringMatching(/^\/my\/login\/[A-Za-z0-9_-]{43}$/), '/my', '/my/waivers', '/my/register', expect.stringMatching(/^\/my\/holds\/\d+$/),
  ]);
  expect(firstVisit.list().length).toBeLessThanOrEqual(6);

  await page.goto('/my');
  const returning = screensOf(page);
  await register(second);
  expect(returning.list()).toEqual(['/my', '/my/register', expect.stringMatching(/^\/my\/holds\/\d+$/)]);
});
