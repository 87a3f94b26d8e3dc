import { appDataProvider } from './support/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, useLocation } from 'react-router-dom';
import { Admin, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { session } from '../../dataProvider/session';
import { navigation, resources } from '../../src/app/registry';
import { NavigationProvider } from '../../src/kit/layout/navigation';
import { closeTimeToStored, fractionToPercent, percentToFraction } from '../../src/kit/components/settings/conversions';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import ResourcesPage from '../../src/app/pages/resources/ResourcesPage';
import { json, mockFetch, type FetchCall } from './support/fetch';

// The /resources tabs of facilities, fields, GLs and integrations over the real dataProvider and a
// fake API: required marks, the percent ↔ fraction and 24 ↔ 23.99 conversions, the field tab's
// facility, and the Changes view of an edit dialog.

configure({ asyncUtilTimeout: 5000 });

type Row = Record<string, unknown> & { ID: number };
let facilities: Row[];
let fields: Row[];
let changelog: Array<Record<string, unknown>>;

const HOURS = {
  weekday_open_time: 16, weekday_close_time: 23.99, weekend_open_time: 8, weekend_close_time: 23.99,
  weekday_peak_time_start: 18, weekday_peak_time_end: 22, weekend_peak_time_start: 10, weekend_peak_time_end: 14,
};

const listOf = (resource: string, rows: () => Row[]) => ({ url }: FetchCall) => {
  const filter = JSON.parse(new URL(url, 'http://localhost').searchParams.get('filter') ?? '{}');
  const shown = rows().filter((r) => Object.entries(filter).every(([k, v]) => (k === 'id' ? (v as number[]).includes(r.ID) : r[k] === v)));
  return json(200, shown, { 'Content-Range': `${resource} 0-${Math.max(shown.length - 1, 0)}/${shown.length}` });
};

function fakeApi() {
  const byId = (rows: () => Row[]) => ({ path }: FetchCall) => json(200, rows().find((r) => r.ID === Number(path.split('/').pop())));
  const create = (rows: () => Row[], set: (rows: Row[]) => void, ID: number) => ({ body }: FetchCall) => {
    const row = { ID, ...(body as object) };
    set([...rows(), row]);
    return json(201, row);
  };
  const update = (rows: () => Row[], set: (rows: Row[]) => void) => ({ path, body }: FetchCall) => {
    const id = Number(path.split('/').pop());
    set(rows().map((r) => (r.ID === id ? { ...r, ...(body as object) } : r)));
    return json(200, rows().find((r) => r.ID === id));
  };
  return mockFetch({
    'GET /api/facility': listOf('facilities', () => facilities),
    'GET /api/facility/1': byId(() => facilities),
    'POST /api/facility': create(() => facilities, (r) => (facilities = r), 20),
    'PUT /api/facility/1': update(() => facilities, (r) => (facilities = r)),
    'GET /api/facility/fields': listOf('fields', () => fields),
    'GET /api/field/1': byId(() => fields),
    'POST /api/field': create(() => fields, (r) => (fields = r), 30),
    'PUT /api/field/1': update(() => fields, (r) => (fields = r)),
    'GET /api/field-type': listOf('field_types', () => [{ ID: 1, name: 'Indoor turf 5v5' }]),
    'GET /api/gl': listOf('gls', () => [{ ID: 4, code: '10000', product_type_id: 1, season_id: 2, product_type: { ID: 1, name: 'Adult Rental' }, season: { ID: 2, name: 'Summer' } }]),
    'GET /api/product/types': listOf('product_types', () => [{ ID: 1, name: 'Adult Rental', category: 'rental' }]),
    'GET /api/season': listOf('seasons', () => [{ ID: 2, name: 'Summer' }]),
    'GET /api/age-group': listOf('age_groups', () => [{ ID: 1, name: 'Adult' }]),
    'GET /api/integration': listOf('integrations', () => [
      { ID: 1, name: 'HubSpot for all', type: 'hubspot', facility_id: 999999, data: { api_key: '••••abcd' } },
      { ID: 2, name: 'Acuity Brooklyn', type: 'acuity', facility_id: 1, data: { api_key: '••••wxyz', user_id: '1', destination_id: '2' } },
    ]),
    'GET /api/changelog': () => json(200, changelog),
  });
}

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function renderPage(path: string) {
  const network = fakeApi();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Admin dataProvider={appDataProvider()} i18nProvider={createI18nProvider('en')} store={memoryStore()} disableTelemetry>
        {resources.map((props) => <Resource key={props.name} {...props} />)}
        <CustomRoutes>
          <Route path="/resources" element={<NavigationProvider value={navigation}><ResourcesPage /><Location /></NavigationProvider>} />
        </CustomRoutes>
      </Admin>
    </MemoryRouter>,
  );
  return network;
}

