import { appDataProvider } from './support/app';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { ChangesView, describeChanges } from '../../src/kit/components/ChangesView';
import { createI18nProvider, loadLocale } from '../../src/kit/i18n/i18nProvider';
import { json, mockFetch } from './support/fetch';

// The Changes view (issue 8 item 9): field: old → new between consecutive versions, labels from the
// messages, money as money, dates in the facility's zone, phones and child emails readable, wrapped.

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const customer = (changes: Record<string, unknown>) =>
  JSON.stringify({ ID: 5, first_name: 'Lena', last_name: 'Diaz', email: 'ana@example.com##5', phone: '+17185557880', credits: 10, birthdate: 1262304000, deleted_at: null, waiver_signed: false, UpdatedAt: 1, ...changes });

const ENTRIES = [
  { ID: 3, action: 'update', user: { ID: 7, first_name: 'Sam', last_name: 'Staff' }, CreatedAt: 1767225600, new_value: customer({ credits: 22.5, phone: '+12125550100', waiver_signed: true, UpdatedAt: 3, suspension: { from: 1767225600, foul: 'Red card' } }) },
  { ID: 2, action: 'update', user: null, CreatedAt: 1767139200, new_value: customer({ UpdatedAt: 2, deleted_at: 1767139200 }) },
  { ID: 1, action: 'create', user: null, CreatedAt: 1767052800, new_value: customer({}) },
];

const FACILITIES = [{ ID: 1, name: 'Touchline Brooklyn', nickname: 'BK' }, { ID: 2, name: 'Touchline Queens', nickname: 'QN' }];

function renderView(locale: 'en' | 'es' = 'en', entries: unknown[] = ENTRIES) {
  mockFetch({
    'GET /api/changelog': () => json(200, entries),
    'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': 'facilities 0-1/2' }),
  });
  render(
    <AdminContext dataProvider={appDataProvider()} i18nProvider={createI18nProvider(locale)} store={memoryStore()}>
      <ChangesView object="customer" id={5} timeZone="America/New_York" />
    </AdminContext>,
  );
}

const lineOf = (list: HTMLElement, label: string) => within(list).getByText(label).closest('li')?.textContent;

describe('ChangesView', () => {
  it('shows each change as label: old → new with money, dates, phones and child emails readable', async () => {
    renderView();
    const list = await screen.findByRole('list', { name: 'Changes' });
    const [newest, middle, first] = Array.from(list.children) as HTMLElement[];
    expect(list.children).toHaveLength(3);

    expect(lineOf(newest, 'Credit balance')).toBe('Credit balance: $10.00 → $22.50');
    expect(lineOf(newest, 'Phone')).toBe('Phone: (718) 555-7880 → (212) 555-0100');
    expect(lineOf(newest, 'Waiver signed')).toBe('Waiver signed: No → Yes');
    // What else changed with the write (a suspension) has no old value; its dates are in New York.
    expect(lineOf(newest, 'Suspension')).toBe('Suspension: from: 31/12/2025 7:00PM, foul: Red card');
    expect(within(newest).queryByText('First name')).toBeNull();

    // 31 December 2025 00:00 UTC is 30 December, 7:00 PM in New York.
    expect(lineOf(middle, 'Deleted')).toBe('Deleted: (empty) → 30/12/2025 7:00PM');

    expect(lineOf(first, 'Email')).toBe('Email: child of ana@example.com');
    expect(lineOf(first, 'Birth date')).toBe('Birth date: 01/01/2010');
    expect(within(first).queryByText('UpdatedAt')).toBeNull();
    expect(within(list).queryByText(/[{}"]|1767/)).toBeNull();
    // Long values wrap inside the view instead of widening the page.
    expect(getComputedStyle(list).overflowWrap).toBe('anywhere');
  });

  it('names the facility and the customer type instead of their ids (issue 22 item 15)', async () => {
    renderView('en', [
      { ID: 2, action: 'update', user: null, CreatedAt: 1767139200, new_value: customer({ UpdatedAt: 2, facility_id: 2, customer_type_id: 1 }) },
      { ID: 1, action: 'create', user: null, CreatedAt: 1767052800, new_value: customer({ facility_id: 1, customer_type_id: 7 }) },
    ]);
    const list = await screen.findByRole('list', { name: 'Changes' });
    const [newest] = Array.from(list.children) as HTMLElement[];
    await vi.waitFor(() => expect(lineOf(newest, 'Facility')).toBe('Facility: Touchline Brooklyn → Touchline Queens'));
    // A type the spec does not name stays a number.
    expect(lineOf(newest, 'Customer type')).toBe('Customer type: 7 → Adult');
  });

  it('labels the fields in Spanish', async () => {
    await loadLocale('es'); // Spanish loads when chosen
    renderView('es');
    const list = await screen.findByRole('list', { name: 'Cambios' });
    expect(lineOf(list.children[0] as HTMLElement, 'Saldo de crédito')).toBe('Saldo de crédito: $10.00 → $22.50');
  });
});

describe('describeChanges', () => {
  it('diffs consecutive versions, all fields for the first, and skips an unreadable entry', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const entry = (ID: number, new_value: string) => ({ ID, action: 'update', user: null, CreatedAt: 0, new_value });
    const changes = describeChanges([entry(3, '{"ID":1,"name":"B","tax_rate":0.09,"UpdatedAt":5}'), entry(2, '[1,2]'), entry(1, '{"ID":1,"name":"B","tax_rate":0.08}')]);
    expect(changes.map((c) => [c.entry.ID, c.lines])).toEqual([
      [3, [{ field: 'tax_rate', before: 0.08, after: 0.09 }]],
      [1, [{ field: 'name', after: 'B' }, { field: 'tax_rate', after: 0.08 }]],
    ]);
  });
});
