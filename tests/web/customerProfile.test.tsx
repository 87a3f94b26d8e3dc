import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../core/constants';
import { createDataProvider, type CustomerProfile } from '../../dataProvider';
import { kidWarnings } from '../../src/pages/customers/profile/kidWarnings';
import { renderApp } from './support/app';
import { json, type FetchHandler } from './support/fetch';

// The customer profile page: the summary card and the Edit customer email dialog.

afterEach(cleanup);

const NOW = Math.floor(Date.now() / 1000);

// Each test its own customer: the app's query cache outlives a test.
let nextId = 100;

/** GET /customer/{id}'s body; the version travels in its ETag header. */
type ProfileBody = Omit<CustomerProfile, 'version'>;

function profile(overrides: Partial<ProfileBody> = {}): ProfileBody {
  return {
    ID: nextId++, first_name: 'Lena', last_name: 'Park', email: 'lena@example.com', phone: '+12125550142', address: '1 Main St', state: 'NY',
    country: 'US', gender: '', is_kid: false, parent_email: '', birthdate: null, facility_id: 1, customer_type_id: 1, credits: 1234.5,
    note: 'Prefers evenings', photo: null, waiver_signed: true, hubspot_id: null,
    facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' },
    last_invoice_date: 1_700_000_000,
    totals: { invoiced: 2500, paid: 1999.99, balance: 500.01 },
    suspended: false, suspensions: [], family: [], eplayer: null, memberships: [],
    ...overrides,
  };
}