beforeEach(() => {
  localStorage.clear();
  session.save('token', 'admin', 1);
  facilities = [
    { ID: 1, name: 'Brooklyn', nickname: 'BK', address: '1 Kent Ave', tax_rate: 0.08875, time_zone: 'America/New_York' },
    { ID: 2, name: 'Queens', nickname: 'QN', address: '2 Queens Blvd', tax_rate: 0.045, time_zone: 'America/New_York' },
  ];
  fields = [
    { ID: 1, number: 1, name: 'Maracanã', new_field_type_id: 1, facility_id: 1, ...HOURS },
    { ID: 2, number: 1, name: 'Wembley', new_field_type_id: 1, facility_id: 2, ...HOURS },
  ];
  changelog = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;
const posts = (calls: FetchCall[], method = 'POST') => calls.filter((c) => c.method === method).map((c) => [c.path, c.body]);

async function openDialog(button: 'Add new' | 'Edit', index = 0) {
  const user = userEvent.setup();
  const buttons = await screen.findAllByRole('button', { name: button });
  await user.click(buttons[index]);
  const form = await screen.findByRole('dialog');
  return { user, form };
}

/**
 * A select by its label; 'Label *' also checks the required mark, which MUI keeps out of the
 * accessible name (that name also holds the value shown).
 */
function select(form: HTMLElement, label: string): HTMLElement {
  const text = label.replace(/ \*$/, '');
  const combobox = within(form).getByRole('combobox', { name: new RegExp(`^${text}( |$)`) });
  const labelElement = document.getElementById(combobox.getAttribute('aria-labelledby')!.split(' ')[0]);
  expect(labelElement?.textContent?.replace(/\s/g, ' ')).toBe(label.endsWith(' *') ? `${text} *` : text);
  return combobox;
}

/** Picks an option of a select of the dialog by its label. */
async function pick(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: string, option: string) {
  await user.click(select(form, label));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Types into a field in one go (a paste): quicker than key by key on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('conversions', () => {
  it('turns a percent into a fraction and back without float noise, and 24 into 23.99', () => {
    expect(percentToFraction(8.875)).toBe(0.08875);
    expect(fractionToPercent(0.08875)).toBe(8.875);
    expect(fractionToPercent(0.07)).toBe(7);
    expect(closeTimeToStored(24)).toBe(23.99);
    expect(closeTimeToStored(0)).toBe(0);
    expect(closeTimeToStored(22.75)).toBe(22.75);
  });
});

describe('/resources?tab=facility', () => {
  it('shows the tax rate as a percent and saves a new facility with the rate as a fraction', async () => {
    const { calls } = renderPage('/resources?tab=facility');
    expect(await screen.findByText('8.875%')).toBeInTheDocument();
    const { user, form } = await openDialog('Add new');
    for (const label of ['Name *', 'Nickname *', 'Address *', 'Tax rate *']) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    await fill(user, within(form).getByLabelText('Name *'), 'Hoboken');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Required')).toHaveLength(3);
    expect(posts(calls)).toEqual([]);

    await fill(user, within(form).getByLabelText('Nickname *'), 'HB');
    await fill(user, within(form).getByLabelText('Address *'), '1 River St');
    await fill(user, within(form).getByLabelText('Tax rate *'), '6.625');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls)).toEqual([['/api/facility', { name: 'Hoboken', nickname: 'HB', address: '1 River St', tax_rate: 0.06625 }]]));
    expect(await screen.findByText('6.625%')).toBeInTheDocument();
   }, 60_000);

  it('edits the tax rate as a percent, shows the Changes of the facility, and skips an unreadable entry', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    changelog = [
      { ID: 3, action: 'update', user: { ID: 7, first_name: 'Marta', last_name: 'Manager' }, CreatedAt: 1767225600, new_value: '{"ID":1,"name":"Brooklyn","tax_rate":0.08875}' },
      { ID: 2, action: 'update', user: null, CreatedAt: 1767139200, new_value: '{not json' },
      { ID: 1, action: 'create', user: { ID: 8, first_name: 'Ada', last_name: 'Admin' }, CreatedAt: 1767052800, new_value: '{"ID":1,"name":"Brooklyn","tax_rate":0.08}' },
    ];
    const { calls } = renderPage('/resources?tab=facility');
    await screen.findByText('Brooklyn');
    const { user, form } = await openDialog('Edit');
    const rate = within(form).getByLabelText('Tax rate *');
    await waitFor(() => expect(rate).toHaveValue(8.875));

    await user.click(within(form).getByRole('button', { name: 'Changes' }));
    // 1 January 2026 00:00 UTC is 31 December 2025, 7:00 PM in New York.
    expect(await within(form).findByText('Marta Manager, 31/12/2025 7:00PM')).toBeInTheDocument();
    expect(within(form).getByText('Ada Admin, 29/12/2025 7:00PM')).toBeInTheDocument();
    expect(within(form).getAllByText('Tax rate', { selector: 'strong' })[0].closest('li')).toHaveTextContent('Tax rate: 0.08 → 0.08875');
    expect(within(form).getAllByRole('listitem', { name: '' }).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.includes('/api/changelog?object=facility&id=1'))).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Changelog entry 2'), '{not json');

    await user.clear(rate);
    await fill(user, rate, '9');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, 'PUT')).toEqual([['/api/facility/1', { tax_rate: 0.09 }]]));
    expect(await screen.findByText('9%')).toBeInTheDocument();
   }, 60_000);
});

