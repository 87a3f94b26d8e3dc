import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../core/constants';
import { type CustomerProfile, type Membership } from '../../dataProvider';
import { es as profileEs } from '../../resources/customer/profile/messages';
import { kidWarnings } from '../../resources/customer/profile/kidWarnings';
import { appDataProvider, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

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
    note: 'Prefers evenings', photo: null, waiver_signed: true, hubspot_id: null, hubspot: true, deleted_at: null, CreatedAt: 1_600_000_000, UpdatedAt: 1_700_000_000,
    facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' },
    last_invoice_date: 1_700_000_000,
    totals: { invoiced: 2500, paid: 1999.99, balance: 500.01 },
    suspended: false, suspensions: [], family: [], eplayer: null, memberships: [],
    ...overrides,
  };
}

function open(customer: ProfileBody, role: Role = 'manager', routes: Record<string, FetchHandler> = {}, tab?: string) {
  return renderApp(`/customer/${customer.ID}${tab ? `?tab=${tab}` : ''}`, {
    role,
    dataProvider: appDataProvider(),
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
    // A photo is no danger (issue 22 item 15): Add profile photo is on the card, not in the Danger Zone.
    const danger = within(card).getByRole('region', { name: 'Danger Zone' });
    expect(within(danger).getByRole('button', { name: 'Merge' })).toBeInTheDocument();
    expect(within(danger).queryByRole('button', { name: 'Add profile photo' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Add profile photo' })).toBeInTheDocument();
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
    await waitFor(() => expect(input).toHaveAccessibleDescription('Invalid email'));
    await user.type(input, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Invalid email'));
    await user.clear(input);
    await user.type(input, 'kid@example.com##3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Email cannot contain ## character (need to be a parent email)'));
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

describe('HubSpot link', () => {
  it('opens the contact link in a new tab and reloads the profile, whose version the found contact changed', async () => {
    const user = userEvent.setup();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const customer = profile();
    const link = 'https://app.hubspot.com/contacts/4242/record/0-1/901';
    const app = open(customer, 'manager', { [`GET /api/customer/hubspot/${customer.ID}`]: () => json(200, { link }) });
    const card = await screen.findByRole('region', { name: 'Customer' });
    const loads = () => app.network.calls.filter((c) => c.method === 'GET' && c.path === `/api/customer/${customer.ID}`).length;
    const loadsBefore = loads();
    await user.click(within(card).getByRole('button', { name: 'HubSpot' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith(link, '_blank', 'noopener'));
    await waitFor(() => expect(loads()).toBeGreaterThan(loadsBefore));
    opened.mockRestore();
  });

  it("is not offered when the customer's facility has no HubSpot integration", async () => {
    open(profile({ hubspot: false }));
    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(within(card).getByRole('button', { name: 'Merge' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'HubSpot' })).toBeNull();
  });

  it('shows why there is no link', async () => {
    const user = userEvent.setup();
    const customer = profile();
    open(customer, 'manager', {
      [`GET /api/customer/hubspot/${customer.ID}`]: () => json(409, { statusCode: 409, error: 'Conflict', message: 'No HubSpot integration is set up for this facility' }),
    });
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'HubSpot' }));
    expect(await screen.findByText('No HubSpot integration is set up for this facility')).toBeInTheDocument();
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

describe('Add credit dialog amounts', () => {
  it.each([
    ['12.345', 'Use two decimals at most (cents)'],
    ['99999999', 'The new balance must be at most $1,000,000'],
    ['999995', 'The new balance must be at most $1,000,000'],
    ['-3', 'Enter an amount above zero'],
  ])('says what is wrong with %s before sending, and previews no balance', async (typed, message) => {
    const user = userEvent.setup();
    const customer = profile({ credits: 10 });
    const app = open(customer, 'admin');
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Add credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add credit' });
    await user.type(within(dialog).getByLabelText('Amount to add'), typed);
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).queryByText(/New balance/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(app.network.calls.some((c) => c.method === 'PUT')).toBe(false);
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

/** Unix seconds at UTC midnight of the day `years` years before today. */
function yearsAgo(years: number): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()) / 1000;
}

const puts = (calls: FetchCall[], path: string) => calls.filter((c) => c.method === 'PUT' && c.path === path);

describe('Changes tab', () => {
  it('is hidden from a mod (the changelog is for admins and managers) and never asked for', async () => {
    const customer = profile();
    const app = open(customer, 'mod', {}, 'changes');
    // ?tab=changes falls back to the profile tab.
    expect(await screen.findByRole('form', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Changes' })).toBeNull();
    expect(app.network.calls.some((c) => c.path === '/api/changelog')).toBe(false);
  });

  it('is shown to an admin, and a refused load shows the server message instead of "no changes"', async () => {
    const customer = profile();
    open(customer, 'admin', {
      'GET /api/changelog': () => json(403, { statusCode: 403, error: 'Forbidden', message: 'Only admins and managers may read the changelog' }),
    }, 'changes');
    expect(await screen.findByRole('tab', { name: 'Changes', selected: true })).toBeInTheDocument();
    expect((await screen.findAllByText('Only admins and managers may read the changelog')).length).toBeGreaterThan(0);
    expect(screen.queryByText('No changes recorded yet')).toBeNull();
  });

  it('lists the changes for a manager', async () => {
    const customer = profile();
    open(customer, 'manager', {
      'GET /api/changelog': () => json(200, [{ ID: 1, action: 'update', user: { ID: 7, first_name: 'Sam', last_name: 'Staff' }, CreatedAt: 1_700_000_000, new_value: '{"first_name":"Lena"}' }]),
    }, 'changes');
    expect(await screen.findByRole('tab', { name: 'Changes', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Changes' });
    expect(within(list).getByText('First name')).toBeInTheDocument();
    expect(screen.queryByText('No changes recorded yet')).toBeNull();
  });
});

describe('Edit membership dialog', () => {
  it("says 'Please select a valid date' for a cleared Valid until, without calling the server", async () => {
    const user = userEvent.setup();
    const customer = profile();
    const membership: Membership = {
      ID: 900, sub_customer_id: customer.ID, member_customer_id: customer.ID, valid_until: NOW + 30 * 86400, is_free: false, new_product_id: 1,
      CreatedAt: NOW - 86400, valid: true, holder: { ID: customer.ID, first_name: 'Lena', last_name: 'Park' }, product: { ID: 1, name: 'Gold' },
    };
    customer.memberships = [membership];
    const app = open(customer, 'manager', {}, 'memberships');
    await user.click(await screen.findByRole('button', { name: 'Edit membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit membership' });
    fireEvent.change(within(dialog).getByLabelText('Valid until'), { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Valid until')).toHaveAccessibleDescription('Please select a valid date'));
    expect(screen.queryByText('A problem happened')).toBeNull();
    expect(app.network.calls.some((c) => c.path === '/api/membership/900')).toBe(false);
  });
});

describe('Profile tab form', () => {
  async function openForm(customer: ProfileBody) {
    const user = userEvent.setup();
    const app = open(customer, 'manager', {
      [`PUT /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"8"' }),
    });
    const form = await screen.findByRole('form', { name: 'Profile' });
    const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));
    return { user, app, form, save };
  }

  it.each([
    ['an adult', 'Valid Birthdate Required', () => profile(), `1/1/${new Date().getUTCFullYear() + 1}`],
    ['a child', 'Valid Child Birthdate Required', () => profile({ is_kid: true, email: 'ana@example.com##77', phone: '', birthdate: yearsAgo(10) }), '1/1/1990'],
  ])("shows %s's message under an impossible birth date or one the rules refuse, and sends nothing", async (_who, message, make, refused) => {
    const customer = make();
    const { user, app, form, save } = await openForm(customer);
    const field = within(form).getByLabelText('Birth date (M/D/YYYY)');
    for (const text of ['31/31/2000', refused]) {
      await user.clear(field);
      await user.type(field, text);
      await save();
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(puts(app.network.calls, `/api/customer/${customer.ID}`)).toHaveLength(0);
  });

  it('lets a child on record past 18 save other fields when the birth date is unchanged', async () => {
    const customer = profile({ is_kid: true, email: 'ana@example.com##78', phone: '', birthdate: yearsAgo(25) });
    const { user, app, form, save } = await openForm(customer);
    const first = within(form).getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Lenora');
    await save();
    await waitFor(() => expect(puts(app.network.calls, `/api/customer/${customer.ID}`)).toHaveLength(1));
    expect(puts(app.network.calls, `/api/customer/${customer.ID}`)[0].body).toMatchObject({ first_name: 'Lenora', birthdate: customer.birthdate });
    expect(within(form).getByLabelText('Birth date (M/D/YYYY)')).not.toHaveAccessibleDescription('Valid Child Birthdate Required');
  });

  it("says the phone message under an adult's invalid phone and sends nothing; a child's phone may be blank", async () => {
    const customer = profile();
    const { user, app, form, save } = await openForm(customer);
    const phone = within(form).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '123');
    await save();
    expect(phone).toHaveAccessibleDescription('Valid Phone Number Required (ex: 111 222 3333)');
    await user.clear(phone);
    await save();
    expect(phone).toHaveAccessibleDescription('Valid Phone Number Required (ex: 111 222 3333)');
    expect(puts(app.network.calls, `/api/customer/${customer.ID}`)).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
    cleanup();

    const kid = profile({ is_kid: true, email: 'ana@example.com##79', phone: '+12125550100', birthdate: yearsAgo(9) });
    const child = await openForm(kid);
    const kidPhone = within(child.form).getByLabelText('Phone');
    await child.user.clear(kidPhone);
    await child.save();
    await waitFor(() => expect(puts(child.app.network.calls, `/api/customer/${kid.ID}`)).toHaveLength(1));
    expect(puts(child.app.network.calls, `/api/customer/${kid.ID}`)[0].body).toMatchObject({ phone: '' });
  });
});

describe('Suspend player dialog', () => {
  it("says 'Until must be after From' under an Until before From, and sends nothing", async () => {
    const user = userEvent.setup();
    const customer = profile();
    const app = open(customer);
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Suspend player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend player' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2030-05-10' } });
    fireEvent.change(within(dialog).getByLabelText('Until'), { target: { value: '2030-05-01' } });
    await user.type(within(dialog).getByLabelText('Foul'), 'Red card');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Until')).toHaveAccessibleDescription('Until must be after From'));
    expect(app.network.calls.some((c) => c.path === '/api/customer/suspension')).toBe(false);
  });
});

describe('Suspend player on its declaration (issue 40 item 3)', () => {
  it("says 'Required' under an empty Foul and sends nothing; a saved suspension shows on the card without a reload", async () => {
    const user = userEvent.setup();
    let customer = profile();
    const posts: FetchCall[] = [];
    const app = renderApp(`/customer/${customer.ID}`, {
      role: 'manager',
      dataProvider: appDataProvider(),
      routes: {
        [`GET /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"7"' }),
        'POST /api/customer/suspension': (call) => {
          posts.push(call);
          const period = { ID: 3, ...(call.body as { customer_id: number; from: number; until: number; foul: string; notes: string }) };
          customer = { ...customer, suspended: true, suspensions: [period] };
          return json(201, period);
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Suspend player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend player' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Foul')).toHaveAccessibleDescription('Required'));
    expect(posts).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Foul'), 'Red card');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Suspend player' })).toBeNull());
    expect(posts.map((c) => c.body)).toEqual([expect.objectContaining({ customer_id: customer.ID, foul: 'Red card', notes: '' })]);
    const { from, until } = posts[0].body as { from: number; until: number };
    // Seven whole days in the facility's zone, the last one included.
    expect(until - from + 1).toBeGreaterThanOrEqual(8 * 86400 - 3600);
    await waitFor(() => expect(within(card).getByTestId('suspension-status')).toHaveTextContent('Suspended'));
    expect(app.network.calls.filter((c) => c.method === 'GET' && c.path === `/api/customer/${customer.ID}`).length).toBeGreaterThan(1);
  }, 60_000);
});

describe('Note dialog', () => {
  it("shows the server's refusal in the dialog, and a saved note on the card without a reload", async () => {
    const user = userEvent.setup();
    let customer = profile();
    let refuse = true;
    renderApp(`/customer/${customer.ID}`, {
      role: 'manager',
      dataProvider: appDataProvider(),
      routes: {
        [`GET /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"7"' }),
        [`PUT /api/customer/note/${customer.ID}`]: (call) => {
          if (refuse) return json(409, { statusCode: 409, error: 'Conflict', message: 'This customer was merged into another one' });
          customer = { ...customer, note: (call.body as { note: string }).note };
          return json(200, customer);
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note' });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note).toHaveValue('Prefers evenings');
    await user.clear(note);
    await user.type(note, 'Prefers mornings');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This customer was merged into another one');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Note' })).toBeNull());
    expect(await within(card).findByText('Prefers mornings')).toBeInTheDocument();
  }, 60_000);
});

describe('Add new membership dialog', () => {
  it("says the spec's messages under Family member, Membership and Amount without calling the server, then sells it and the tab shows it", async () => {
    const user = userEvent.setup();
    let customer = profile();
    const posts: FetchCall[] = [];
    renderApp(`/customer/${customer.ID}?tab=memberships`, {
      role: 'manager',
      dataProvider: appDataProvider(),
      routes: {
        [`GET /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"7"' }),
        'GET /api/membership/products': () => json(200, [{ ID: 31, name: 'Gold', base_price: 40, duration: 30 }]),
        'POST /api/membership': (call) => {
          posts.push(call);
          const membership = {
            ID: 901, sub_customer_id: customer.ID, member_customer_id: customer.ID, valid_until: NOW + 30 * 86400, is_free: false, new_product_id: 31,
            CreatedAt: NOW, valid: true, holder: { ID: customer.ID, first_name: 'Lena', last_name: 'Park' }, product: { ID: 31, name: 'Gold' },
          };
          customer = { ...customer, memberships: [membership] };
          return json(201, { ...membership, invoice: { ID: 70, total: 40 } });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add new membership' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new membership' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const control = (name: string) => within(within(dialog).getByRole('combobox', { name }).closest('.MuiFormControl-root') as HTMLElement);
    expect(await control('Family member').findByText('Please select a family member')).toBeVisible();
    expect(control('Membership').getByText("We couldn't add the membership")).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Family member' }));
    await user.click(await screen.findByRole('option', { name: 'Lena Park' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Membership' }));
    await user.click(await screen.findByRole('option', { name: 'Gold' }));
    // The membership's price fills the amount; an amount of 0 is refused under it.
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount' });
    await waitFor(() => expect(amount).toHaveValue(40));
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('The amount must be above zero'));
    expect(posts).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Membership added')).toBeInTheDocument();
    expect(posts.map((c) => c.body)).toEqual([{ sub_customer_id: customer.ID, member_customer_id: customer.ID, new_product_id: 31, is_free: false, amount: 40 }]);
    expect(await screen.findByRole('cell', { name: 'Gold' })).toBeInTheDocument();
  }, 60_000);
});

describe('Add free trial dialog (issue 8 item 17)', () => {
  it("asks for the customer's sessions and labels each with class, date and time in the facility's zone, and field", async () => {
    const user = userEvent.setup();
    const customer = profile({ facility: { ID: 1, name: 'Downtown', time_zone: 'America/Los_Angeles' } });
    const session = (ID: number, name: string, start: number, field: string) => ({
      class: { ID: ID * 10, name, facility_id: 1 }, event: { ID, start_date: start, end_date: start + 3600 }, field: { ID: ID * 100, name: field },
    });
    const app = open(customer, 'manager', {
      [`GET /api/class/trial/customer/${customer.ID}`]: () => json(200, []),
      'GET /api/class/trial/upcoming': () => json(200, [
        session(1, 'Adult Skills Clinic', 1_900_000_000, 'Field 1'), session(2, 'Adult Skills Clinic', 1_900_000_000, 'Field 2'),
      ]),
    }, 'free_trials');
    await user.click(await screen.findByRole('button', { name: 'Add free trial' }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add free trial' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Session' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    // 1,900,000,000 is 3/17/2030 17:46 UTC: 10:46 in Los Angeles.
    expect(options).toEqual(['Adult Skills Clinic · 3/17/2030 10:46 · Field 1', 'Adult Skills Clinic · 3/17/2030 10:46 · Field 2']);
    const lookup = app.network.calls.find((c) => c.path === '/api/class/trial/upcoming')!;
    expect(new URL(lookup.url, 'http://x').searchParams.get('customer_id')).toBe(String(customer.ID));
  });
});

describe('Add free trial on its declaration (issue 40 item 3)', () => {
  it("says 'Required' under Session and sends nothing; an added trial shows in the tab without a reload", async () => {
    const user = userEvent.setup();
    const customer = profile();
    const session = { class: { ID: 10, name: 'Adult Skills Clinic', facility_id: 1 }, event: { ID: 1, start_date: 1_900_000_000, end_date: 1_900_003_600 }, field: { ID: 100, name: 'Field 1' } };
    let trials: unknown[] = [];
    const posts: FetchCall[] = [];
    open(customer, 'manager', {
      [`GET /api/class/trial/customer/${customer.ID}`]: () => json(200, trials),
      'GET /api/class/trial/upcoming': () => json(200, [session]),
      'POST /api/class/trial': (call) => {
        posts.push(call);
        trials = [{ ID: 5, class: session.class, event: session.event }];
        return json(201, { ID: 5, class_id: 10, event_id: 1, customer_id: customer.ID });
      },
    }, 'free_trials');
    await user.click(await screen.findByRole('button', { name: 'Add free trial' }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add free trial' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const sessions = within(dialog).getByRole('combobox', { name: 'Session' });
    expect(await within(sessions.closest('.MuiFormControl-root') as HTMLElement).findByText('Required')).toBeVisible();
    expect(posts).toHaveLength(0);
    await user.click(sessions);
    await user.click(await screen.findByRole('option', { name: /Adult Skills Clinic/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Free trial added')).toBeInTheDocument();
    expect(posts.map((c) => c.body)).toEqual([{ class_id: 10, event_id: 1, customer_id: customer.ID }]);
    expect(await screen.findByRole('link', { name: 'Adult Skills Clinic' })).toBeInTheDocument();
  }, 60_000);
});

describe('Merge customer dialog', () => {
  const summary = (ID: number, first_name: string, extra: Record<string, unknown> = {}) => ({
    ID, id: ID, first_name, last_name: 'Park', email: `${first_name.toLowerCase()}@example.com`, phone: '', birthdate: null, gender: '', address: '',
    state: '', country: '', is_kid: false, parent_email: '', customer_type_id: 1, facility_id: 1, facility: { ID: 1, name: 'Downtown' }, deleted_at: null,
    ...extra,
  });

  async function pickerOptions(customer: ProfileBody) {
    const user = userEvent.setup();
    const results = [
      summary(customer.ID, customer.first_name, { is_kid: customer.is_kid, email: customer.email }),
      summary(501, 'Adam'),
      summary(502, 'Kira', { is_kid: true, email: 'adam@example.com##502' }),
      summary(503, 'Milo', { email: 'milo@example.com##503' }),
    ];
    open(customer, 'manager', { 'GET /api/customer/search/park': () => json(200, results) });
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge customer' });
    await user.type(within(dialog).getByLabelText('Duplicate customer'), 'park');
    await screen.findAllByRole('option', {}, { timeout: 5000 });
    return screen.getAllByRole('option').map((o) => o.textContent);
  }

  it('names the customers a merge deletes and merges only once confirmed', async () => {
    const user = userEvent.setup();
    const customer = profile();
    const app = open(customer, 'manager', {
      'GET /api/customer/search/adam': () => json(200, [summary(501, 'Adam')]),
      // The picker keeps the picked name in its box, which searches it once more.
      'GET /api/customer/search/Adam%20Park': () => json(200, [summary(501, 'Adam')]),
      [`POST /api/customer/merge/${customer.ID}`]: () => json(200, customer),
    });
    const card = await screen.findByRole('region', { name: 'Customer' });
    await user.click(within(card).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge customer' });
    // None picked: the declaration's message under the picker, and nothing asked or sent.
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Duplicate customer')).toHaveAccessibleDescription('No customers selected for merging'));
    expect(screen.queryByRole('dialog', { name: 'Merge and delete?' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Duplicate customer'), 'adam');
    await user.click(await screen.findByRole('option', { name: /Adam Park/ }));
    expect(await within(dialog).findByText(/Adam Park · adam@example.com · #501/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Merge and delete?' });
    expect(confirmation).toHaveTextContent(/Adam Park \(#501\) will be deleted: .* move to .*This cannot be undone/);
    const merges = () => app.network.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/customer/merge/'));
    expect(merges()).toHaveLength(0);
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Customers merged!')).toBeInTheDocument();
    expect(merges().map((c) => c.body)).toEqual([{ customer_ids: [501] }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Merge customer' })).toBeNull());
  }, 60_000);

  it('offers an adult only other adults as duplicates', async () => {
    const options = await pickerOptions(profile());
    expect(options).toEqual(['Adam Park · adam@example.com · Downtown']);
  });

  it('offers a child only other children as duplicates', async () => {
    const options = await pickerOptions(profile({ first_name: 'Ana', is_kid: true, email: 'ana@example.com##600' }));
    expect(options).toEqual(['Kira Park · child of adam@example.com · Downtown', 'Milo Park · child of milo@example.com · Downtown']);
  });
});

describe('Spanish wording and child emails', () => {
  it("translates 'Waiver signed' as 'Descargo firmado'", () => {
    expect(profileEs.customer_profile.waiver).toBe('Descargo firmado');
  });

  it("shows a child's '##' email as the parent's address with a 'child of' marker, and phones as (718) 555-7880", async () => {
    open(profile({ is_kid: true, email: 'ana@example.com##498', phone: '+17185557880' }));
    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(within(card).queryByText(/##498/)).toBeNull();
    expect(within(card).getByText('child of')).toBeInTheDocument();
    expect(within(card).getByText('ana@example.com')).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(within(card).getByText('(718) 555-7880')).toBeInTheDocument();
  });
});

describe('History tab: Add new payment', () => {
  const summary = { date: 1_763_900_000, facility_id: 1, product_type_id: 1, comment: '', total: 120, paid: 0, balance: 120, reversed: null, reversal: null };
  const payments = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/payment');

  async function payFrom(customer: ProfileBody, routes: Record<string, FetchHandler>) {
    const user = userEvent.setup();
    const app = open(customer, 'admin', routes, 'history');
    await user.click(await screen.findByRole('button', { name: 'Add new payment' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    return { user, network: app.network, dialog };
  }

  it('asks for the player of a team (league) invoice, as the invoice page does, and sends it', async () => {
    const customer = profile();
    const { user, network, dialog } = await payFrom(customer, {
      [`GET /api/invoice/customer/${customer.ID}`]: () => json(200, [{ ...summary, ID: 61, customer_id: customer.ID, team_id: 11 }]),
      'GET /api/invoice/61': () => json(200, { ID: 61, team_id: 11, team: { ID: 11, name: 'Red', roster: [{ ID: 8, first_name: 'Ada', last_name: 'Kick' }] } }),
      'POST /api/payment': () => json(201, { ID: 7, amount: 120, balance: 0 }),
    });
    const submit = within(dialog).getByRole('button', { name: 'Add payment' });
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a player: a league payment is for one player of the team');
    expect(payments(network.calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Player' }));
    await user.click(screen.getByRole('option', { name: 'Ada Kick' }));
    await user.click(submit);
    await waitFor(() => expect(payments(network.calls)).toHaveLength(1));
    expect(payments(network.calls)[0].body).toEqual({ invoice_id: 61, amount: 120, type: 'cash', player_customer_id: 8 });
  }, 60_000);

  it('has no Player field on a general invoice, and reads no invoice for one', async () => {
    const customer = profile();
    const { dialog, network } = await payFrom(customer, {
      [`GET /api/invoice/customer/${customer.ID}`]: () => json(200, [{ ...summary, ID: 62, customer_id: customer.ID, team_id: null }]),
    });
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount' })).toHaveValue(120);
    expect(within(dialog).queryByRole('combobox', { name: 'Player' })).toBeNull();
    expect(network.calls.some((c) => c.path === '/api/invoice/62')).toBe(false);
  }, 60_000);
});

describe('the customer views (issue 40)', () => {
  it("edits the details at /customer/{id}/edit: the declaration's message under its field, then the profile shows the change", async () => {
    const user = userEvent.setup();
    let stored = profile();
    const puts: unknown[] = [];
    const view = renderApp(`/customer/${stored.ID}/edit`, {
      role: 'mod',
      dataProvider: appDataProvider(),
      routes: {
        [`GET /api/customer/${stored.ID}`]: () => json(200, stored, { ETag: '"7"' }),
        [`PUT /api/customer/${stored.ID}`]: (call: FetchCall) => {
          puts.push([call.body, call.headers.get('If-Match')]);
          stored = { ...stored, ...(call.body as object) };
          return json(200, stored, { ETag: '"8"' });
        },
      },
    });
    const phone = await screen.findByLabelText('Phone', {}, { timeout: 15_000 });
    fireEvent.change(phone, { target: { value: '12-34' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(/Valid Phone Number Required/));
    expect(puts).toEqual([]);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '212-555-0199' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Parker' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.location()).toBe(`/customer/${stored.ID}`));
    expect(puts).toEqual([[{ phone: '212-555-0199', last_name: 'Parker' }, '"7"']]);
    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(await within(card).findByRole('heading', { name: 'Lena Parker' })).toBeInTheDocument();
  });

  it('links the profile to its edit view', async () => {
    const customer = profile();
    open(customer);
    const card = await screen.findByRole('region', { name: 'Customer' });
    expect(within(card).getByRole('link', { name: 'Edit details' })).toHaveAttribute('href', `/customer/${customer.ID}/edit`);
  });

  it('opens New customer at /customer/create, and leaves for the search when closed', async () => {
    const user = userEvent.setup();
    const view = renderApp('/customer/create', { role: 'mod', dataProvider: appDataProvider() });
    const wizard = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(within(wizard).getByText('New customer')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(view.location()).toBe('/customer'));
  });
});