function open(customer: ProfileBody, role: Role = 'manager', routes: Record<string, FetchHandler> = {}) {
  return renderApp(`/customer/${customer.ID}`, {
    role,
    dataProvider: createDataProvider('/api'),
    routes: {
      [`GET /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"7"' }),
      // The admin's facility selector.
      'GET /api/facility': () => json(200, [{ ID: 1, name: 'Downtown', nickname: 'DT' }], { 'Content-Range': 'facility 0-0/1' }),
      ...routes,
    },
  });
}

describe('customer profile summary card', () => {
  it('shows name, facility, last invoice date, totals, credits and status', async () => {
    open(profile());
    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(within(card).getByRole('heading', { name: 'Lena Park' })).toBeInTheDocument();
    expect(within(card).getByText('Downtown')).toBeInTheDocument();
    expect(within(card).getByText('11/14/2023 17:13')).toBeInTheDocument();
    expect(within(card).getByTestId('total-invoiced')).toHaveTextContent('$2,500.00');
    expect(within(card).getByTestId('total-paid')).toHaveTextContent('$1,999.99');
    expect(within(card).getByTestId('total-balance')).toHaveTextContent('$500.01');
    expect(within(card).getByTestId('credit-balance')).toHaveTextContent('$1,234.50');
    expect(within(card).getByTestId('suspension-status')).toHaveTextContent('Active');
    expect(within(card).getByLabelText('Waiver signed')).toBeChecked();
    // Add credit is for admins only; Merge for admins and managers.
    expect(within(card).queryByRole('button', { name: 'Add credit' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Merge' })).toBeInTheDocument();
  });

  it('shows a suspended player as suspended, and Add credit to an admin', async () => {
    open(profile({ suspended: true, suspensions: [{ ID: 1, customer_id: 42, from: NOW - 60, until: NOW + 3600, foul: 'Red card', notes: '' }] }), 'admin');
    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(within(card).getByTestId('suspension-status')).toHaveTextContent('Suspended');
    expect(within(card).getByRole('button', { name: 'Add credit' })).toBeInTheDocument();
  });

  it('disables email editing for a kid and shows the membership warnings', async () => {
    const parent = { ID: 7, first_name: 'Ana', last_name: 'Park', email: 'other@example.com' };
    const kid = profile({
      is_kid: true, email: 'ana@example.com##42',
      family: [{ ID: 1, parent_id: 7, child_id: 42, relation: '', parent, child: { ID: 42, first_name: 'Lena', last_name: 'Park', email: 'ana@example.com##42' } }],
    });
    kid.family[0].child_id = kid.ID;
    open(kid);
    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(within(card).getByRole('button', { name: 'Edit customer email' })).toBeDisabled();
    expect(await screen.findByText('Memberships of this child go through the parent email other@example.com')).toBeInTheDocument();
    expect(screen.getByText('The child email does not match the parent email other@example.com')).toBeInTheDocument();
  });
});

describe('Edit customer email dialog', () => {
  async function openDialog(customer = profile(), routes: Record<string, FetchHandler> = {}) {
    const user = userEvent.setup();
    const app = open(customer, 'manager', routes);
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Edit customer email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit customer email' });
    const input = within(dialog).getByLabelText('Email');
    return { user, app, dialog, input };
  }

  it('says Invalid email for an empty or malformed address, and refuses ## without calling the server', async () => {
    const { user, app, dialog, input } = await openDialog();
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
    await user.type(input, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'kid@example.com##3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Email cannot contain ## character (need to be a parent email)')).toBeInTheDocument();
    expect(app.network.calls.some((c) => c.path.startsWith('/api/customer/email'))).toBe(false);
  });

  it('sends the new address and says Email confirmation sent', async () => {
    const customer = profile();
    const { user, app, dialog, input } = await openDialog(customer, {
      [`PUT /api/customer/email/${customer.ID}`]: () => json(200, { message: 'Email confirmation sent', email: 'new@example.com' }),
    });
    await user.clear(input);
    await user.type(input, 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email confirmation sent')).toBeInTheDocument();
    const call = app.network.calls.find((c) => c.path === `/api/customer/email/${customer.ID}`);
    expect(call?.method).toBe('PUT');
    expect(new URL(call!.url, 'http://localhost').searchParams.get('email')).toBe('new@example.com');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit customer email' })).toBeNull());
    expect(app.network.calls.filter((c) => c.path === `/api/customer/${customer.ID}`).length).toBeGreaterThan(1);
  });
});

describe('Add credit dialog', () => {
  it('sends the new balance for the version shown, and reloads the profile when someone changed it meanwhile', async () => {
    const user = userEvent.setup();
    const customer = profile({ credits: 10 });
    const app = open(customer, 'admin', {
      [`PUT /api/customer/${customer.ID}`]: () => json(412, {
        statusCode: 412, error: 'Precondition Failed', message: 'Someone else changed this customer meanwhile. Reload the page and try again.',
      }),
    });
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Add credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add credit' });
    await user.type(within(dialog).getByLabelText('Amount to add'), '5');
    expect(within(dialog).getByText('New balance: $15.00')).toBeInTheDocument();
    const loads = () => app.network.calls.filter((c) => c.method === 'GET' && c.path === `/api/customer/${customer.ID}`).length;
    const loadsBefore = loads();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Someone else changed this customer meanwhile. Reload the page and try again.')).toBeInTheDocument();
    const put = app.network.calls.find((c) => c.method === 'PUT' && c.path === `/api/customer/${customer.ID}`);
    expect(put?.body).toEqual({ credits: 15 });
    expect(put?.headers.get('If-Match')).toBe('"7"');
    await waitFor(() => expect(loads()).toBeGreaterThan(loadsBefore));
  });
});

describe('kidWarnings', () => {
  it('warns about a kid with no parent, and about several parents', () => {
    expect(kidWarnings(profile({ ID: 42, is_kid: true, email: 'a@example.com##42' })).map((w) => w.key)).toEqual(['no_parent']);
    const person = (ID: number, email: string) => ({ ID, first_name: 'P', last_name: String(ID), email });
    const child = person(42, 'a@example.com##42');
    const two = profile({
      ID: 42,
      is_kid: true, email: 'a@example.com##42',
      family: [
        { ID: 1, parent_id: 1, child_id: 42, relation: '', parent: person(1, 'a@example.com'), child },
        { ID: 2, parent_id: 2, child_id: 42, relation: '', parent: person(2, 'b@example.com'), child },
      ],
    });
    expect(kidWarnings(two).map((w) => w.key)).toEqual(['parent_email', 'multiple_parents']);
    expect(kidWarnings(profile())).toEqual([]);
  });
});
