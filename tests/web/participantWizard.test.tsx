import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_FACILITIES, session } from '../../dataProvider/session';
import { appDataProvider, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// The add-participant wizard, opened by New customer on /customer over the real dataProvider and a
// fake API: the spec's per-field messages (1 §5), the new child's parent → child → family link
// sequence, and the parent rule for an existing child (3 §5).

afterEach(cleanup);

const facility = { ID: 1, name: 'Downtown' };
const customer = (ID: number, fields: Record<string, unknown>) => ({
  ID, first_name: 'X', last_name: 'Y', email: '', phone: '', birthdate: null, gender: '', address: '', state: '', country: '',
  is_kid: false, parent_email: '', customer_type_id: 1, facility_id: 1, facility, deleted_at: null, ...fields,
});
const parent = customer(10, { first_name: 'Dana', last_name: 'Rivers', email: 'dana@example.com' });
const orphan = customer(11, { first_name: 'Milo', last_name: 'Rivers', email: 'lost@example.com##11', is_kid: true });

function open(routes: Record<string, (call: FetchCall) => Response> = {}) {
  const app = renderApp('/customer', {
    role: 'manager',
    dataProvider: appDataProvider(),
    routes: {
      'GET /api/customer/search/rivers': () => json(200, [parent, orphan]),
      'GET /api/customer/duplicates': () => json(200, []),
      ...routes,
    },
  });
  return app;
}

async function openWizard() {
  const user = userEvent.setup();
  // The page's chunk loads lazily: the first test of a busy machine waits longer for it.
  await user.click(await screen.findByRole('button', { name: 'New customer' }, { timeout: 20000 }));
  return { user, dialog: await screen.findByRole('dialog') };
}

/** A date `years` years and a few days ago as M/D/YYYY. */
function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 3);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

/** Types into a field of the dialog at once (pasting: the shared machine is slow at key by key). */
async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, text: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(text);
}

