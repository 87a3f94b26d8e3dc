import { expect, test } from '@playwright/test';
import { apiToken, dataDir, signInAs } from './support/app';
import { waitForMail } from './support/mail';
import { expectAccessible } from './support/axe';

// Issue 22 item 2, as the desk and the customer see it: a card payment refunded to the card reads
// "Refund (card)" and a reverted cash payment "Reversal of payment #n", on the invoice and on the
// public invoice; a cash payment cannot be refunded "to the card".

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test('refunds and reversals are labelled as such on the invoice and the public invoice', async ({ page, request, browser, baseURL }) => {
  const admin = await apiToken(request, 'admin');
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const customer = await (await request.post('/api/customer', { headers: auth(admin), data: { first_name: 'Rita', last_name: `Refund${tag}`, email: `rita.${tag}@example.com`, phone: '212 555 0177' } })).json();
  const created = await request.post('/api/invoice', { headers: auth(admin), data: { facility_id: 1, customer_id: customer.ID, invoice_items: [{ price: 60, amount_taxes: 0, amount_fees: 0 }] } });
  expect(created.ok(), await created.text()).toBe(true);
  const invoiceId = (await created.json()).ID as number;
  const charge = await request.post('/api/charge/event', { headers: auth(admin), data: {
    idempotency_key: `e2e-${tag}-refund-labels`, amount_money: { amount: 4000, currency: 'USD' }, source_id: 'cnon:simulator-4111111111111111', invoice_id: invoiceId,
  } });
  expect(charge.ok(), await charge.text()).toBe(true);
  const cash = await (await request.post('/api/payment', { headers: auth(admin), data: { invoice_id: invoiceId, amount: 20, type: 'cash' } })).json();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin');
  await page.goto(`/invoice/${invoiceId}`);
  const payments = page.getByRole('table', { name: 'Payments' });
  const dialog = page.getByRole('dialog');
  const cashRow = payments.getByRole('row').filter({ hasText: 'Cash' });
  const cardRow = payments.getByRole('row').filter({ hasText: 'Card' });

  // A cash payment goes back as cash, check, wire or credit, not to a card.
  await cashRow.getByRole('button', { name: 'Refund' }).click();
  await dialog.getByRole('combobox', { name: 'Refund to' }).click();
  await expect(page.getByRole('option')).toHaveText(['Cash', 'Check', 'Wire', 'Customer credit']);
  await expectAccessible(page, 'refund dialog, destinations');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await cardRow.getByRole('button', { name: 'Refund' }).click();
  await dialog.getByRole('combobox', { name: 'Refund to' }).click();
  await page.getByRole('option', { name: 'Card', exact: true }).click();
  await dialog.getByRole('spinbutton', { name: 'Amount' }).fill('12');
  await expectAccessible(page, 'refund dialog, card');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);
  const pending = (await (await request.get('/api/refunds?pending=1', { headers: auth(admin) })).json()) as Array<{ ID: number; invoice_id: number }>;
  const refund = pending.find((r) => r.invoice_id === invoiceId)!;
  expect((await request.post(`/api/refunds/${refund.ID}`, { headers: auth(admin) })).ok()).toBe(true);

  await cashRow.getByRole('button', { name: 'Revert' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(payments).toContainText(`Reversal of payment #${cash.ID}`);
  await page.reload();
  await expect(payments.getByRole('row').filter({ hasText: 'Refund (card)' })).toContainText('-$12.00');
  await expect(payments.getByRole('row').filter({ hasText: `Reversal of payment #${cash.ID}` })).toContainText('-$20.00');
  await page.screenshot({ path: 'test-results/screens/invoice-refund-labels.png', fullPage: true });

  await page.getByRole('button', { name: 'Email invoice' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  const mail = await waitForMail(dataDir(), customer.email);
  const link = mail.bodies.join('\n').match(/\/public\/invoice\?ref=[\w-]{43}/)?.[0];
  expect(link).toBeTruthy();
  const signedOut = await browser.newContext({ baseURL });
  const visitor = await signedOut.newPage();
  await visitor.goto(link!);
  const publicPayments = visitor.getByRole('table', { name: 'Payments' });
  await expect(publicPayments.getByRole('row').filter({ hasText: 'Refund (card)' })).toContainText('-$12.00');
  await expect(publicPayments.getByRole('row').filter({ hasText: `Reversal of payment #${cash.ID}` })).toContainText('-$20.00');
  await expectAccessible(visitor, 'public invoice with a refund and a reversal');
  await signedOut.close();
});
