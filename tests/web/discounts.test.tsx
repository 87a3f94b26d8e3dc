import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, FACILITIES, fill, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// /discount (spec 1 §2, §4): the discounts table (Percentage or Fixed amount), 'Show expired?' hiding
// expired discounts by default, the expire action with its confirmation, the rules view.

interface Discount { ID: number; name: string; is_percentage: boolean; value: number; expired: boolean }
let discounts: Discount[];

const RULE = {
  ID: 4, discount_id: 1, facility_id: 1, product_type_id: 2, start_date: 1_767_225_600, end_date: 1_769_904_000, comment: 'January',
  discount: { ID: 1, name: 'Spring sale' }, facility: { ID: 1, name: 'Downtown' }, product_type: { ID: 2, name: 'Adult block booking' },
};

const filterOf = (call: FetchCall) => JSON.parse(new URL(call.url, 'http://localhost').searchParams.get('filter') ?? '{}');

const routes = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/discount': (call: FetchCall) => {
    const rows = filterOf(call).expired ? discounts : discounts.filter((d) => !d.expired);
    return json(200, rows, { 'Content-Range': `discounts 0-${rows.length - 1}/${rows.length}` });
  },
  'PUT /api/discount/1': () => {
    discounts = discounts.map((d) => (d.ID === 1 ? { ...d, expired: true } : d));
    return json(200, discounts[0]);
  },
  'POST /api/discount': ({ body }: FetchCall) => {
    const created = { ID: 9, expired: false, ...(body as Omit<Discount, 'ID' | 'expired'>) };
    discounts = [...discounts, created];
    return json(201, created);
  },
  'GET /api/product/types': () => json(200, [{ ID: 2, name: 'Adult block booking' }], { 'Content-Range': 'product_types 0-0/1' }),
  'POST /api/discount/rule': ({ body }: FetchCall) => json(201, { ...RULE, ...(body as object), ID: 5 }),
  'GET /api/discount/rule': () => json(200, [RULE], { 'Content-Range': 'discount_rules 0-0/1' }),
  'GET /api/discount/1': () => json(200, discounts[0]),
  'GET /api/discount/9': () => json(200, discounts.find((d) => d.ID === 9)),
};

