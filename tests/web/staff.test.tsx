import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STAFF_MESSAGES, staffUpdateSchema } from '../../core/validation/staff';
import { describeIssues } from '../../core/validation/wire';
import { en } from '../../resources/staff/messages';
import { fill, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// /staff (spec 1 §2, §5, §8): the table, the create dialog's required fields and messages (checked in
// the browser by the API's own schema, and a refusal of the server's shown under its field), a
// manager's user types, the reset password link; the account's page, and the create and edit views at
// their own addresses. The staff calls are the root /user paths.

const STAFF = [
  { ID: 11, email: 'moe@touchline.test', user_type: 'mod', first_name: 'Moe', last_name: 'Moderator', phone: '+12125550103', facility_id: 1, facility: { ID: 1, name: 'Downtown' }, password_set: true },
  { ID: 12, email: 'ghost@touchline.test', user_type: 'janitor', first_name: 'Gus', last_name: 'Ghost', phone: '', facility_id: 2, facility: { ID: 2, name: 'Riverside' }, password_set: false },
];

const routes = (created: unknown[] = []) => ({
  'GET /user': () => json(200, STAFF, { 'Content-Range': `user 0-1/2` }),
  'GET /user/11': () => json(200, STAFF[0]),
  'POST /user/presignup': ({ body }: FetchCall) => {
    created.push(body);
    return json(200, { ID: 20, password_set: false, facility: { ID: 1, name: 'Downtown' }, ...(body as object) });
  },
  'POST /user/reset': () => json(200, { message: STAFF_MESSAGES.resetSent }),
});

// The page is loaded lazily: load it once up front so the first test's wait is for the page's data.
beforeAll(async () => {
  await import('../../resources/staff/StaffList');
}, 30_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openAddDialog(role: 'admin' | 'manager', created: unknown[] = []) {
  const user = userEvent.setup();
  const view = renderApp('/staff', { role, routes: routes(created) });
  await screen.findByText('moe@touchline.test');
  await user.click(screen.getByRole('button', { name: 'Add new' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, ...view };
}

describe('/staff', () => {
  it("lists the staff with facility, type badge (NONE for an unknown type) and whether a password is set", async () => {
    renderApp('/staff', { role: 'admin', routes: routes() });
    const moe = (await screen.findByText('moe@touchline.test')).closest('tr')!;
    expect(within(moe).getByText('Moe Moderator')).toBeInTheDocument();
    expect(within(moe).getByText('Downtown')).toBeInTheDocument();
    expect(within(moe).getByText('MOD')).toBeInTheDocument();
    expect(within(moe).getByText('Yes')).toBeInTheDocument();
    const ghost = screen.getByText('ghost@touchline.test').closest('tr')!;
    expect(within(ghost).getByText('NONE')).toBeInTheDocument();
    expect(within(ghost).getByText('No')).toBeInTheDocument();
    expect(within(ghost).getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });

  it('has the spec messages word for word, the same as the shared validation', () => {
    expect(en.staff.select_user_type).toBe('Please select a valid user type');
    expect(en.staff.phone_format).toBe('The phone number must have format: 111-222-3333');
    expect(en.staff.phone_format).toBe(STAFF_MESSAGES.phoneFormat);
    expect(en.staff.created).toBe('Successfully created %{type}');
  });

  it('shows a facility filter to admins only', async () => {
    renderApp('/staff', { role: 'admin', routes: routes() });
    await screen.findByText('moe@touchline.test');
    expect(screen.getByRole('combobox', { name: 'Facility' })).toBeInTheDocument();
    cleanup();
    renderApp('/staff', { role: 'manager', routes: routes() });
    await screen.findByText('moe@touchline.test');
    expect(screen.getByRole('combobox', { name: 'User type' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Facility' })).not.toBeInTheDocument();
  });

  it('refuses to save without a user type or email, or with a bad phone, sending nothing (the API\'s own schema, in the browser)', async () => {
    const created: unknown[] = [];
    const { user, dialog, network } = await openAddDialog('admin', created);
    await fill(within(dialog).getByLabelText('Phone'), '12-34');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select a valid user type')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
    expect(within(dialog).getByText('The phone number must have format: 111-222-3333')).toBeInTheDocument();
    expect(created).toEqual([]);
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal of a field under that field (an admin's new member needs a facility)", async () => {
    const user = userEvent.setup();
    renderApp('/staff', {
      role: 'admin',
      routes: { ...routes(), 'POST /user/presignup': () => json(400, { statusCode: 400, error: 'Bad Request', message: 'Please select a facility', errors: { facility_id: 'Please select a facility' } }) },
    });
    await screen.findByText('moe@touchline.test');
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'User type' }));
    await user.click(await screen.findByRole('option', { name: 'Referee' }));
    await fill(within(dialog).getByLabelText('Email *'), 'rita@touchline.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const facility = within(dialog).getByRole('combobox', { name: /Facility/ });
    await waitFor(() => expect(facility).toHaveAccessibleDescription('Please select a facility'));
    // Shown on its field, not in the error dialog.
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it("offers a manager neither admin nor manager, and no facility", async () => {
    const { user, dialog } = await openAddDialog('manager');
    expect(within(dialog).queryByLabelText(/Facility/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'User type' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['MOD', 'Coach', 'Referee']));
    expect(options).not.toContain('Admin');
    expect(options).not.toContain('Manager');
  });

  it("creates a staff member with POST /user/presignup and says 'Successfully created' and the type", async () => {
    const created: unknown[] = [];
    const { user, dialog } = await openAddDialog('manager', created);
    await user.click(within(dialog).getByRole('combobox', { name: 'User type' }));
    await user.click(await screen.findByRole('option', { name: 'Referee' }));
    await fill(within(dialog).getByLabelText('First name'), 'Rita');
    await fill(within(dialog).getByLabelText('Last name'), 'Whistle');
    await fill(within(dialog).getByLabelText('Email *'), 'rita@touchline.test');
    await fill(within(dialog).getByLabelText('Phone'), '212-555-0199');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully created Referee')).toBeInTheDocument();
    expect(created).toEqual([{ user_type: 'referee', first_name: 'Rita', last_name: 'Whistle', email: 'rita@touchline.test', phone: '212-555-0199' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('mails a reset link with POST /user/reset?email= and names the recipient', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/staff', { role: 'admin', routes: routes() });
    const ghost = (await screen.findByText('ghost@touchline.test')).closest('tr')!;
    expect(screen.getByText('(212) 555-0103')).toBeInTheDocument();
    await user.click(within(ghost).getByRole('button', { name: 'Reset password' }));
    // Nothing is mailed before the confirmation, which says who gets what.
    const confirmation = await screen.findByRole('dialog', { name: 'Reset password' });
    expect(confirmation).toHaveTextContent(/gets an email at ghost@touchline.test now, with a link to set a new password/);
    expect(network.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('A password reset link was sent to ghost@touchline.test')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/user/reset?email=ghost%40touchline.test']);
  });

  it.each(['admin', 'manager'] as const)('offers the %s only what the role may do: no edit of their own rank, no delete of their own account (issue 8 item 14)', async (role) => {
    // GET /check answers ID 7 for the signed-in user (support/app.tsx identity()).
    const self = { ...STAFF[0], ID: 7, email: `${role}@touchline.test`, user_type: role, first_name: 'Sam', last_name: 'Staff' };
    renderApp('/staff', { role, routes: { ...routes(), 'GET /user': () => json(200, [self, ...STAFF], { 'Content-Range': 'user 0-2/3' }) } });
    const own = (await screen.findByText(self.email)).closest('tr')!;
    const moe = screen.getByText('moe@touchline.test').closest('tr')!;
    await waitFor(() => expect(within(moe).getByRole('button', { name: 'Delete' })).toBeInTheDocument());
    expect(within(moe).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // An admin may edit an admin (their own account too); a manager may not edit a manager.
    if (role === 'admin') expect(within(own).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    else expect(within(own).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('opens an account at /staff/{id} from its row, with its details and actions', async () => {
    const user = userEvent.setup();
    const { location } = renderApp('/staff', { role: 'admin', routes: routes() });
    await user.click(await screen.findByText('moe@touchline.test'));
    await waitFor(() => expect(location()).toBe('/staff/11'));
    expect(await screen.findByText('Moe Moderator')).toBeInTheDocument();
    expect(screen.getByText('Downtown')).toBeInTheDocument();
    expect(screen.getByText('(212) 555-0103')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/staff/11/edit');
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('edits an account at /staff/{id}/edit: PUT /user with its id and what changed, then its page shows the change', async () => {
    const user = userEvent.setup();
    let stored = STAFF[0];
    const puts: unknown[] = [];
    const { location } = renderApp('/staff/11/edit', {
      role: 'admin',
      routes: {
        ...routes(),
        'GET /user/11': () => json(200, stored),
        'PUT /user': ({ body }: FetchCall) => {
          puts.push(body);
          stored = { ...stored, ...(body as object) };
          return json(200, stored);
        },
      },
    });
    await fill(await screen.findByLabelText('Last name'), 'Mod');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/staff/11'));
    expect(puts).toEqual([{ last_name: 'Mod', id: 11 }]);
    expect(await screen.findByText('Moe Mod')).toBeInTheDocument();
  });

  it('saves a member created without a phone from its edit view (the blank phone the form sends is one the API takes)', async () => {
    const user = userEvent.setup();
    let stored = { ...STAFF[1], ID: 13, user_type: 'referee', facility_id: 1, facility: { ID: 1, name: 'Downtown' } };
    const puts: unknown[] = [];
    const { location } = renderApp('/staff/13/edit', {
      role: 'admin',
      routes: {
        ...routes(),
        'GET /user/13': () => json(200, stored),
        // The server's own check of the body.
        'PUT /user': ({ body }: FetchCall) => {
          puts.push(body);
          const parsed = staffUpdateSchema.safeParse(body);
          if (!parsed.success) return json(400, { message: describeIssues(parsed.error) });
          stored = { ...stored, ...parsed.data };
          return json(200, stored);
        },
      },
    });
    await fill(await screen.findByLabelText('Last name'), 'Gone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/staff/13'));
    expect(puts).toHaveLength(1);
    expect(await screen.findByText('Gus Gone')).toBeInTheDocument();
    expect(screen.queryByText(/The phone number must have format/)).not.toBeInTheDocument();
  });

  it('creates an account at /staff/create and goes to its page', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    const { location } = renderApp('/staff/create', {
      role: 'manager',
      routes: { ...routes(created), 'GET /user/20': () => json(200, { ...STAFF[0], ID: 20, email: 'rita@touchline.test', first_name: 'Rita', last_name: 'Whistle', user_type: 'referee' }) },
    });
    await user.click(await screen.findByRole('combobox', { name: 'User type' }));
    await user.click(await screen.findByRole('option', { name: 'Referee' }));
    await fill(screen.getByLabelText('Email *'), 'rita@touchline.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/staff/20'));
    expect(created).toEqual([{ user_type: 'referee', email: 'rita@touchline.test' }]);
    expect(await screen.findByText('Rita Whistle')).toBeInTheDocument();
  });
});
