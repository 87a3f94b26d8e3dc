import { expect, test } from '@playwright/test';
import { apiToken, dataDir } from './support/app';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';

// The families' site at /my on a phone (issue 43): a parent asks for a link, signs in from the mailed
// link, sees the family, adds a child, reads the schedule, signs a child's waiver, switches to Spanish;
// pays an invoice by card and reads the calendar's URL; edits the contact details; axe on each screen.

test.use({ viewport: { width: 390, height: 844 } });

test('a parent signs in from the mailed link, adds a child, reads the schedule and signs the waiver, in English and Spanish', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const email = `portal.${Date.now()}@example.com`;
  const parent = await (await request.post('/api/customer', { headers, data: { first_name: 'Maria', last_name: 'Lopez', email, phone: '555 555 0100', facility_id: 1 } })).json();
  const kid = await (await request.post('/api/customer', { headers, data: { first_name: 'Sofia', last_name: 'Lopez', is_kid: true, birthdate: '4/30/2016', gender: 'Girl', facility_id: 1 } })).json();
  expect((await request.post('/api/family', { headers, data: { parent_id: parent.ID, child_id: kid.ID } })).status()).toBe(201);
  const waiverText = `I accept the risks of indoor soccer (${email}).`;
  expect((await request.post('/api/facility/1/waiver', { headers, data: { text: waiverText } })).status()).toBe(201);

  await page.goto('/my');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'portal sign-in');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');

  const mail = await waitForMail(dataDir(), email);
  const link = mail.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/login\/[A-Za-z0-9_-]{43}/)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Children' })).toBeVisible();
  await expect(page.getByText('Sofia Lopez')).toBeVisible();
  await expectAccessible(page, 'portal family');

  await page.getByLabel('First name').fill('Mateo');
  await page.getByLabel('Last name').fill('Lopez');
  await page.getByLabel('Birth date').fill('2018-09-12');
  await page.getByRole('radio', { name: 'Boy' }).check();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Mateo was added to your family.');
  await expect(page.getByText('Mateo Lopez')).toBeVisible();

  await page.getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/my\/schedule$/);
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await expect(page.getByText('Nothing scheduled in these two weeks.')).toBeVisible();
  await expectAccessible(page, 'portal schedule');

  await page.getByRole('link', { name: 'Waivers' }).click();
  await expect(page).toHaveURL(/\/my\/waivers$/);
  await expect(page.getByText(waiverText)).toBeVisible();
  await expectAccessible(page, 'portal waivers');
  const form = page.getByRole('form', { name: 'Sign for Sofia' });
  await form.getByLabel('Your full name').fill('Maria Lopez');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByText(/^Signed by Maria Lopez on /)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign for Maria' })).toBeVisible();
  const copy = await waitForMail(dataDir(), email, (m) => m.bodies.join('\n').includes(waiverText));
  expect(copy.bodies.join('\n')).toContain('Signed by: Maria Lopez');
  expect((await (await request.get(`/api/customer/${kid.ID}/waivers`, { headers })).json())).toEqual([expect.objectContaining({ full_name: 'Maria Lopez', current: true })]);

  await page.getByRole('link', { name: 'Schedule' }).click();
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Horario' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessible(page, 'portal schedule in Spanish');
  await page.getByRole('link', { name: 'Exenciones' }).click();
  await expect(page.getByText(/^Firmada por Maria Lopez el /)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Firmar por Maria' }).getByLabel('Su nombre completo')).toBeVisible();
  await expectAccessible(page, 'portal waivers in Spanish');
  // The link is spent: opening it again asks for a new one.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('alert')).toContainText('Este enlace ha caducado o ya se usó.');
});