beforeAll(async () => {
  await import('../../resources/discount/DiscountList');
}, 30_000);
beforeEach(() => {
  discounts = [
    { ID: 1, name: 'Spring sale', is_percentage: true, value: 15, expired: false },
    { ID: 2, name: 'Staff ten dollars', is_percentage: false, value: 10, expired: false },
    { ID: 3, name: 'Old promo', is_percentage: true, value: 50, expired: true },
  ];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (path: string, role: 'admin' | 'manager' | 'mod' = 'admin') => renderApp(path, { role, dataProvider: appDataProvider(), routes });
/** The page's first list, on a machine shared with other test runs. */
const loaded = () => screen.findByText('Spring sale', {}, { timeout: 15_000 });
const row = (name: string) => screen.getByText(name).closest('tr')!;

describe('/discount', () => {
  it('shows each discount as Percentage or Fixed amount with its value, and hides expired ones', async () => {
    const { network } = render('/discount');
    expect(await loaded()).toBeInTheDocument();
    expect(within(row('Spring sale')).getByText('Percentage')).toBeInTheDocument();
    expect(within(row('Spring sale')).getByText('15%')).toBeInTheDocument();
    expect(within(row('Staff ten dollars')).getByText('Fixed amount')).toBeInTheDocument();
    expect(within(row('Staff ten dollars')).getByText('$10.00')).toBeInTheDocument();
    expect(screen.queryByText('Old promo')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show expired?' })).not.toBeChecked();
    const lists = network.calls.filter((c) => c.path === '/api/discount');
    expect(lists.every((c) => !filterOf(c).expired)).toBe(true);
  });

  it("lists expired discounts, without an expire action, once 'Show expired?' is on", async () => {
    const user = userEvent.setup();
    render('/discount');
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Show expired?' }));
    expect(await screen.findByText('Old promo')).toBeInTheDocument();
    expect(within(row('Old promo')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('Old promo')).queryByRole('button', { name: 'Expire' })).not.toBeInTheDocument();
    expect(within(row('Spring sale')).getByRole('button', { name: 'Expire' })).toBeInTheDocument();
  });

  it('expires a discount after confirmation with PUT /api/discount/{id}?expired=1', async () => {
    const user = userEvent.setup();
    const { network } = render('/discount');
    await loaded();
    await user.click(within(row('Spring sale')).getByRole('button', { name: 'Expire' }));
    const confirm = await screen.findByRole('dialog', { name: 'Expire discount' });
    expect(within(confirm).getByText(/Expire the discount Spring sale\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByText('Spring sale')).not.toBeInTheDocument());
    expect(network.calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/discount/1?expired=1']);
  });

  it('offers Add new to admins only', async () => {
    render('/discount');
    await loaded();
    expect(screen.getByRole('button', { name: 'Add new' })).toBeInTheDocument();
    cleanup();
    render('/discount', 'manager');
    await loaded();
    expect(screen.queryByRole('button', { name: 'Add new' })).not.toBeInTheDocument();
    // Managers still expire.
    expect(within(row('Spring sale')).getByRole('button', { name: 'Expire' })).toBeInTheDocument();
  });

  it('adds a fixed amount discount, checking the value against the type', async () => {
    const user = userEvent.setup();
    const { network } = render('/discount');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Percentage' })).toBeChecked();
    await fill(within(dialog).getByLabelText('Name *'), 'Loyalty');
    await fill(within(dialog).getByLabelText('Value *'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Is a percentage: more than 0 and at most 100')).toBeInTheDocument();

    // An invalid form shows its field messages only: no error dialog over them (issue 8 item 10).
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: 'Fixed amount' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'Loyalty', is_percentage: false, value: 150 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('$150.00')).toBeInTheDocument();
  }, 45_000);

  it('switches to the rules: discount, facility, product type, start, end, comment', async () => {
    const user = userEvent.setup();
    const { location } = render('/discount');
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Rules' }));
    expect(await screen.findByText('January')).toBeInTheDocument();
    expect(location()).toBe('/discount?view=rules');
    const rule = row('January');
    for (const text of ['Spring sale', 'Downtown', 'Adult block booking']) expect(within(rule).getByText(text)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Discount', 'Facility', 'Product type', 'Start', 'End', 'Comment']);
  });

  it('adds a rule whose end is after its start, sending unix seconds', async () => {
    const user = userEvent.setup();
    const { network } = render('/discount?view=rules');
    await screen.findByText('January', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    const pick = async (label: RegExp, option: string) => {
      await user.click(await within(dialog).findByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick(/^Discount/, 'Spring sale');
    await pick(/^Facility/, 'Downtown');
    await pick(/^Product type/, 'Adult block booking');
    fireEvent.change(within(dialog).getByLabelText('Start *'), { target: { value: '2026-03-01T09:00' } });
    fireEvent.change(within(dialog).getByLabelText('End *'), { target: { value: '2026-03-01T08:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be after the start')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);

    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('End *'), { target: { value: '2026-03-31T21:00' } });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    // The tests run in UTC.
    await waitFor(() =>
      expect(network.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
        ['/api/discount/rule', { discount_id: 1, facility_id: 1, product_type_id: 2, start_date: 1_772_355_600, end_date: 1_774_990_800 }],
      ]),
    );
  }, 45_000);

  it("opens a discount's page from its row: its type, value, status and the rules that offer it", async () => {
    const user = userEvent.setup();
    const { location, network } = render('/discount');
    await loaded();
    await user.click(screen.getByText('Spring sale'));
    await waitFor(() => expect(location()).toBe('/discount/1'));
    expect(await screen.findByText('January')).toBeInTheDocument();
    expect(screen.getByText('15%')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByText('January').closest('tr')!).getByText('Downtown')).toBeInTheDocument();
    // The rules are those of this discount (getManyReference).
    const rules = network.calls.filter((c) => c.path === '/api/discount/rule');
    expect(rules.map(filterOf)).toContainEqual({ discount_id: 1 });
  });

  it('expires a discount from its page, which shows it expired without a reload', async () => {
    const user = userEvent.setup();
    render('/discount/1', 'manager');
    expect(await screen.findByText('Active')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expire' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Expire discount' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Expire' })).not.toBeInTheDocument();
  });

  it('edits a discount at /discount/{id}/edit: only its expiry, after confirmation, then its page', async () => {
    const user = userEvent.setup();
    const { location, network } = render('/discount/1/edit', 'manager');
    expect(await screen.findByText(/can only be expired/)).toBeInTheDocument();
    expect(screen.getByText('Spring sale')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Expired' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Expire discount' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location()).toBe('/discount/1'));
    expect(network.calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/discount/1?expired=1']);
    expect(await screen.findByText('Expired')).toBeInTheDocument();
  });

  it('creates a discount at /discount/create, the schema\'s message under its field, then shows it', async () => {
    const user = userEvent.setup();
    const { location, network } = render('/discount/create');
    await fill(await screen.findByLabelText('Name *'), 'Loyalty');
    await fill(screen.getByLabelText('Value *'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Value *')).toHaveAccessibleDescription('Is a percentage: more than 0 and at most 100'));
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await fill(screen.getByLabelText('Value *'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/discount/9'));
    expect(await screen.findByText('12%')).toBeInTheDocument();
  }, 45_000);

  it.each([['/discount/create', 'manager'], ['/discount/1/edit', 'mod']] as const)('keeps %s from a %s (the matrix: admins add, admins and managers expire)', async (path, role) => {
    render(path, role);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
