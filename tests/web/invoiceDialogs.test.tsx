import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';
import { anInvoice, anInvoiceItem } from './support/invoices';
import type { Invoice } from '../../core/api/invoices';

// The invoice page's Add payment and Add discount dialogs (spec 2 §2, §5): the spec's messages before
// any call, the server's message when it refuses, and what a valid form sends.

const INVOICE = anInvoice({
  customer: { ID: 5, first_name: 'Ines', last_name: 'Payer', email: 'ines@example.com', credits: 12.5 },
  invoice_items: [anInvoiceItem({ taxes: 8.875, fees: 3, amount_taxes: 8.88, amount_fees: 3, total: 111.88 })],
  taxes: 8.88, fees: 3, total: 111.88, balance: 111.88,
});

let refusePayment: string | null = null;
let refuseDiscount: string | null = null;
let invoice: Invoice = INVOICE;
const routes = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/invoice/42': () => json(200, invoice),
  'POST /api/payment': () => (refusePayment ? json(400, { statusCode: 400, error: 'Bad Request', message: refusePayment }) : json(201, { ID: 7, amount: 10, balance: 101.88 })),
  'GET /api/discount/apply/offers': () => json(200, [
    { ID: 3, name: 'Spring rule', is_percentage: true, value: 10, offered: true },
    { ID: 4, name: 'Five off', is_percentage: false, value: 5, offered: false },
  ]),
  'POST /api/discount/apply': () => (refuseDiscount ? json(400, { statusCode: 400, error: 'Bad Request', message: refuseDiscount }) : json(201, INVOICE)),
};

beforeAll(async () => {
  await import('../../resources/invoice/InvoiceShow');
}, 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  refusePayment = null;
  refuseDiscount = null;
  invoice = INVOICE;
});

async function open(button: 'Add payment' | 'Add discount') {
  const user = userEvent.setup();
  const { network } = renderApp('/invoice/42', { role: 'admin', dataProvider: appDataProvider(), routes });
  await user.click(await screen.findByRole('button', { name: button }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog');
  return { user, network, dialog };
}

const posts = (calls: FetchCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('Add payment', () => {
  it('shows the spec’s messages and sends nothing until the form is valid, then sends one keyed payment', async () => {
    const { user, network, dialog } = await open('Add payment');
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount' });
    const submit = within(dialog).getByRole('button', { name: 'Add payment' });
    const tryAmount = async (value: string) => {
      await user.clear(amount);
      await user.type(amount, value);
      await user.click(submit);
    };
    await tryAmount('0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount cannot be 0');
    // Issue 22 item 11: messages in words, naming the field.
    await tryAmount('-5');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Amount must be more than 0$/);
    await tryAmount('10.555');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Amount: at most two decimals$/);
    await tryAmount('111.89');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount cannot be greater than invoice balance');
    await user.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'Customer credit' }));
    await tryAmount('20');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough credits, customer has 12.50 in credit.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'Check' }));
    await tryAmount('10');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the check number');
    expect(posts(network.calls, '/api/payment')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Check number' }), '1234');
    await user.click(submit);
    expect(await screen.findByText('Payment successfull')).toBeInTheDocument();
    const [sent] = posts(network.calls, '/api/payment');
    expect(sent.body).toEqual({ invoice_id: 42, amount: 10, type: 'check', details: { number: '1234' } });
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  }, 60_000);

  it('shows the server’s message when it refuses', async () => {
    refusePayment = 'Amount cannot be greater than invoice balance';
    const { user, dialog } = await open('Add payment');
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Amount cannot be greater than invoice balance');
  });
});

describe('Add payment on a team invoice', () => {
  it('asks which player of the roster the payment is for, and sends it', async () => {
    invoice = { ...INVOICE, invoice_type_id: 2, team_id: 11, team: { ID: 11, name: 'Red', roster: [{ ID: 8, first_name: 'Ada', last_name: 'Kick' }] } };
    const { user, network, dialog } = await open('Add payment');
    const submit = within(dialog).getByRole('button', { name: 'Add payment' });
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a player: a league payment is for one player of the team');
    expect(posts(network.calls, '/api/payment')).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Player' }));
    await user.click(screen.getByRole('option', { name: 'Ada Kick' }));
    await user.click(submit);
    expect(await screen.findByText('Payment successfull')).toBeInTheDocument();
    expect(posts(network.calls, '/api/payment')[0].body).toEqual({ invoice_id: 42, amount: 111.88, type: 'cash', player_customer_id: 8 });
  }, 60_000);
});

describe('Add discount', () => {
  it('offers the rule’s discount first, asks a manual one for amount and comment, and applies', async () => {
    const { user, network, dialog } = await open('Add discount');
    await user.click(within(dialog).getByRole('combobox', { name: 'Discount' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Spring rule (10%) · offered', 'Five off ($5)', 'Manual discount']);
    await user.click(screen.getByRole('option', { name: 'Manual discount' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A manual discount needs an amount and a comment');
    expect(posts(network.calls, '/api/discount/apply')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Add discount' }));
    expect(await screen.findByText('Discount applied')).toBeInTheDocument();
    expect(posts(network.calls, '/api/discount/apply')[0].body).toEqual({ invoice_id: 42, discount_id: -1, amount: 5, comment: 'Goodwill' });
  }, 60_000);
});

describe('Add discount on its declaration (issue 40 item 3)', () => {
  it("says 'Required' under Discount and 'Amount cannot be 0' under a manual amount of 0, sending nothing, then shows the server's refusal", async () => {
    refuseDiscount = 'The discount cannot be greater than the invoice balance';
    const { user, network, dialog } = await open('Add discount');
    const submit = within(dialog).getByRole('button', { name: 'Add discount' });
    await user.click(submit);
    const choice = within(dialog).getByRole('combobox', { name: 'Discount' });
    expect(await within(choice.closest('.MuiFormControl-root') as HTMLElement).findByText('Required')).toBeVisible();
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'Manual discount' }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount' });
    await user.type(amount, '0');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Goodwill');
    await user.click(submit);
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Amount cannot be 0'));
    expect(posts(network.calls, '/api/discount/apply')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The discount cannot be greater than the invoice balance');
    expect(posts(network.calls, '/api/discount/apply')).toHaveLength(1);
  }, 60_000);
});

describe('the terminal method', () => {
  it("shows 'Payment successfull' as a done state, without Search terminals until another payment is asked for", async () => {
    const confirms: FetchCall[] = [];
    const user = userEvent.setup();
    renderApp('/invoice/42', { role: 'admin', dataProvider: appDataProvider(), routes: {
      ...routes,
      'GET /api/square/terminal/getdevices': () => json(200, [{ id: 'DEV-1', name: 'Front desk terminal' }]),
      'GET /api/square/terminal/check_pending': () => json(200, { status: 'SUCCESS' }),
      'POST /api/square/terminal/init-checkout': () => json(200, { status: 'SUCCESS', id: 'CHK-1' }),
      'GET /api/square/terminal/confirm': (call) => { confirms.push(call); return json(200, { status: 'SUCCESS' }); },
    } });
    await user.click(await screen.findByRole('button', { name: 'Add payment' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: /^Terminal$/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Search terminals' }));
    await user.click(await within(dialog).findByRole('button', { name: /Front desk terminal/ }));
    expect(await within(dialog).findByText('Payment successfull', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(confirms).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Search terminals' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take another terminal payment' }));
    expect(within(dialog).getByRole('button', { name: 'Search terminals' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Payment successfull')).not.toBeInTheDocument();
  }, 60_000);
});
