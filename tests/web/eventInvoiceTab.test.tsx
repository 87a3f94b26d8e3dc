import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';
import { anInvoice, anInvoiceItem } from './support/invoices';

// The calendar event page's Invoice tab (spec 2 §2): the event's invoices with items, totals and a link;
// without one, 'Invoice & event' prices the booking on the server (peak/off-peak) and invoices it.

const EVENT = {
  ID: 9, product_type_id: 1, field_id: 4, facility_id: 1, start_date: 1_763_920_800, end_date: 1_763_926_200, comment: '',
  customer_id: 5, new_product_id: 77, match_id: null, contract_id: null, class_id: null, coach_id: null, team_a: null, team_b: null,
  no_show: false, video_visible: false, block_token: null, keep: false, checked_in: false, conflict: false, color: '#1976d2',
  title: 'Ines Payer', product_type: { ID: 1, name: 'Adult Rental', color: '#1976d2' }, field: { ID: 4, number: 1, name: 'Field 1', parent_field_id: null },
  match: null,
};
const INVOICE = anInvoice({
  invoice_items: [anInvoiceItem({ product_id: 700, new_product_id: 77, new_product: { ID: 77, name: 'Field hour' }, event_id: 9, price: 187.5, comment: '', total: 187.5 })],
  invoiced: 187.5, total: 187.5, balance: 187.5,
});

let invoiced = false;
const routes = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/facility/1': () => json(200, { ...FACILITIES[0], time_zone: 'America/New_York' }),
  'GET /api/event/9': () => json(200, EVENT),
  'GET /api/coaches': () => json(200, []),
  'GET /api/invoice/event': () => json(200, invoiced ? [INVOICE] : []),
  'GET /api/product/prices/77': () => json(200, { product_id: 700, new_product_id: 77, facility_id: 1, price: 187.5, peak_minutes: 60, off_peak_minutes: 30 }),
  'POST /api/invoice': () => { invoiced = true; return json(201, INVOICE); },
};

beforeAll(async () => {
  await import('../../src/app/pages/calendar/EventPage');
  await import('../../resources/invoice/EventInvoiceTab');
}, 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  invoiced = false;
});

const calls = (list: FetchCall[], method: string, path: string) => list.filter((c) => c.method === method && c.path === path);

async function openTab(role: 'admin' | 'mod') {
  const user = userEvent.setup();
  const app = renderApp('/calendar/event/9', { role, dataProvider: appDataProvider(), routes });
  await user.click(await screen.findByRole('tab', { name: 'Invoice' }, { timeout: 15_000 }));
  return { user, ...app };
}

describe('Event Invoice tab', () => {
  it('invoices the booking at the server’s booking price, then shows the invoice with its items, totals and link', async () => {
    const { user, network } = await openTab('mod');
    expect(await screen.findByText('This event has no invoice yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invoice & event' }));

    const panel = await screen.findByTestId('event-invoice-42');
    expect(within(panel).getByRole('link', { name: 'Invoice 42' })).toHaveAttribute('href', '/invoice/42');
    expect(within(panel).getByRole('table', { name: 'Items' })).toHaveTextContent('Field hour');
    expect(within(panel).getByTestId('balance-chip')).toHaveTextContent('$187.50 owed');

    const [quote] = calls(network.calls, 'GET', '/api/product/prices/77');
    expect(Object.fromEntries(new URL(quote.url, 'http://x').searchParams)).toEqual({ facility_id: '1', booking_date: '1', start: '1763920800', end: '1763926200', field_id: '4' });
    const [created] = calls(network.calls, 'POST', '/api/invoice');
    expect(created.body).toEqual({
      facility_id: 1, customer_id: 5, product_type_id: 1,
      invoice_items: [{ event_id: 9, product_id: 700, new_product_id: 77, price: 187.5, quantity: 1 }],
    });
    expect(calls(network.calls, 'GET', '/api/invoice/event').every((c) => c.url.endsWith('event_id=9'))).toBe(true);
  }, 60_000);

  it('shows an existing invoice and offers no second one', async () => {
    invoiced = true;
    await openTab('admin');
    expect(await screen.findByTestId('event-invoice-42')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invoice & event' })).toBeNull();
  }, 60_000);
});