describe('/resources?tab=field', () => {
  it("is the default tab, listing the selected facility's fields with a stored 23.99 as 24:00", async () => {
    const { calls } = renderPage('/resources');
    expect(await screen.findByText('Maracanã')).toBeInTheDocument();
    expect(screen.queryByText('Wembley')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Fields', selected: true })).toBeInTheDocument();
    expect(screen.getByText('16:00–24:00')).toBeInTheDocument();
    expect(screen.getByText('8:00–24:00')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/facility/fields')?.url).toContain(encodeURIComponent('{"facility_id":1}'));
  });

  it("shows a day with a close time of 0 as 'Closed', not 8:00–0:00", async () => {
    fields = [{ ID: 1, number: 1, name: 'Maracanã', new_field_type_id: 1, facility_id: 1, ...HOURS, weekend_close_time: 0 }];
    renderPage('/resources');
    expect(await screen.findByText('Maracanã')).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByText('8:00–0:00')).toBeNull();
  });

  it('shows the facility of ?facility_id= and changes it with the picker', async () => {
    const user = userEvent.setup();
    renderPage('/resources?tab=field&facility_id=2');
    expect(await screen.findByText('Wembley')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Facility' }));
    await user.click(await screen.findByRole('option', { name: 'Brooklyn' }));
    expect(await screen.findByText('Maracanã')).toBeInTheDocument();
    expect(location()).toBe('/resources?tab=field&facility_id=1');
  });

  it('shows a stored 23.99 as 24 with the hint, and sends 24 as 23.99', async () => {
    const { calls } = renderPage('/resources?tab=field');
    await screen.findByText('Maracanã');
    const { user, form } = await openDialog('Edit');
    await waitFor(() => expect(select(form, 'Weekday close *')).toHaveTextContent('24:00'));
    expect(within(form).getAllByText('24 means midnight and 0 means closed')).toHaveLength(2);

    await pick(user, form, 'Weekend close *', '22:30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, 'PUT')).toEqual([['/api/field/1', { weekend_close_time: 22.5 }]]));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openDialog('Edit');
    await waitFor(() => expect(select(again.form, 'Weekend close *')).toHaveTextContent('22:30'));
    await pick(again.user, again.form, 'Weekend close *', '24:00');
    await again.user.click(within(again.form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, 'PUT')[1]).toEqual(['/api/field/1', { weekend_close_time: 23.99 }]));
  }, 120_000);

  it('marks number, name, the facility and the eight times required, and sends nothing without them', async () => {
    const { calls } = renderPage('/resources?tab=field&facility_id=1');
    await screen.findByText('Maracanã');
    const { user, form } = await openDialog('Add new');
    const times = ['open', 'close', 'peak start', 'peak end'].flatMap((t) => [`Weekday ${t} *`, `Weekend ${t} *`]);
    for (const label of ['Number *', 'Name *']) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    await waitFor(() => expect(select(form, 'Facility *')).toHaveTextContent('Brooklyn'));
    for (const label of times) expect(select(form, label).textContent).not.toMatch(/\d/);
    select(form, 'Field type');

    await fill(user, within(form).getByLabelText('Name *'), 'Azteca');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findAllByText('Required')).length).toBe(9);
    expect(posts(calls)).toEqual([]);
  }, 90_000);

  it('goes to the fields of the facility a saved field belongs to', async () => {
    const { calls } = renderPage('/resources?tab=field&facility_id=1');
    await screen.findByText('Maracanã');
    const { user, form } = await openDialog('Edit');
    await waitFor(() => expect(select(form, 'Facility *')).toHaveTextContent('Brooklyn'));
    await pick(user, form, 'Facility *', 'Queens');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(calls, 'PUT')).toEqual([['/api/field/1', { facility_id: 2 }]]));
    await waitFor(() => expect(location()).toBe('/resources?tab=field&facility_id=2'));
    expect(await screen.findByText('Wembley')).toBeInTheDocument();
    expect(screen.getByText('Maracanã')).toBeInTheDocument();
  }, 90_000);
});

