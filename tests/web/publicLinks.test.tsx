import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp } from './support/app';
import { json } from './support/fetch';
import { aPublicInvoice } from './support/invoices';
import type { PublicInvoice } from '../../core/api/invoices';

// The pages a customer opens from an e-mail, signed out (issue 22 item 14): times in the facility's zone
// with its abbreviation (the reader may be anywhere), and the contract's summary read whole.

const REF = 'k'.repeat(43);
// 2030-01-05 06:00 UTC: 22:00 the day before in Los Angeles (PST), 01:00 in New York.
const INSTANT = Date.parse('2030-01-05T06:00:00Z') / 1000;

beforeAll(async () => {
  await Promise.all([import('../../resources/contract/PublicContractPage'), import('../../resources/invoice/PublicInvoicePage')]);
}, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const contract = (overrides: Record<string, unknown>) => ({
  ID: 12, name: 'Tuesday night league', facility: 'Westside', customer: 'Carla Contract', time_zone: 'America/Los_Angeles',
  events: 2, total: 302.06, signed: false, signed_name: null, signed_at: null, ...overrides,
});
const openContract = (body: Record<string, unknown>) =>
  renderApp(`/public/contract?ref=${REF}`, { role: null, routes: { [`GET /api/public/contract/${REF}`]: () => json(200, contract(body)) } });

describe('the public contract page', () => {
  it('reads its summary whole and dates the signature in the facility\'s zone, with the zone named', async () => {
    openContract({ signed: true, signed_name: 'Carla Contract', signed_at: INSTANT });
    expect(await screen.findByText('2 events × $151.03 = $302.06', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('signed')).toHaveTextContent('Signed by Carla Contract on 1/4/2030 22:00 PST. Thank you!');
  });

  it('gives the total alone when the events do not share one price', async () => {
    openContract({ events: 3, total: 100 });
    expect(await screen.findByText('3 events, $100.00 in all', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('names one event in the singular', async () => {
    openContract({ events: 1, total: 80 });
    expect(await screen.findByText('1 event × $80.00 = $80.00', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});

/** The public invoice at Westside (Pacific time), dated INSTANT. */
const invoice = (overrides: Partial<PublicInvoice>) =>
  aPublicInvoice({ date: INSTANT, facility: { name: 'Westside', address: '9 Ocean Ave', time_zone: 'America/Los_Angeles' }, ...overrides });
const openInvoice = (body: Partial<PublicInvoice>) =>
  renderApp(`/public/invoice?ref=${REF}`, { role: null, routes: {
    [`GET /api/public/invoice/${REF}`]: () => json(200, invoice(body)),
    [`GET /api/public/invoice/${REF}/card`]: () => json(404, { statusCode: 404, message: 'Not found' }),
  } });

describe('the public invoice page', () => {
  it("dates the invoice in the facility's zone, with the zone named", async () => {
    openInvoice({});
    expect(await screen.findByText('1/4/2030 22:00 PST', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows every amount in dollars with "$", a refund as "-$…"', async () => {
    openInvoice({
      invoice_items: [{ ID: 1, product: 'Field rental', price: 1200, quantity: 1, comment: '', total: 1306.5 }],
      payments: [
        { ID: 7, amount: 50, type: 'card', CreatedAt: INSTANT, reversal: null, refund: null },
        { ID: 8, amount: -12, type: 'card', CreatedAt: INSTANT, reversal: null, refund: 7 },
      ],
      invoiced: 1200, taxes: 106.5, total: 1306.5, paid: 38, balance: 1268.5,
    });
    expect((await screen.findByText('Field rental', {}, { timeout: 15_000 })).closest('tr')).toHaveTextContent('$1,200.00$1,306.50');
    expect(screen.getByText('Refund (card)').closest('tr')).toHaveTextContent('-$12.00');
    expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Total with tax: $1,306.50');
    expect(screen.getByTestId('balance-chip')).toHaveTextContent('$1,268.50 owed');
  });
});
