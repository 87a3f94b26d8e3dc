import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_MESSAGES } from '../../core/api/portal';
import { App } from '../../src/portal/App';
import { json, signedInPortal } from './support/portal';

// The families' site's invoice screen (issue 43 §5): the invoice as the public page shows it, and Pay by
// card with the simulator's test card: one idempotency key per checkout attempt, kept in sessionStorage
// under the invoice so that a reload sends the same payment again, never above the balance, and after
// paying the new balance and the receipt's mention.

const invoice = (balance: number, paid: number, payments: unknown[] = []) => ({
  ID: 7, date: 1_767_000_000, comment: '', reversed: null, reversal: null,
  facility: { name: 'Touchline Arena', address: '1 Main St', time_zone: 'America/New_York' },
  customer: { first_name: 'Pat', last_name: 'Parent' },
  invoice_items: [{ ID: 1, product: 'Spring league', price: 50, quantity: 1, comment: '', total: 50 }],
  discounts: [], payments,
  invoiced: 50, taxes: 0, fees: 0, total: 50, discounted: 0, paid, balance, balance_state: balance > 0 ? 'owed' : 'paid', refunds_pending: 0, refunded: 0,
});

type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let answerPay: (body: { amount: number }) => Response;
let current: ReturnType<typeof invoice>;

beforeEach(() => {
  sent = [];
  signedInPortal();
  current = invoice(50, 0);
  answerPay = ({ amount }) => {
    current = invoice(50 - amount, amount, [{ ID: 90, amount, type: 'card', CreatedAt: 1_767_000_100, reversal: null, refund: null }]);
    return json({ status: 'SUCCESS', payment_id: 90, square_id: 'sq-1', amount, balance: 50 - amount });
  };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init.method ?? 'GET', path: url, body });
    if (url === '/api/portal/invoices') return json([{ ID: 7, date: current.date, customer_id: 3, facility: current.facility, total: 50, paid: current.paid, balance: current.balance, balance_state: current.balance_state }]);
    if (url === '/api/portal/invoices/7') return json(current);
    if (url === '/api/portal/card') return json({ mode: 'simulator', application_id: null, location_id: null });
    if (url === '/api/portal/invoices/7/pay') return answerPay(body);
    return json({ message: 'Not found' }, 404);
  }));
  history.replaceState(null, '', '/my/invoices/7');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const pays = () => sent.filter((s) => s.path.endsWith('/pay'));

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4111 1111 1111 1111') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
  await user.type(screen.getByLabelText('CVV'), '123');
}

describe('the portal invoice screen', () => {
  it('shows the invoice, pays part of it by the test card, then the new balance and the receipt', async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText('Spring league')).toBeInTheDocument();
    expect(await screen.findByText('Test mode', { exact: false })).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('50');
    await user.clear(amount);
    await user.type(amount, '20.5');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('status')).toHaveTextContent('$20.50 paid. New balance: $29.50. A receipt was mailed to you.');
    expect(pays()).toHaveLength(1);
    expect(pays()[0].body).toMatchObject({ amount: 20.5, source_id: 'cnon:simulator-4111111111111111' });
    expect((pays()[0].body as { idempotency_key: string }).idempotency_key).toMatch(/^[0-9a-f]{32}$/);
    // The invoice read again: the payment is listed, the attempt is over.
    expect(await screen.findByText(/Card · .* · \$20\.50/)).toBeInTheDocument();
    expect(sessionStorage.getItem('touchline.portal.pay.7')).toBeNull();
  });

  it('lists the family\'s invoices with their balance and opens one', async () => {
    const user = userEvent.setup();
    history.replaceState(null, '', '/my/invoices');
    render(<App />);
    const link = await screen.findByRole('link', { name: 'Invoice 7' });
    expect(link.closest('li')).toHaveTextContent('Balance due: $50.00');
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    await user.click(link);
    expect(location.pathname).toBe('/my/invoices/7');
    expect(await screen.findByRole('heading', { name: 'Pay by card' })).toBeInTheDocument();
  });

  it('never sends more than the balance', async () => {
    const user = userEvent.setup();
    render(<App />);
    const amount = await screen.findByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '50.01');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The amount is more than the balance ($50.00).');
    expect(pays()).toHaveLength(0);
  });

  it('keeps the attempt when the answer is lost: after a reload the same key and card go again', async () => {
    const user = userEvent.setup();
    answerPay = () => { throw new TypeError('Failed to fetch'); };
    const first = render(<App />);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not tell whether the payment went through');
    const kept = JSON.parse(sessionStorage.getItem('touchline.portal.pay.7')!);
    expect(kept).toMatchObject({ amount: 50, source_id: 'cnon:simulator-4111111111111111' });
    // A reload: the screen offers to finish that payment, and sends the very same body.
    first.unmount();
    answerPay = (body) => json({ status: 'SUCCESS', payment_id: 90, square_id: 'sq-1', amount: body.amount, balance: 0 });
    render(<App />);
    expect(await screen.findByText(/A payment of \$50\.00 was started/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish this payment' }));
    expect(await screen.findByRole('status')).toHaveTextContent('New balance: $0.00');
    expect(pays()).toHaveLength(2);
    expect(pays()[1].body).toEqual(pays()[0].body);
    expect(pays()[1].body).toMatchObject({ idempotency_key: kept.key });
    expect(sessionStorage.getItem('touchline.portal.pay.7')).toBeNull();
  });

  it('starts a new attempt, with a new key, after the server refused one', async () => {
    const user = userEvent.setup();
    answerPay = () => json({ message: PORTAL_MESSAGES.notCharged }, 400);
    render(<App />);
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PORTAL_MESSAGES.notCharged);
    expect(sessionStorage.getItem('touchline.portal.pay.7')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(pays()).toHaveLength(2));
    const keys = pays().map((p) => (p.body as { idempotency_key: string }).idempotency_key);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('refuses a card the simulator cannot read, sending nothing', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.type(await screen.findByLabelText('Card number'), '4111');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid card number, expiry and CVV.');
    expect(pays()).toHaveLength(0);
  });
});
