import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';
import { SEARCH_LIMIT } from '../../core/constants';

// /customer: the search runs once the typing settles for 300 ms (or at once on Enter), carries the
// manager's facility, lists Name, Location, Birth date, Phone, Email, Address with links to each
// profile; Reactivate Customer searches deleted customers and brings one back.

afterEach(cleanup);

const zoe = {
  ID: 21, first_name: 'Zoe', last_name: 'Quill', email: 'zoe@example.com', phone: '+12125550199', birthdate: 1_262_304_000, gender: '',
  address: '12 Harbor Lane', state: 'NY', country: 'US', is_kid: false, parent_email: '', customer_type_id: 1, facility_id: 1,
  facility: { ID: 1, name: 'Downtown' }, deleted_at: null,
};
const gwen = { ...zoe, ID: 22, first_name: 'Gwen', email: 'gwen@example.com', deleted_at: 1_700_000_000 };

const many = (count: number) => Array.from({ length: count }, (_, i) => ({ ...zoe, ID: 1000 + i, first_name: `Ann${i}`, email: `ann${i}@example.com` }));

function open() {
  return renderApp('/customer', {
    role: 'manager',
    dataProvider: appDataProvider(),
    routes: {
      'GET /api/customer/search/zoe%20quill': () => json(200, [zoe]),
      // Zoe's profile: the summary's fields and the profile's own.
      'GET /api/customer/21': () => json(200, {
        ...zoe, customer_type_id: 1, credits: 0, note: '', photo: null, waiver_signed: false, hubspot_id: null, hubspot: false, CreatedAt: 1_600_000_000, UpdatedAt: 1_700_000_000,
        facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' }, last_invoice_date: null, totals: { invoiced: 500.01, paid: 0, balance: 500.01 },
        suspended: false, suspensions: [], family: [], eplayer: null, memberships: [],
      }, { ETag: '"1"' }),
      'GET /api/customer/search/nobody': () => json(200, []),
      'GET /api/customer/search/deleted/gwen': () => json(200, [gwen]),
      'POST /api/customer/reactivate/22': () => json(200, { ...gwen, deleted_at: null }),
      // A full answer (the server's cap) and one row short of it.
      'GET /api/customer/search/a': () => json(200, many(SEARCH_LIMIT)),
      'GET /api/customer/search/ab': () => json(200, many(SEARCH_LIMIT - 1)),
    },
  });
}

const searches = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/customer/search/'));

describe('customer search', () => {
  it('searches once when the typing settles, with the manager’s facility, and links each row to its profile', async () => {
    const { network, location } = open();
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search customers' }, { timeout: 20000 });
    await user.type(box, 'zoe quill');
    const link = await screen.findByRole('link', { name: 'Zoe Quill' }, { timeout: 15000 });
    expect(link).toHaveAttribute('href', '/customer/21');
    // Nine keystrokes, one search: the debounce let only the settled text through.
    expect(searches(network.calls).map((c) => decodeURIComponent(c.path))).toEqual(['/api/customer/search/zoe quill']);
    expect(searches(network.calls)[0].url).toContain('facility_id=1');
    const row = link.closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Zoe Quill', 'Downtown', '1/1/2010', '(212) 555-0199', 'zoe@example.com', '12 Harbor Lane']);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Location', 'Birth date', 'Phone', 'Email', 'Address']);
    // The words are the list's `q` filter, kept in the address so that going back shows the same results.
    expect(JSON.parse(new URLSearchParams(location().split('?')[1]).get('filter')!)).toEqual({ q: 'zoe quill' });
  });

  it('runs the search at once on Enter', async () => {
    const { network } = open();
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search customers' }, { timeout: 20000 });
    await user.click(box);
    await user.paste('nobody');
    await user.keyboard('{Enter}');
    // Well inside the 300 ms of the debounce.
    await waitFor(() => expect(searches(network.calls)).toHaveLength(1), { timeout: 250 });
    expect(await screen.findByText('No customers match every word')).toBeInTheDocument();
  });

  it('opens the profile from a result, read whole (the result row is only a summary)', async () => {
    const { network, location } = open();
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search customers' }, { timeout: 20000 });
    await user.click(box);
    await user.paste('zoe quill');
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('link', { name: 'Zoe Quill' }, { timeout: 15000 }));
    await waitFor(() => expect(location()).toBe('/customer/21'));
    const card = await screen.findByRole('region', { name: 'Customer' }, { timeout: 15000 });
    expect(within(card).getByTestId('total-balance')).toHaveTextContent('$500.01');
    expect(network.calls.filter((c) => c.method === 'GET' && c.path === '/api/customer/21')).toHaveLength(1);
  });

  it('reactivates a deleted customer and opens the profile', async () => {
    const { network, location } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reactivate Customer' }, { timeout: 20000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('searchbox', { name: 'Search deleted customers' }));
    await user.paste('gwen');
    await user.click(await within(dialog).findByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(location()).toBe('/customer/22'));
    expect(network.calls.some((c) => c.method === 'POST' && c.path === '/api/customer/reactivate/22')).toBe(true);
    expect(await screen.findByText('Customer reactivated')).toBeInTheDocument();
  });

  it(`says the list stops at the first ${SEARCH_LIMIT} matches when the answer is full, and not below that`, async () => {
    open();
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Search customers' }, { timeout: 20000 });
    await user.click(box);
    await user.paste('a');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Showing the first 50 matches. Type another word to narrow the search.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Ann\d+ Quill$/ })).toHaveLength(50);
    await user.paste('b');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Ann\d+ Quill$/ })).toHaveLength(49));
    expect(screen.queryByText(/Showing the first/)).toBeNull();
  });
});
