import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_MESSAGES } from '../../core/api/portal';
import { App } from '../../src/portal/App';
import { json, signedInPortal } from './support/portal';

// The families' site's online registration (issue 44): the offerings of the family's facility with their
// price, places left and who may register; holding a place, the countdown with its one extension, and
// paying with the simulator's test card under one idempotency key. Axe on each screen, English and Spanish.

const member = (ID: number, first_name: string, is_kid: boolean) => ({
  ID, first_name, last_name: 'Park', email: 'p@example.com', phone: '', address: '', state: '', country: '', birthdate: null, gender: null, is_kid, facility_id: 1, waiver_signed: true,
});
const me = { holder: member(1, 'Pat', false), children: [member(2, 'Kim', true), member(3, 'Lee', true)], memberships: [], waivers: [] };
const offering = {
  type: 'camp', ID: 40, name: 'Summer Camp Week', description: '', facility_id: 1, start_date: 1_790_000_000, end_date: 1_790_400_000, registration_end_date: null,
  registration: 'participant', price: 300, price_rule: 'regular', regular_price: 300, early_bird_until: null, deposit: null, membership_required: false,
  seats_left: 3, capacity: 10, waitlist_open: false, slots: [], membership_price: null,
  eligibility: [{ customer_id: 1, eligible: false, reason: 'This is for children' }, { customer_id: 2, eligible: true, reason: null }],
};
const league = { ...offering, type: 'league', ID: 8, name: 'Adult Spring League', registration: 'team', price: 900, price_rule: 'early_bird', regular_price: 1000, early_bird_until: 1_789_000_000, deposit: 200, seats_left: 6 };

type Sent = { method: string; path: string; body: any };
let sent: Sent[];
let hold: Record<string, unknown>;
/** The checkout's answer when set (else the payment made). */
let checkoutError: { status: number; message: string } | null;
beforeEach(() => {
  sent = [];
  checkoutError = null;
  signedInPortal();
  hold = {
    ID: 5, offering: { type: 'camp', id: 40, name: 'Summer Camp Week' }, participant_ids: [2], status: 'held', expires_at: Math.floor(Date.now() / 1000) + 600,
    extended: false, is_offer: false, lines: [{ customer_id: 2, price: 300 }], taxes: 24, fees: 0, total: 324, invoice_id: null,
  };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init.method ?? 'GET', path: url, body });
    if (url === '/api/portal/me') return json(me);
    if (url === '/api/portal/offerings?facility_id=1') return json([offering, league]);
    if (url === '/api/portal/card') return json({ mode: 'simulator', application_id: null, location_id: null });
    if (url === '/api/portal/holds' && init.method === 'POST') return json(hold, 201);
    if (url === '/api/portal/holds/5') return json(hold);
    if (url === '/api/portal/holds/5/extend') {
      hold = { ...hold, extended: true, expires_at: Math.floor(Date.now() / 1000) + 600 };
      return json(hold);
    }
    if (url === '/api/portal/holds/5/checkout' && checkoutError) return json({ statusCode: checkoutError.status, error: 'Error', message: checkoutError.message }, checkoutError.status);
    if (url === '/api/portal/holds/5/checkout') return json({ hold_id: 5, invoice_id: 77, registrations: [{ ID: 1, customer_id: 2 }], payment_id: 9, square_id: 'sq', amount: 324, balance: 0 });
    return json({ message: 'Not found' }, 404);
  }));
  history.replaceState(null, '', '/my/register');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