test('a parent pays an invoice by card and reads the calendar URL', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const email = `portal.pay.${Date.now()}@example.com`;
  const parent = await (await request.post('/api/customer', { headers, data: { first_name: 'Ana', last_name: 'Ruiz', email, phone: '555 555 0101', facility_id: 1 } })).json();
  const created = await request.post('/api/invoice', { headers, data: { facility_id: 1, customer_id: parent.ID, invoice_items: [{ price: 60, amount_taxes: 0, amount_fees: 0 }] } });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const invoiceId = (await created.json()).ID as number;

  expect((await request.post('/api/portal/login', { data: { email } })).status()).toBe(202);
  const mail = await waitForMail(dataDir(), email, (m) => /\/my\/login\//.test(m.bodies.join('\n')));
  await page.goto(new URL(mail.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/login\/[A-Za-z0-9_-]{43}/)![0]).pathname);
  await expect(page.getByRole('heading', { name: 'Account holder' })).toBeVisible();

  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/my\/invoices$/);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Invoice ${invoiceId}`, exact: true }) });
  await expect(row).toContainText('Balance due: $60.00');
  await expectAccessible(page, 'portal invoices');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/my/invoices/${invoiceId}$`));
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  await expectAccessible(page, 'portal invoice with the card form');

  await page.getByLabel('Amount (USD)').fill('25');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('$25.00 paid. New balance: $35.00. A receipt was mailed to you.');
  await expect(page.getByText(/^Card · .* · \$25\.00$/)).toBeVisible();
  await expectAccessible(page, 'portal invoice paid');
  // The receipt mailed to the parent.
  await waitForMail(dataDir(), email, (m) => m.bodies.join('\n').includes('$25.00'));

  await page.getByRole('link', { name: 'Calendar' }).click();
  const url = page.getByLabel('Your calendar link');
  await expect(url).toHaveValue(/\/api\/portal\/calendar\/[0-9]+-[A-Za-z0-9_-]{43}\/family\.ics$/);
  const feed = await url.inputValue();
  await expect(page.getByRole('link', { name: 'Add to my calendar' })).toHaveAttribute('href', feed.replace(/^https?:/, 'webcal:'));
  expect((await request.get(new URL(feed).pathname)).status()).toBe(200);
  await expectAccessible(page, 'portal calendar');
  await page.getByRole('button', { name: 'Make a new link' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('The old link will stop working');
  await expectAccessible(page, 'portal calendar rotation warning');
  await page.getByRole('button', { name: 'Replace the link' }).click();
  await expect(page.getByRole('status')).toContainText('New link made.');
  await expect(url).not.toHaveValue(feed);
  expect((await request.get(new URL(feed).pathname)).status()).toBe(404);
});

test('a parent consents to the children\'s data leaving, sets a password and signs in with it', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const email = `portal.password.${Date.now()}@example.com`;
  await request.post('/api/customer', { headers, data: { first_name: 'Lina', last_name: 'Vega', email, phone: '555 555 0102', facility_id: 1 } });
  expect((await request.post('/api/portal/login', { data: { email } })).status()).toBe(202);
  const mail = await waitForMail(dataDir(), email, (m) => /\/my\/login\//.test(m.bodies.join('\n')));
  await page.goto(new URL(mail.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/login\/[A-Za-z0-9_-]{43}/)![0]).pathname);

  const consent = page.getByRole('switch', { name: /I consent to my children's data/ });
  await expect(consent).not.toBeChecked();
  await expect(page.getByText('No consent given.')).toBeVisible();
  await consent.click();
  await expect(consent).toBeChecked();
  await expect(page.getByText(/^Consent given on /)).toBeVisible();
  await expectAccessible(page, 'portal family with consent and password');

  await page.getByLabel('New password').fill('lina vega 2026');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('status')).toContainText('Password saved.');
  await expect(page.getByText('You have a password. Type a new one to change it.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/my\/login$/);
  await page.getByLabel('Account e-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong email/password combination');
  await page.getByLabel('Password', { exact: true }).fill('lina vega 2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account holder' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /I consent to my children's data/ })).toBeChecked();
});

test('a parent edits the contact details: the server\'s reason under the phone, then saved', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const email = `portal.contact.${Date.now()}@example.com`;
  const created = await request.post('/api/customer', { headers, data: { first_name: 'Ana', last_name: 'Ruiz', email, phone: '555 555 0104', facility_id: 1 } });
  expect(created.status(), await created.text()).toBe(201);
  const holder = await created.json();
  expect((await request.post('/api/portal/login', { data: { email } })).status()).toBe(202);
  const mail = await waitForMail(dataDir(), email, (m) => /\/my\/login\//.test(m.bodies.join('\n')));
  await page.goto(new URL(mail.bodies.join('\n').match(/https?:\/\/[^\s"<]+\/my\/login\/[A-Za-z0-9_-]{43}/)![0]).pathname);

  const contact = page.getByRole('region', { name: 'Contact details' });
  const phone = contact.getByLabel('Phone');
  await expect(phone).toHaveValue('(555) 555-0104');
  await expect(contact.getByLabel('Address')).toHaveValue('');
  await phone.fill('555 01');
  await contact.getByRole('button', { name: 'Save contact details' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription('Enter a valid US phone number (for example 111 222 3333).');
  await expectAccessible(page, 'portal contact details refused');

  await phone.fill('212 555 0199');
  await contact.getByLabel('Address').fill('77 Harbor Rd');
  await contact.getByLabel('State').fill('NY');
  await contact.getByRole('button', { name: 'Save contact details' }).click();
  await expect(contact.getByRole('status')).toHaveText('Contact details saved.');
  await expect(phone).not.toHaveAttribute('aria-invalid');
  await expect(phone).toHaveValue('(212) 555-0199');
  await expectAccessible(page, 'portal contact details saved');
  // Every input and the button are targets of at least 24 px, and the form fits the phone's width.
  for (const target of [phone, contact.getByLabel('Address'), contact.getByLabel('State'), contact.getByLabel('Country'), contact.getByRole('button')]) {
    const box = (await target.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // Staff read the same record.
  const saved = await (await request.get(`/api/customer/${holder.ID}`, { headers })).json();
  expect(saved).toMatchObject({ phone: '+12125550199', address: '77 Harbor Rd', state: 'NY' });
});