const helperOf = (dialog: HTMLElement, label: string) => {
  const field = within(dialog).getByLabelText(label);
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('the new adult', () => {
  it('flags each empty or bad field with the spec’s message and sends nothing', async () => {
    const { network } = open();
    const { user, dialog } = await openWizard();
    await fill(user, dialog, 'Phone', '555-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(helperOf(dialog, 'First name')).toBe('Required');
    expect(helperOf(dialog, 'Last name')).toBe('Required');
    expect(helperOf(dialog, 'Email')).toBe('Valid Email Required');
    expect(helperOf(dialog, 'Phone')).toBe('Valid Phone Number Required (ex: 111 222 3333)');
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses an email containing ##', async () => {
    open();
    const { user, dialog } = await openWizard();
    await fill(user, dialog, 'Email', 'dana@example.com##4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(helperOf(dialog, 'Email')).toBe('Valid Email Required');
  });

  it('creates the adult, says so and opens the profile', async () => {
    const created = customer(40, { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', phone: '+12125550123' });
    const { network, location } = open({ 'POST /api/customer': () => json(201, created) });
    const { user, dialog } = await openWizard();
    await fill(user, dialog, 'First name', 'Ana');
    await fill(user, dialog, 'Last name', 'Lopez');
    await fill(user, dialog, 'Email', 'ana@example.com');
    await fill(user, dialog, 'Phone', '212 555 0123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/customer/40'));
    expect(network.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', phone: '212 555 0123', is_kid: false, customer_type_id: 1,
    });
  });
});

describe('likely duplicates (issue 8 item 7)', () => {
  const ana = customer(40, { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', phone: '+12125550123' });
  const twin = { ...customer(7, { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', phone: '+12125550123' }), matched: ['email', 'phone'] };

  async function fillAna() {
    const { user, dialog } = await openWizard();
    await fill(user, dialog, 'First name', 'Ana');
    await fill(user, dialog, 'Last name', 'Lopez');
    await fill(user, dialog, 'Email', 'ana@example.com');
    await fill(user, dialog, 'Phone', '212 555 0123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    return { user, dialog };
  }

  it('shows them from one call before creating anything, and opens the one picked', async () => {
    const { network, location } = open({ 'GET /api/customer/duplicates': () => json(200, [twin]), 'POST /api/customer': () => json(201, ana) });
    const { user, dialog } = await fillAna();
    const found = await within(dialog).findByRole('region', { name: 'This customer may already exist' });
    expect(within(found).getByText('Ana Lopez · same email, same phone')).toBeInTheDocument();
    expect(within(found).getByText(/\(212\) 555-0123/)).toBeInTheDocument();
    const lookups = network.calls.filter((c) => c.path === '/api/customer/duplicates');
    expect(lookups).toHaveLength(1);
    expect(Object.fromEntries(new URL(lookups[0].url, 'http://x').searchParams)).toMatchObject({
      first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', phone: '212 555 0123',
    });
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(found).getByRole('button', { name: 'Open Ana Lopez' }));
    await waitFor(() => expect(location()).toBe('/customer/7'));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates the customer anyway when the user goes on', async () => {
    const { network, location } = open({ 'GET /api/customer/duplicates': () => json(200, [twin]), 'POST /api/customer': () => json(201, ana) });
    const { user, dialog } = await fillAna();
    await user.click(await within(dialog).findByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(location()).toBe('/customer/40'));
    expect(network.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(network.calls.filter((c) => c.path === '/api/customer/duplicates')).toHaveLength(1);
  });

  it('checks a new child by name and birth date', async () => {
    const { network } = open({ 'GET /api/customer/duplicates': () => json(200, [{ ...orphan, matched: ['name_birthdate'] }]) });
    const { user, dialog } = await openWizard();
    await user.click(within(dialog).getByRole('tab', { name: 'Child' }));
    await fill(user, dialog, 'Child first name', 'Milo');
    await fill(user, dialog, 'Child last name', 'Rivers');
    await fill(user, dialog, 'Birth date (M/D/YYYY)', yearsAgo(8));
    await user.click(within(dialog).getByLabelText('Gender'));
    await user.click(await screen.findByRole('option', { name: 'Boy' }));
    await fill(user, dialog, 'Search parent', 'rivers');
    await user.click(await screen.findByRole('option', { name: /Dana Rivers/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const found = await within(dialog).findByRole('region', { name: 'This customer may already exist' });
    expect(within(found).getByText('Milo Rivers · same name and birth date')).toBeInTheDocument();
    expect(within(found).getByText('child of')).toBeInTheDocument();
    const lookup = network.calls.find((c) => c.path === '/api/customer/duplicates')!;
    expect(Object.fromEntries(new URL(lookup.url, 'http://x').searchParams)).toMatchObject({ first_name: 'Milo', last_name: 'Rivers', birthdate: yearsAgo(8) });
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Picking the parent wrote their name into the field: that is no new search.
    expect(network.calls.filter((c) => c.path.startsWith('/api/customer/search/')).map((c) => c.path)).toEqual(['/api/customer/search/rivers']);
  }, 60000);
});

describe('the child tab', () => {
  it('flags the child’s fields, a bad or out-of-range birth date, and a missing parent', async () => {
    open();
    const { user, dialog } = await openWizard();
    await user.click(within(dialog).getByRole('tab', { name: 'Child' }));
    await fill(user, dialog, 'Birth date (M/D/YYYY)', '2/30/2018');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(helperOf(dialog, 'Child first name')).toBe('Required');
    expect(helperOf(dialog, 'Child last name')).toBe('Required');
    expect(helperOf(dialog, 'Birth date (M/D/YYYY)')).toBe('Valid Child Birthdate Required');
    expect(within(dialog).getAllByText('Required')).toHaveLength(4); // first, last, gender, parent selection
    expect(helperOf(dialog, 'Search parent')).toBe('Required');

    await user.clear(within(dialog).getByLabelText('Birth date (M/D/YYYY)'));
    await fill(user, dialog, 'Birth date (M/D/YYYY)', yearsAgo(19));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(helperOf(dialog, 'Birth date (M/D/YYYY)')).toBe('Valid Child Birthdate Required');
  });

  it('creates a new parent, then the child, then the family link, and opens the child’s profile', async () => {
    const order: string[] = [];
    const newParent = customer(50, { first_name: 'Rosa', last_name: 'Diaz', email: 'rosa@example.com' });
    const newChild = customer(51, { first_name: 'Teo', last_name: 'Diaz', is_kid: true, gender: 'Boy' });
    const { location } = open({
      'POST /api/customer': ({ body }) => {
        const kid = (body as { is_kid: boolean }).is_kid;
        order.push(kid ? 'child' : 'parent');
        return json(201, kid ? newChild : newParent);
      },
      'POST /api/family': ({ body }) => {
        order.push('family');
        expect(body).toEqual({ parent_id: 50, child_id: 51 });
        return json(201, { ID: 1, parent_id: 50, child_id: 51, relation: '', child: { ...newChild, email: 'rosa@example.com##51' } });
      },
    });
    const { user, dialog } = await openWizard();
    await user.click(within(dialog).getByRole('tab', { name: 'Child' }));
    await fill(user, dialog, 'Child first name', 'Teo');
    await fill(user, dialog, 'Child last name', 'Diaz');
    await fill(user, dialog, 'Birth date (M/D/YYYY)', yearsAgo(8));
    await user.click(within(dialog).getByLabelText('Gender'));
    await user.click(await screen.findByRole('option', { name: 'Boy' }));
    const parentSection = within(dialog).getAllByRole('radiogroup')[1];
    await user.click(within(parentSection).getByLabelText('New'));
    await fill(user, dialog, 'Parent first name', 'Rosa');
    await fill(user, dialog, 'Parent last name', 'Diaz');
    await fill(user, dialog, 'Parent email', 'rosa@example.com');
    await fill(user, dialog, 'Parent phone', '2125550188');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/customer/51'));
    expect(order).toEqual(['parent', 'child', 'family']);
  }, 60000);

  it('refuses an existing child without a parent on record', async () => {
    open({ 'GET /api/family/11': () => json(200, [{ ID: 3, parent_id: 10, child_id: 11, relation: '', parent, child: orphan }]) });
    const { user, dialog } = await openWizard();
    await user.click(within(dialog).getByRole('tab', { name: 'Child' }));
    await user.click(within(within(dialog).getAllByRole('radiogroup')[0]).getByLabelText('Existing'));
    await fill(user, dialog, 'Search child', 'rivers');
    await user.click(await screen.findByRole('option', { name: /Milo Rivers/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The selected child appears to have no parent on our records')).toBeInTheDocument();
  });
});

describe('an admin looking at all facilities (issue 8 item 11)', () => {
  it('chooses the new customer’s facility, and is told to before anything is sent', async () => {
    const created = customer(41, { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', facility_id: 2 });
    const { network } = renderApp('/customer', {
      role: 'admin',
      dataProvider: appDataProvider(),
      routes: {
        'GET /api/facility': () => json(200, [{ ID: 1, name: 'Downtown', nickname: 'DT' }, { ID: 2, name: 'Uptown', nickname: 'UP' }], { 'Content-Range': 'facility 0-1/2' }),
        'GET /api/customer/duplicates': () => json(200, []),
        'POST /api/customer': () => json(201, created),
      },
    });
    session.selectFacility(ALL_FACILITIES);
    const { user, dialog } = await openWizard();
    await fill(user, dialog, 'First name', 'Ana');
    await fill(user, dialog, 'Last name', 'Lopez');
    await fill(user, dialog, 'Email', 'ana@example.com');
    await fill(user, dialog, 'Phone', '212 555 0123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select a facility')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'POST' || c.path === '/api/customer/duplicates')).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Facility' }));
    await user.click(await screen.findByRole('option', { name: 'Uptown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ facility_id: 2, first_name: 'Ana' }));
  });
});