async function expectAccessible() {
  const results = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

describe('online registration in the portal', () => {
  it('lists the offerings with price and who may register, holds a place, extends once and pays', async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText('Camp · Summer Camp Week')).toBeTruthy();
    expect(screen.getByText('Price: $300.00')).toBeTruthy();
    expect(screen.getByText('3 places left')).toBeTruthy();
    expect(screen.getByText('Deposit: $200.00')).toBeTruthy();
    expect(screen.getByText('Register at the front desk.')).toBeTruthy();
    // The parent cannot register for a kids' camp, and is told why.
    expect((screen.getByLabelText('Pat Park') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('(This is for children)')).toBeTruthy();
    await expectAccessible();
    await user.click(screen.getByRole('button', { name: 'Hold my place' }));
    expect(await screen.findByText('Choose at least one family member.')).toBeTruthy();
    await user.click(screen.getByLabelText('Kim Park'));
    await user.click(screen.getByRole('button', { name: 'Hold my place' }));
    expect(sent.find((s) => s.path === '/api/portal/holds')!.body).toEqual({ offering: { type: 'camp', id: 40 }, participant_ids: [2] });

    expect(await screen.findByText('Your places are held')).toBeTruthy();
    expect(location.pathname).toBe('/my/holds/5');
    expect(screen.getByRole('timer').textContent).toMatch(/^Held for (10:00|9:5\d) more$/);
    expect(screen.getByText('Total: $324.00')).toBeTruthy();
    await expectAccessible();
    await user.click(screen.getByRole('button', { name: 'Give me 10 more minutes' }));
    expect(await screen.findByText('Extended once: it cannot be extended again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Give me 10 more minutes' })).toBeNull();

    await user.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $324.00' }));
    expect(await screen.findByText('You are registered. $324.00 paid; your invoice is number 77.')).toBeTruthy();
    const checkout = sent.find((s) => s.path === '/api/portal/holds/5/checkout')!;
    expect(checkout.body.idempotency_key).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(checkout.body.source_id).toBeTruthy();
    expect(sessionStorage.getItem('touchline.portal.checkout.5')).toBeNull();
  });

  it('a payment Square left unconfirmed (503) says so and keeps the attempt\'s key; a refusal (402) shows its reason and drops it', async () => {
    const user = userEvent.setup();
    checkoutError = { status: 503, message: PORTAL_MESSAGES.unconfirmed };
    history.replaceState(null, '', '/my/holds/5');
    render(<App />);
    const pay = async () => {
      await user.type(screen.getByLabelText('Card number'), '4111 1111 1111 1111');
      await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/40');
      await user.type(screen.getByLabelText('CVV'), '123');
      await user.click(screen.getByRole('button', { name: 'Pay $324.00' }));
    };
    expect(await screen.findByText('Your places are held')).toBeTruthy();
    await pay();
    expect(await screen.findByText(/^We could not confirm the payment\. If your card was charged, you are registered within 15 minutes/)).toBeTruthy();
    const key = sent.find((s) => s.path === '/api/portal/holds/5/checkout')!.body.idempotency_key;
    expect(sessionStorage.getItem('touchline.portal.checkout.5')).toBe(key);
    await expectAccessible();

    checkoutError = { status: 402, message: 'Card declined.' };
    await user.clear(screen.getByLabelText('Card number'));
    await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
    await user.clear(screen.getByLabelText('CVV'));
    await pay();
    expect(await screen.findByText(/Card declined\./)).toBeTruthy();
    expect(sent.filter((s) => s.path === '/api/portal/holds/5/checkout').map((s) => s.body.idempotency_key)).toEqual([key, key]);
    expect(sessionStorage.getItem('touchline.portal.checkout.5')).toBeNull();
    cleanup();

    localStorage.setItem('touchline.portal.language', 'es');
    checkoutError = { status: 503, message: PORTAL_MESSAGES.unconfirmed };
    render(<App />);
    expect(await screen.findByText('Sus lugares están reservados')).toBeTruthy();
    await user.type(screen.getByLabelText('Número de tarjeta'), '4111 1111 1111 1111');
    await user.type(screen.getByLabelText('Vencimiento (MM/AA)'), '12/40');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: /^Pagar / }));
    expect(await screen.findByText(/^No pudimos confirmar el pago\./)).toBeTruthy();
  });

  it('shows the sibling discount with why and the membership bought with the registration, in English and Spanish', async () => {
    hold = {
      ...hold, participant_ids: [2, 3], memberships: [{ customer_id: 3, product_id: 20, name: 'Monthly Membership', price: 10 }], discounts: 30, total: 604.3,
      lines: [{ customer_id: 2, price: 300, discount: null }, { customer_id: 3, price: 300, discount: { position: 2, percent: 10, amount: 30, reason: 'Sibling discount: 2nd child −10%' } }],
    };
    history.replaceState(null, '', '/my/holds/5');
    render(<App />);
    expect(await screen.findByText('Second child −10%: −$30.00')).toBeTruthy();
    expect(screen.getByText('Monthly Membership for Lee Park: $10.00')).toBeTruthy();
    expect(screen.getAllByText(/Second child/)).toHaveLength(1);
    await expectAccessible();
    cleanup();
    localStorage.setItem('touchline.portal.language', 'es');
    render(<App />);
    expect(await screen.findByText(/^Segundo hijo −10 %: −/)).toBeTruthy();
    expect(screen.getByText(/^Monthly Membership para Lee Park: /)).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    localStorage.setItem('touchline.portal.language', 'es');
    render(<App />);
    expect(await screen.findByText('Campamento · Summer Camp Week')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reservar mi lugar' })).toBeTruthy();
    expect(screen.getByText('Quedan 3 lugares')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Inscribirse' })).toBeTruthy());
  });
});
