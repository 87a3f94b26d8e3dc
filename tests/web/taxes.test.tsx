import { appDataProvider } from './support/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { session } from '../../dataProvider/session';
import { navigation, resources } from '../../src/app/registry';
import { NavigationProvider } from '../../src/kit/layout/navigation';
import ResourcesPage from '../../src/app/pages/resources/ResourcesPage';
import { json, mockFetch, type FetchCall } from './support/fetch';

// The tax and fee tabs of /resources, mounted as the app mounts them, over the real dataProvider and a
// fake API that keeps what it is sent.

interface Row { ID: number; name: string; value: number }
let taxes: Row[];
let fees: Row[];

function fakeApi() {
  const list = (resource: string, rows: () => Row[]) => () => json(200, rows(), { 'Content-Range': `${resource} 0-${rows().length - 1}/${rows().length}` });
  return mockFetch({
    'GET /api/taxes': list('taxes', () => taxes),
    'GET /api/fees': list('fees', () => fees),
    'GET /api/tax/1': () => json(200, taxes[0]),
    'POST /api/tax': ({ body }: FetchCall) => {
      const row = { ID: 2, ...(body as Omit<Row, 'ID'>) };
      taxes = [...taxes, row];
      return json(201, row);
    },
    'POST /api/fee': () => json(409, { statusCode: 409, error: 'Conflict', message: 'A record with these values already exists' }),
    'PUT /api/tax/1': ({ body }: FetchCall) => {
      taxes = [{ ...taxes[0], ...(body as Partial<Row>) }, ...taxes.slice(1)];
      return json(200, taxes[0]);
    },
  });
}

function renderPage(path: string) {
  const network = fakeApi();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin dataProvider={appDataProvider()} store={memoryStore()} disableTelemetry>
        {resources.map((props) => <Resource key={props.name} {...props} />)}
        <CustomRoutes>
          <Route path="/resources" element={<NavigationProvider value={navigation}><ResourcesPage /></NavigationProvider>} />
        </CustomRoutes>
      </Admin>
    </MemoryRouter>,
  );
  return network;
}

beforeEach(() => {
  localStorage.clear();
  session.save('token', 'admin', 1);
  taxes = [{ ID: 1, name: 'NYC Sales Tax', value: 8.875 }];
  fees = [{ ID: 5, name: 'Processing fee', value: 3 }];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the page, opens the Add new dialog and hands over the pieces a test drives. */
async function openAddDialog(path: string) {
  const user = userEvent.setup();
  const { calls } = renderPage(path);
  await user.click(await screen.findByRole('button', { name: 'Add new' }));
  const form = await screen.findByRole('dialog');
  const field = (label: 'Name *' | 'Value *') => within(form).getByLabelText(label);
  const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));
  return { user, calls, form, field, save };
}

describe('/resources?tab=tax', () => {
  it('lists the taxes with the value as a percent', async () => {
    renderPage('/resources?tab=tax');
    expect(await screen.findByText('NYC Sales Tax')).toBeInTheDocument();
    expect(screen.getByText('8.875%')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Taxes', selected: true })).toBeInTheDocument();
  });

  it('marks name and value required and sends nothing until both are filled', async () => {
    const { user, calls, form, field, save } = await openAddDialog('/resources?tab=tax');
    expect(within(form).getByText('Add new Tax')).toBeInTheDocument();
    expect(field('Name *')).toHaveValue('');
    expect(field('Value *')).toHaveValue(null);
    // Nothing typed yet: Save waits for input.
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(field('Name *'), 'Refund');
    await save();
    expect(await within(form).findByText('Required')).toBeInTheDocument();

    await user.type(field('Value *'), '-2');
    await save();
    expect(await within(form).findByText('Cannot be negative')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves a new tax with POST /api/tax and reloads the list', async () => {
    const { user, calls, field, save } = await openAddDialog('/resources?tab=tax');
    await user.type(field('Name *'), 'County Tax');
    await user.type(field('Value *'), '2.25');
    await save();

    expect(await screen.findByText('County Tax')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/tax', { name: 'County Tax', value: 2.25 }]]);
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/taxes').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('2.25%')).toBeInTheDocument();
  });

  it('edits a tax in a dialog from the edit icon, sending only what changed', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage('/resources?tab=tax');
    await screen.findByText('NYC Sales Tax');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByText('Edit Tax')).toBeInTheDocument();
    const value = within(form).getByLabelText('Value *');
    await waitFor(() => expect(value).toHaveValue(8.875));
    await user.clear(value);
    await user.type(value, '4.5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('4.5%')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/api/tax/1', { value: 4.5 }]]);
  });
});

describe('/resources?tab=fee', () => {
  it('keeps the dialog open with what was typed when the API refuses the save', async () => {
    const { user, calls, form, field, save } = await openAddDialog('/resources?tab=fee');
    expect(within(form).getByText('Add new Fee')).toBeInTheDocument();
    await user.type(field('Name *'), 'Processing fee');
    await user.type(field('Value *'), '3');
    await save();

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toMatchObject([{ path: '/api/fee', body: { name: 'Processing fee', value: 3 } }]));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(field('Name *')).toHaveValue('Processing fee');
  });
});

describe('/resources tabs', () => {
  it('shows the fee tab from ?tab=fee, and switches tabs through the query string', async () => {
    const user = userEvent.setup();
    renderPage('/resources?tab=fee');
    expect(await screen.findByText('Processing fee')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Taxes' }));
    expect(await screen.findByText('NYC Sales Tax')).toBeInTheDocument();
    expect(screen.queryByText('Processing fee')).not.toBeInTheDocument();
  });

  it('says so for an unknown tab, and lists nothing', async () => {
    const { calls } = renderPage('/resources?tab=nope');
    expect(await screen.findByText('There is no "nope" tab here; please pick one of the tabs above.')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(expect.arrayContaining(['Taxes', 'Fees']));
    expect(calls).toEqual([]);
  });
});