describe('/resources?tab=gl and ?tab=integration', () => {
  it("lists GLs with their product type's and season's names, and requires code and product type", async () => {
    renderPage('/resources?tab=gl');
    expect(await screen.findByText('Adult Rental')).toBeInTheDocument();
    expect(screen.getByText('Summer')).toBeInTheDocument();
    const { form } = await openDialog('Add new');
    expect(within(form).getByLabelText('Code *')).toBeInTheDocument();
    await waitFor(() => expect(select(form, 'Product type *')).toBeInTheDocument());
    expect(select(form, 'Season')).toBeInTheDocument();
  });

  it('shows facility 999999 as ALL and asks for the data of the chosen type', async () => {
    renderPage('/resources?tab=integration');
    expect(await screen.findByText('HubSpot for all')).toBeInTheDocument();
    expect(screen.getByText('ALL')).toBeInTheDocument();
    const { user, form } = await openDialog('Add new');
    expect(within(form).queryByLabelText('API key *')).not.toBeInTheDocument();
    await pick(user, form, 'Type *', 'hubspot');
    expect(within(form).getByLabelText('API key *')).toBeInTheDocument();
    expect(within(form).queryByLabelText('User ID *')).not.toBeInTheDocument();
    await pick(user, form, 'Type *', 'acuity');
    for (const label of ['API key *', 'User ID *', 'Destination ID *']) expect(within(form).getByLabelText(label)).toBeInTheDocument();
    await user.click(select(form, 'Facility *'));
    expect(await screen.findByRole('option', { name: 'ALL' })).toBeInTheDocument();
  });
});

describe('/resources?tab=product_type, fieldtype and agegroup', () => {
  it('marks the required fields of their dialogs', async () => {
    const user = userEvent.setup();
    const tabs: Array<[string, string, string[], string[]]> = [
      ['product_type', 'Adult Rental', ['Name *'], ['Category *']],
      ['fieldtype', 'Indoor turf 5v5', ['Name *', 'Capacity *'], []],
      ['agegroup', 'Adult', ['Name *'], []],
    ];
    for (const [tab, row, inputs, selects] of tabs) {
      const { calls } = renderPage(`/resources?tab=${tab}`);
      expect(await screen.findByText(row)).toBeInTheDocument();
      const { form } = await openDialog('Add new');
      for (const label of inputs) expect(within(form).getByLabelText(label)).toBeInTheDocument();
      for (const label of selects) select(form, label);
      // Save waits for input; with the name typed, the other required fields say so.
      expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
      const rest = inputs.length + selects.length - 1;
      if (rest > 0) {
        await fill(user, within(form).getByLabelText('Name *'), 'New');
        await user.click(within(form).getByRole('button', { name: 'Save' }));
        expect(await within(form).findAllByText('Required')).toHaveLength(rest);
      }
      expect(posts(calls)).toEqual([]);
      cleanup();
    }
  }, 60_000);
});

describe('/resources tabs', () => {
  it('offers the tabs of the spec and says so for an unknown one', async () => {
    const { calls } = renderPage('/resources?tab=nope');
    expect(await screen.findByText('There is no "nope" tab here; please pick one of the tabs above.')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(expect.arrayContaining([
      'Facilities', 'Fields', 'Product types', 'GLs', 'Taxes', 'Fees', 'Age groups', 'Field types', 'Integrations',
    ]));
    expect(calls).toEqual([]);
  });
});

describe('stored values in words (issue 8 item 15)', () => {
  it("shows a product type's category 'rental' as 'Field rental'", async () => {
    renderPage('/resources?tab=product_type');
    expect(await screen.findByText('Field rental', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.queryByText('rental')).toBeNull();
  });
});
