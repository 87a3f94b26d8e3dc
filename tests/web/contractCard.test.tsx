import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTRACT_MESSAGES } from '../../core/validation/contract';
import { appDataProvider, FACILITIES, fill, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

// The contract page's card (spec 2 §2): the main hourly fee and the event type are each changed in a
// form checked by its call's declaration (issue 40 item 3) — the fee's reason under it before any
// call, the server's refusal above the buttons — and once saved the page reads the contract again.

const NOW = Math.floor(Date.now() / 1000);

const contract = (changes: { fee?: number; product_type_id?: number } = {}) => ({
  ID: 40, id: 40, name: 'Winter block', comment: '', facility_id: 1, customer_id: null, product_type_id: 2, product_id: null, fee: 100, deposit: 0, percentage: 50,
  ApplyProcessingFee: false, doc: null, sent: false, signed: false, signed_name: null, signed_at: null, signed_address: null, doc_state: 'none', CreatedAt: NOW, UpdatedAt: NOW,
  facility: { ID: 1, name: 'Downtown', address: null, time_zone: 'America/New_York' }, customer: null,
  product_type: { ID: changes.product_type_id ?? 2, name: changes.product_type_id === 7 ? 'Youth Rental - Contract' : 'Adult Rental - Block-Booking' },
  events: [{ ID: 800, field_id: 1, field: { ID: 1, name: 'San Siro' }, start_date: NOW + 86_400, end_date: NOW + 90_000, keep: false, hourly: 100, custom_price: false, price: 100, hours: 1 }],
  summary: { start: NOW + 86_400, end: NOW + 90_000, count: 1, hours: 1, total: 100 }, invoice: null, has_payments: false, price_mismatch: false,
  ...changes,
});

beforeAll(async () => { await import('../../resources/contract/ContractShow'); }, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (routes: Record<string, FetchHandler>) => renderApp('/contract/40', {
  role: 'manager',
  dataProvider: appDataProvider(),
  routes: {
    'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
    'GET /api/facility/fields': () => json(200, [{ ID: 1, id: 1, name: 'San Siro', number: 1, facility_id: 1 }], { 'Content-Range': 'fields 0-0/1' }),
    ...routes,
  },
});

/** The card's Edit button beside a line (the header has an Edit link of its own). */
const editOf = async (label: string) => within((await screen.findByText(label, {}, { timeout: 15_000 })).parentElement!).getByRole('button', { name: 'Edit' });

describe("the contract card's edits", () => {
  it("says 'The price looks weird' under the fee before any call, then confirms, saves the fee and shows it", async () => {
    const user = userEvent.setup();
    const puts: FetchCall[] = [];
    let fee = 100;
    render({
      'GET /api/contract/40': () => json(200, contract({ fee })),
      'PUT /api/contract/fee/40': (call) => { puts.push(call); fee = 120; return json(200, { fee: 120, events_repriced: 1, total: 120 }); },
    });
    await user.click(await editOf('Main hourly fee'));
    const dialog = await screen.findByRole('dialog', { name: 'update main hourly fee' });
    const input = within(dialog).getByRole('spinbutton', { name: 'Main hourly fee' });
    await waitFor(() => expect(input).toHaveValue(100));
    await fill(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(input.closest('.MuiFormControl-root') as HTMLElement).findByText(CONTRACT_MESSAGES.priceWeird)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(puts).toHaveLength(0);

    await fill(input, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('Update the main hourly fee to $120.00? 1 events will change.');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'update main hourly fee' })).toBeNull());
    expect(puts.map((c) => new URL(c.url, 'http://x').searchParams.get('fee'))).toEqual(['120']);
    // The card reads the contract again and shows the new fee.
    await waitFor(() => expect(screen.getByText('Main hourly fee').parentElement).toHaveTextContent('$120.00'));
  }, 60_000);

  it("shows the server's refusal of a new event type above the buttons, then saves it and shows it", async () => {
    const user = userEvent.setup();
    const puts: FetchCall[] = [];
    let type = 2;
    const refusal = 'product_type_id: there is no such product type';
    render({
      'GET /api/contract/40': () => json(200, contract({ product_type_id: type })),
      'PUT /api/contract/40': (call) => {
        puts.push(call);
        if (puts.length === 1) return json(400, { statusCode: 400, error: 'Bad Request', message: refusal });
        type = 7;
        return json(200, contract({ product_type_id: 7 }));
      },
    });
    await user.click(await editOf('Event type'));
    const dialog = await screen.findByRole('dialog', { name: 'Update product type' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Product type' })).toHaveTextContent('Adult Rental - Block-Booking'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Product type' }));
    await user.click(await screen.findByRole('option', { name: 'Youth Rental - Contract' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update product type' })).toBeNull());
    expect(puts.map((c) => c.body)).toEqual([{ product_type_id: 7 }, { product_type_id: 7 }]);
    await waitFor(() => expect(screen.getByText('Event type').parentElement).toHaveTextContent('Youth Rental - Contract'));
  }, 60_000);
});
