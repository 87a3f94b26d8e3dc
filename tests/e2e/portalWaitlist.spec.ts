import { expect, test } from '@playwright/test';
import { apiToken, dataDir } from './support/app';
import { payHold, signInByMail, signWaivers } from './support/portal';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';

// The waitlist that runs itself (issue 44 item 5) on a phone: a family joins a full class's waitlist in
// the portal; staff remove a registration, which frees the seat; the offer arrives by mail, and the
// parent opens its link, takes the held seat and pays. Axe on each screen.

test.use({ viewport: { width: 390, height: 844 } });

const DAY = 86400;

test('a family joins a full class\'s waitlist and takes the seat offered by mail', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const now = Math.floor(stamp / 1000);
  const person = async (data: Record<string, unknown>) => (await request.post('/api/customer', { headers, data: { facility_id: 3, ...data } })).json();
  const cls = await (await request.post('/api/class', { headers, data: {
    name: `Winter Skills ${stamp}`, description: 'One place only', facility_id: 3, new_product_id: 14, max_kids: 1,
    start_date: now + 30 * DAY, end_date: now + 90 * DAY, registration_start_date: now - DAY, registration_end_date: now + 20 * DAY,
  } })).json();
  // The class's one place, taken at the front desk.
  const first = await person({ first_name: 'Mia', last_name: 'Costa', is_kid: true, birthdate: '3/2/2016', gender: 'Girl' });
  const firstParent = await person({ first_name: 'Rui', last_name: 'Costa', email: `costa.${stamp}@example.com`, phone: '555 555 0103' });
  expect((await request.post('/api/family', { headers, data: { parent_id: firstParent.ID, child_id: first.ID } })).status()).toBe(201);
  const seated = await request.post('/api/class/registration', { headers, data: { price: 90, attendee: { class_id: cls.ID, customer_id: first.ID } } });
  expect(seated.status(), await seated.text()).toBe(201);

  const email = `waitlist.${stamp}@example.com`;
  const parent = await person({ first_name: 'Sara', last_name: 'Lind', email, phone: '555 555 0102' });
  const kid = await person({ first_name: 'Noa', last_name: 'Lind', is_kid: true, birthdate: '7/9/2016', gender: 'Girl' });
  expect((await request.post('/api/family', { headers, data: { parent_id: parent.ID, child_id: kid.ID } })).status()).toBe(201);

  await signInByMail(page, email);
  await signWaivers(page, request, [kid.ID], 'Sara Lind');

  await page.getByRole('link', { name: 'Register' }).click();
  const card = page.getByRole('form', { name: `Class · ${cls.name}` });
  await expect(card.getByText('Full: you can join the waitlist')).toBeVisible();
  await card.getByLabel('Noa Lind').check();
  await card.getByRole('button', { name: 'Join the waitlist for Noa Lind' }).click();
  await expect(card.getByRole('status')).toHaveText('Noa Lind is number 1 on the waitlist. We will mail you when a place opens.');
  await expectAccessible(page, 'portal waitlist joined');

  // Staff remove the front desk's registration: the freed place is offered to the waitlist by mail.
  expect((await request.delete(`/api/class/registration/${(await seated.json()).ID}`, { headers })).status()).toBe(200);
  const offer = await waitForMail(dataDir(), email, (m) => /\/my\/holds\/\d+/.test(m.bodies.join('\n')), 20_000);
  expect(offer.headers.subject).toBe(`A place in ${cls.name} is held for Noa`);
  const link = offer.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/holds\/\d+/)![0];

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'A place opened for you on the waitlist' })).toBeVisible();
  await expect(page.getByText('Noa Lind:')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Held for \d+:\d\d:\d\d more$/);
  // A day's offer: no ten-minute extension until its last ten minutes.
  await expect(page.getByRole('button', { name: 'Give me 10 more minutes' })).toHaveCount(0);
  await expectAccessible(page, 'portal waitlist offer');
  await payHold(page);
  await expectAccessible(page, 'portal waitlist offer paid');

  // Staff see Noa in the class and the waitlist empty.
  const detail = await (await request.get(`/api/class/${cls.ID}`, { headers })).json();
  expect(detail.attendees.map((a: { customer_id: number }) => a.customer_id)).toEqual([kid.ID]);
  expect(detail.waitlists).toEqual([]);
});
