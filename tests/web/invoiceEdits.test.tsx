import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '../../core/constants';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';
import { anInvoice, aPayment } from './support/invoices';
import type { Invoice } from '../../core/api/invoices';

// The invoice page's edit dialogs (spec 2 §2, §5): refund (the spec's messages before any call, the
// amount's error above the payment), payment details, transfer, edit fee, the admins' date, item edits
// and added items; each shown only to the roles of core/permissions.

const PAYMENT = aPayment({ details: '{"number":"1234"}' });
const INVOICE = anInvoice({ payments: [PAYMENT], paid: 40, balance: 60 });

let invoice: Invoice = INVOICE;
/** PUT /invoice/item/1's answer (a test may refuse it). */
let itemPrice: FetchHandler = () => json(200, INVOICE);
const routes = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/invoice/42': () => json(200, invoice),
  'DELETE /api/payment/7': () => json(200, { ID: 9, amount: 25, refund_status: 'Pending', balance: 60 }),
  'PUT /api/payment/details/7': () => json(200, PAYMENT),
  'PUT /api/invoice/item/1': (call: FetchCall) => itemPrice(call),
  'PUT /api/invoice/42': () => json(200, INVOICE),
  'PUT /api/payment/transfer': () => json(200, {}),
  'GET /api/payment/transfer/targets/7': () => json(200, [
    { ID: 3, name: 'Winter league', teams: [{ ID: 12, name: 'Blue' }, { ID: 13, name: 'Green' }] },
    { ID: 4, name: 'Summer league', teams: [{ ID: 14, name: 'Gold' }] },
  ]),
  'PUT /api/invoice/fee/42': () => json(200, INVOICE),
  'POST /api/invoice/item/42': () => json(201, INVOICE),
  'GET /api/newproduct': () => json(200, [{ id: 30, ID: 30, name: 'Shin guards' }], { 'Content-Range': 'products 0-0/1' }),
  'GET /api/customer/5': () => json(200, { ID: 5, id: 5, first_name: 'Ines', last_name: 'Payer', credits: 12.5 }, { ETag: '"v3"' }),
  'PUT /api/customer/5': () => json(200, { ID: 5, id: 5, credits: 20 }, { ETag: '"v4"' }),
  'DELETE /api/invoice/item/1': () => json(200, INVOICE),
};

beforeAll(async () => {
  await import('../../resources/invoice/InvoiceShow');
}, 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  invoice = INVOICE;
  itemPrice = () => json(200, INVOICE);
});

async function openInvoice(role: Role) {
  const user = userEvent.setup();
  const app = renderApp('/invoice/42', { role, dataProvider: appDataProvider(), routes });
  await screen.findByRole('button', { name: 'Add payment' }, { timeout: 15_000 });
  return { user, ...app };
}
const calls = (list: FetchCall[], method: string, path: string) => list.filter((c) => c.method === method && c.path === path);
/** The form control (input, label and helper text) of a dialog's select or autocomplete. */
const fieldOf = (dialog: HTMLElement, name: string) => within(within(dialog).getByRole('combobox', { name }).closest('.MuiFormControl-root') as HTMLElement);

describe('Refund', () => {
  it('asks for a type, flags an amount above the payment, then sends the request', async () => {
    const { user, network } = await openInvoice('manager');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Refund' });
    await user.click(submit);
    expect(await fieldOf(dialog, 'Refund to').findByText('Please select a valid payment type')).toBeVisible();

    await user.click(within(dialog).getByRole('combobox', { name: 'Refund to' }));
    await user.click(screen.getByRole('option', { name: 'Cash' }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '40.01');
    // Marked as soon as it is typed, before Refund.
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Refund amount cant be greater than payment amount'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.click(submit);
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Refund amount cant be greater than payment amount'));
    expect(calls(network.calls, 'DELETE', '/api/payment/7')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Rained out');
    await user.click(submit);
    expect(await screen.findByText('Refund requested')).toBeInTheDocument();
    const [sent] = calls(network.calls, 'DELETE', '/api/payment/7');
    expect(Object.fromEntries(new URL(sent.url, 'http://x').searchParams)).toEqual({ refund: '1', p_type: 'cash', amount: '25', reason: 'Rained out' });
  }, 60_000);

  it('is not offered to a mod, who still edits payment details', async () => {
    const { user, network } = await openInvoice('mod');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit date' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit price' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByRole('textbox', { name: 'Check number' });
    expect(number).toHaveValue('1234');
    await user.clear(number);
    await user.type(number, '5678');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls(network.calls, 'PUT', '/api/payment/details/7')[0].body).toEqual({ details: { number: '5678' } });
  }, 60_000);
});

describe('Transfer payment', () => {
  it('is offered on a team invoice’s player payment, says \'Fields missing\' until complete, then moves it', async () => {
    invoice = { ...INVOICE, invoice_type_id: 2, team_id: 11, payments: [{ ...PAYMENT, player_customer_id: 8 }] };
    const { user, network } = await openInvoice('manager');
    await user.click(screen.getByRole('button', { name: 'Transfer payment' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Transfer payment' });
    await user.click(within(dialog).getByRole('combobox', { name: 'League' }));
    await user.click(await screen.findByRole('option', { name: 'Winter league' }));
    await user.click(submit);
    expect(await fieldOf(dialog, 'Target team').findByText('Fields missing')).toBeVisible();
    expect(calls(network.calls, 'PUT', '/api/payment/transfer')).toHaveLength(0);
    // The refused field has the focus, its list open: the team list is the chosen league's.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Target team' })).toHaveFocus());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Blue', 'Green']);
    await user.click(screen.getByRole('option', { name: 'Blue' }));
    await user.click(submit);
    expect(await screen.findByText('Payment transferred')).toBeInTheDocument();
    expect(calls(network.calls, 'PUT', '/api/payment/transfer')[0].body).toEqual({ payment_id: 7, league_id: 3, team_id: 12, player_id: 8 });
  }, 60_000);

  it('is not offered on a general invoice', async () => {
    await openInvoice('admin');
    expect(screen.queryByRole('button', { name: 'Transfer payment' })).toBeNull();
  }, 60_000);
});

describe('Add credit', () => {
  it('adds to the customer’s credits for an admin, guarded by the version read; a manager has no button', async () => {
    const { user, network } = await openInvoice('admin');
    await user.click(screen.getByRole('button', { name: 'Add credit' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount' }), '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [sent] = calls(network.calls, 'PUT', '/api/customer/5');
    expect(sent.body).toEqual({ credits: 20 });
    expect(sent.headers.get('If-Match')).toBe('"v3"');
    cleanup();
    await openInvoice('manager');
    expect(screen.queryByRole('button', { name: 'Add credit' })).toBeNull();
  }, 60_000);
});

describe('Invoice date', () => {
  it('lets an admin move the invoice to another day, keeping its time of day', async () => {
    const { user, network } = await openInvoice('admin');
    await user.click(screen.getByRole('button', { name: 'Edit date' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Invoice date') as HTMLInputElement;
    const before = input.value;
    const [y, m, d] = before.split('-').map(Number);
    const next = new Date(y, m - 1, d + 1);
    fireEvent.change(input, { target: { value: `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}` } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const sent = calls(network.calls, 'PUT', '/api/invoice/42')[0].body as { date: number };
    expect(Object.keys(sent)).toEqual(['date']);
    // One calendar day later (23–25 h across a DST change), same time of day.
    expect(Math.abs(sent.date - INVOICE.date - 86_400)).toBeLessThanOrEqual(3600);
  }, 60_000);
});

describe('Items', () => {
  it('lets an admin change a price; deleting asks first and only without payments', async () => {
    const { user, network } = await openInvoice('admin');
    expect(screen.queryByRole('button', { name: 'Delete item' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit price' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByRole('spinbutton', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls(network.calls, 'PUT', '/api/invoice/item/1')[0].body).toEqual({ price: 80 });
  }, 60_000);

  it('deletes an item of an invoice without payments after confirmation; contract items keep a manager out', async () => {
    invoice = { ...INVOICE, payments: [], paid: 0, balance: 100 };
    const { user, network } = await openInvoice('admin');
    await user.click(screen.getByRole('button', { name: 'Delete item' }));
    expect(calls(network.calls, 'DELETE', '/api/invoice/item/1')).toHaveLength(0);
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /delete|confirm/i }));
    await vi.waitFor(() => expect(calls(network.calls, 'DELETE', '/api/invoice/item/1')).toHaveLength(1));
    cleanup();

    invoice = { ...INVOICE, contract_id: 3, contract: { ID: 3, name: 'Spring league' } };
    await openInvoice('manager');
    expect(screen.queryByRole('button', { name: 'Edit price' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete item' })).toBeNull();
  }, 60_000);
});

describe('Edit fee', () => {
  it('lets a manager set the processing fee percent, refusing one outside 0–100', async () => {
    const { user, network } = await openInvoice('manager');
    await user.click(screen.getByRole('button', { name: 'Edit fee' }));
    const dialog = await screen.findByRole('dialog');
    const fee = within(dialog).getByRole('spinbutton', { name: 'Processing fee (%)' });
    expect(fee).toHaveValue(0);
    await user.clear(fee);
    await user.type(fee, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The declaration's reason, under the field.
    await waitFor(() => expect(fee).toHaveAccessibleDescription('Must be at most 100'));
    expect(calls(network.calls, 'PUT', '/api/invoice/fee/42')).toHaveLength(0);
    await user.clear(fee);
    await user.type(fee, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls(network.calls, 'PUT', '/api/invoice/fee/42')[0].body).toEqual({ fees: 2.5 });
  }, 60_000);

  it('is not offered to a mod, nor to a manager on a contract invoice', async () => {
    await openInvoice('mod');
    expect(screen.queryByRole('button', { name: 'Edit fee' })).toBeNull();
    cleanup();
    invoice = { ...INVOICE, contract_id: 3, contract: { ID: 3, name: 'Spring league' } };
    await openInvoice('manager');
    expect(screen.queryByRole('button', { name: 'Edit fee' })).toBeNull();
    cleanup();
    await openInvoice('admin');
    expect(screen.getByRole('button', { name: 'Edit fee' })).toBeInTheDocument();
  }, 60_000);
});

describe('Add item', () => {
  it('lets an admin add a product line with a price and quantity, asking for a product or a description first', async () => {
    const { user, network } = await openInvoice('admin');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Price' }), '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a product or describe the item');
    await user.click(within(dialog).getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Shin guards' }));
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls(network.calls, 'POST', '/api/invoice/item/42')[0].body).toEqual({ new_product_id: 30, comment: '', price: 12.5, quantity: 2 });
  }, 60_000);

  it('is for admins only', async () => {
    await openInvoice('manager');
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
  }, 60_000);
});

describe('the edit dialogs on the declarations (issue 40 item 3)', () => {
  it("says the declaration's reason under Price and sends nothing; the server's refusal shows in the dialog; a saved price shows on the page", async () => {
    let refuse = true;
    itemPrice = () => {
      if (refuse) return json(409, { statusCode: 409, error: 'Conflict', message: 'The invoice would be paid more than its total' });
      invoice = { ...INVOICE, invoice_items: [{ ...INVOICE.invoice_items[0], price: 80, total: 80 }], invoiced: 80, total: 80, balance: 40 };
      return json(200, invoice);
    };
    const { user, network } = await openInvoice('admin');
    await user.click(screen.getByRole('button', { name: 'Edit price' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByRole('spinbutton', { name: 'Price' });
    await user.clear(price);
    await user.type(price, '10.555');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription('At most two decimals'));
    expect(calls(network.calls, 'PUT', '/api/invoice/item/1')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The invoice would be paid more than its total');
    expect(calls(network.calls, 'PUT', '/api/invoice/item/1')).toHaveLength(1);

    refuse = false;
    const reads = calls(network.calls, 'GET', '/api/invoice/42').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page read the invoice again (react-admin's cache): the new price is on it, without a reload.
    await waitFor(() => expect(calls(network.calls, 'GET', '/api/invoice/42').length).toBeGreaterThan(reads));
    expect((await screen.findAllByText('$80.00')).length).toBeGreaterThan(0);
  }, 60_000);

  it("says the declaration's reasons under Price and Quantity of Add item, and sends nothing", async () => {
    const { user, network } = await openInvoice('admin');
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Shin guards');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Price' }), '-3');
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(within(dialog).getByRole('spinbutton', { name: 'Price' })).toHaveAccessibleDescription('Must be more than 0'));
    expect(quantity).toHaveAccessibleDescription('Must be at least 1');
    expect(calls(network.calls, 'POST', '/api/invoice/item/42')).toHaveLength(0);
  }, 60_000);

  it('keeps the other details of a payment when one is edited', async () => {
    invoice = { ...INVOICE, payments: [{ ...PAYMENT, details: '{"number":"1234","note":"front desk"}' }] };
    const { user, network } = await openInvoice('admin');
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByRole('textbox', { name: 'Check number' });
    await user.clear(number);
    await user.type(number, ' 99 ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(calls(network.calls, 'PUT', '/api/payment/details/7')[0].body).toEqual({ details: { number: '99', note: 'front desk' } });
  }, 60_000);
});
