import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

// The product's views — its page /newproduct/{id} (base product, facility settings), the base product
// form (spec 3 §5) at /newproduct/{id}/edit, /newproduct/create and in the Add new dialog of /products —
// and the GLs tab: the whole app over the real dataProvider and a fake API.

const type = (ID: number, name: string, category: string) => ({ ID, name, category });
const GLS = [
  { ID: 1, code: '10000', product_type_id: 1, product_type: type(1, 'Adult Rental', 'rental'), season: null },
  { ID: 3, code: '01000', product_type_id: 3, product_type: type(3, 'Adult League', 'league'), season: null },
  { ID: 10, code: '14001', product_type_id: 10, product_type: type(10, 'Youth Class', 'class'), season: { ID: 2, name: 'Summer' } },
  { ID: 18, code: '60000', product_type_id: 18, product_type: type(18, 'Membership', 'aux'), season: null },
];
const NO_PRICES = { base_price: 0, full_price: 0, team_price: 0, deposit_price: 0, early_bird_price: 0, individual_price: 0, peak_price: 0, off_peak_price: 0 };
const product = (ID: number, name: string, glId: number, extra: object = {}) => ({
  ID, name, description: '', gl_id: glId, gl: GLS.find((g) => g.ID === glId), ...NO_PRICES, duration: 0, prorate: false,
  variations: [], taxes: [], fees: [], field_types: [], ...extra,
});
const VARIATION = { ID: 41, new_product_id: 5, facility_id: 1, ...NO_PRICES, base_price: 150, peak_price: 180, off_peak_price: 120, available: true };
const PRODUCTS = [
  product(5, 'Adult Field Rental', 1, {
    base_price: 150, peak_price: 180, off_peak_price: 120, duration: 3600, field_types: [{ ID: 9, field_type_id: 1 }],
    variations: [VARIATION],
  }),
  product(1, 'Adult League Team Fee', 3, { team_price: 1200, full_price: 1200, deposit_price: 300 }),
  product(13, 'Youth Class Season', 10, { base_price: 240, individual_price: 30, prorate: true }),
  product(19, 'Monthly Membership', 18, { base_price: 10, duration: 30 * 86400 }),
];

const list = (resource: string, rows: unknown[]): FetchHandler => () =>
  json(200, rows, { 'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` });

/** GET /newproduct answers summaries: no variations (the detail, GET /newproduct/{id}, has them). */
const SUMMARIES = PRODUCTS.map(({ variations: _variations, ...summary }) => summary);

function render(path: string, lists: { products?: unknown[] } = {}, extra: Record<string, FetchHandler> = {}) {
  const routes: Record<string, FetchHandler> = {
    'GET /api/gl': list('gls', GLS),
    'GET /api/field-type': list('field_types', [{ ID: 1, name: 'Indoor turf 5v5' }, { ID: 2, name: 'Indoor turf 7v7' }]),
    'GET /api/taxes': list('taxes', [{ ID: 1, name: 'NY Sales Tax', value: 8.875 }]),
    'GET /api/fees': list('fees', [{ ID: 1, name: 'Card processing', value: 3 }]),
    'GET /api/facility': list('facilities', [{ ID: 1, name: 'Touchline Brooklyn', nickname: 'Brooklyn' }]),
    'GET /api/product/types': list('product_types', GLS.map((g) => g.product_type)),
    'GET /api/newproduct': list('products', lists.products ?? PRODUCTS),
    'POST /api/newproduct': ({ body }: FetchCall) => json(201, { ...product(99, 'New', 3), ...(body as object) }),
    'GET /api/newproduct/99': () => json(200, product(99, 'Night rental', 1)),
    'PUT /api/newproduct/settings/41': ({ body }: FetchCall) => json(200, { ...VARIATION, ...(body as object) }),
  };
  for (const p of PRODUCTS) routes[`GET /api/newproduct/${p.ID}`] = () => json(200, p);
  return renderApp(path, { role: 'admin', dataProvider: appDataProvider(), routes: { ...routes, ...extra } });
}

// Whole-app renders with dialogs and selects are slow on the shared machine.
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Sets an input's value as typing would, in one event (quicker than typing on a busy machine). */
const set = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** The labels of the form's inputs, in order. */
const labels = (form: HTMLElement) =>
  [...form.querySelectorAll('label')].map((l) => l.textContent?.replace(/\s+/g, ' ').replace(' *', '*').trim());

describe('the base product form on /newproduct/{id}/edit', () => {
  it('asks a rental for field types, duration in minutes and base, peak and off-peak prices', async () => {
    render('/newproduct/5/edit');
    const duration = await screen.findByLabelText('Duration (minutes) *', {}, { timeout: 15_000 });
    expect(duration).toHaveValue(60);
    const form = duration.closest('form') as HTMLElement;
    expect(labels(form)).toEqual([
      'Name*', 'Description', 'GL*', 'Base price', 'Peak price', 'Off-peak price', 'Duration (minutes)*', 'Field types*', 'Taxes', 'Fees',
    ]);
    expect(within(form).getByText('Enter a base price, or both peak and off-peak prices')).toBeInTheDocument();
    expect(within(form).getByLabelText('Peak price')).toHaveValue(180);
  });

  it("asks a league filed under prefix 01 for the team price and the prefix's deposit and full prices", async () => {
    render('/newproduct/1/edit');
    const team = await screen.findByLabelText('Team price *');
    expect(labels(team.closest('form') as HTMLElement)).toEqual([
      'Name*', 'Description', 'GL*', 'Full price*', 'Team price*', 'Deposit price*', 'Early bird price', 'Individual price', 'Taxes', 'Fees',
    ]);
  });

  it('asks a class (prefix 14) for base and individual prices and the prorate flag', async () => {
    render('/newproduct/13/edit');
    const base = await screen.findByLabelText('Base price *');
    expect(labels(base.closest('form') as HTMLElement)).toEqual(['Name*', 'Description', 'GL*', 'Base price*', 'Individual price*', 'Prorate', 'Taxes', 'Fees']);
    expect(screen.getByRole('switch', { name: 'Prorate' })).toBeChecked();
  });

  it('shows a membership (prefix 60) duration in days', async () => {
    render('/newproduct/19/edit');
    expect(await screen.findByLabelText('Duration (days) *')).toHaveValue(30);
    expect(screen.queryByLabelText(/Duration \(minutes\)/)).not.toBeInTheDocument();
  });

  it('links back to /newproduct and switches to the facility settings by ?tab=', async () => {
    const user = userEvent.setup();
    const view = render('/newproduct/19/edit');
    await screen.findByLabelText('Duration (days) *');
    await user.click(screen.getByRole('button', { name: 'Facility settings' }));
    expect(await screen.findByText('This product is not set up at any facility yet')).toBeInTheDocument();
    expect(view.location()).toBe('/newproduct/19?tab=facility');
    expect(screen.getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/newproduct');
  });

  it("saves the form with PUT /newproduct/{id} and goes to the product's page, which shows the change", async () => {
    const user = userEvent.setup();
    let stored = PRODUCTS[3];
    const view = render('/newproduct/19/edit', {}, {
      'GET /api/newproduct/19': () => json(200, stored),
      'PUT /api/newproduct/19': ({ body }: FetchCall) => {
        stored = { ...stored, ...(body as object) };
        return json(200, stored);
      },
    });
    set(await screen.findByLabelText('Base price *'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.location()).toBe('/newproduct/19?tab=base'));
    expect(view.network.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ base_price: 12.5 }]);
    expect(await screen.findByText('$12.50')).toBeInTheDocument();
  });

  it("shows the GL's message under its field and sends nothing", async () => {
    const user = userEvent.setup();
    const view = render('/newproduct/19/edit');
    set(await screen.findByLabelText('Base price *'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Base price *')).toHaveAccessibleDescription('Must be at least 0'));
    expect(view.network.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe("the product's page /newproduct/{id}", () => {
  it('shows the base product: the prices and fields its GL asks for, its taxes and fees, and Edit', async () => {
    const view = render('/newproduct/5');
    expect(await screen.findByText('Adult Field Rental', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('10000 — Adult Rental')).toBeInTheDocument();
    expect(screen.getByText('$180.00')).toBeInTheDocument();
    expect(screen.getByText('60')).toBeInTheDocument();
    expect(screen.queryByText('Team price')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/newproduct/5/edit');
    expect(view.location()).toBe('/newproduct/5');
  });

  it('opens from its row of /newproduct', async () => {
    const user = userEvent.setup();
    const view = render('/newproduct', { products: SUMMARIES });
    await user.click(await screen.findByRole('cell', { name: 'Monthly Membership' }, { timeout: 15_000 }));
    await waitFor(() => expect(view.location()).toBe('/newproduct/19'));
    expect(await screen.findByText('60000 — Membership')).toBeInTheDocument();
  });
});

describe('/newproduct/create', () => {
  it("checks the GL's rules under their fields, then creates the product and opens its facility settings", async () => {
    const user = userEvent.setup();
    const view = render('/newproduct/create');
    set(await screen.findByLabelText('Name *', {}, { timeout: 15_000 }), 'Winter league');
    await user.click(screen.getByRole('combobox', { name: 'GL' }));
    await user.click(await screen.findByRole('option', { name: /^01000/ }));
    await menuClosed();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Team price *')).toHaveAccessibleDescription('Required'));
    expect(view.network.calls.filter((c) => c.method === 'POST')).toEqual([]);
    set(screen.getByLabelText('Team price *'), '900');
    set(screen.getByLabelText('Full price *'), '900');
    set(screen.getByLabelText('Deposit price *'), '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.location()).toBe('/newproduct/99?tab=facility'));
    expect(view.network.calls.find((c) => c.method === 'POST')?.body).toEqual({
      // The prices left empty go as null, which the API reads as none.
      name: 'Winter league', gl_id: 3, full_price: 900, team_price: 900, deposit_price: 100, early_bird_price: null, individual_price: null,
    });
  });
});

/** Waits for a select's menu to close (it hides the rest of the page while open). */
const menuClosed = () => waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

describe('Add new on /products', () => {
  async function openDialog() {
    const user = userEvent.setup();
    const view = render('/products');
    // The first visit loads the page's chunk: give it time on a busy machine.
    await screen.findByText('Adult Field Rental', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog');
    const pickGl = async (code: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: 'GL' }));
      await user.click(await screen.findByRole('option', { name: new RegExp(`^${code}`) }));
      await menuClosed();
    };
    const save = () => user.click(within(dialog).getByRole('button', { name: 'Save' }));
    return { user, view, dialog, pickGl, save };
  }

  it("shows the required messages of a league's prices and sends nothing", async () => {
    const { view, dialog, pickGl, save } = await openDialog();
    expect(within(dialog).getByText('Pick a GL: the prices and fields a product needs follow its GL.')).toBeInTheDocument();
    set(within(dialog).getByLabelText('Name *'), 'Winter league');
    await pickGl('01000');
    set(within(dialog).getByLabelText('Deposit price *'), '-5');
    await save();
    expect(await within(dialog).findByText('Must be at least 0')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Required')).toHaveLength(2); // full and team price
    expect(view.network.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks a rental for a base price or both peak prices, then posts the product and opens its facility settings', async () => {
    const { user, view, dialog, pickGl, save } = await openDialog();
    set(within(dialog).getByLabelText('Name *'), 'Night rental');
    await pickGl('10000');
    set(within(dialog).getByLabelText('Peak price'), '200');
    set(within(dialog).getByLabelText('Duration (minutes) *'), '90');
    await save();
    expect(await within(dialog).findAllByText('Enter a base price, or both peak and off-peak prices')).toHaveLength(3);
    expect(within(dialog).getByText('Pick at least one field type')).toBeInTheDocument();
    // The field messages say it all: no Error dialog over the form (issue 8 item 10).
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();

    set(within(dialog).getByLabelText('Off-peak price'), '140');
    await user.click(await within(dialog).findByRole('combobox', { name: /^Field types/ }));
    await user.click(await screen.findByRole('option', { name: 'Indoor turf 7v7' }));
    await user.keyboard('{Escape}');
    await menuClosed();
    await save();
    await waitFor(() => expect(view.network.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(view.network.calls.find((c) => c.method === 'POST')?.body).toEqual({
      // The emptied base price goes as null, which the API reads as none.
      name: 'Night rental', gl_id: 1, base_price: null, peak_price: 200, off_peak_price: 140, duration: 5400, field_types: [2],
    });
    await waitFor(() => expect(view.location()).toBe('/newproduct/99?tab=facility'));
  });
});

describe('the facility settings of /newproduct/{id}', () => {
  it("lists the product's variations with the prices its GL asks for, and saves a facility's override, which the page shows without a reload", async () => {
    const user = userEvent.setup();
    let stored = PRODUCTS[0];
    const view = render('/newproduct/5?tab=facility', {}, {
      'GET /api/newproduct/5': () => json(200, stored),
      'PUT /api/newproduct/settings/41': ({ body }: FetchCall) => {
        stored = { ...stored, variations: [{ ...VARIATION, ...(body as object) }] as never };
        return json(200, stored.variations[0]);
      },
    });
    const row = (await screen.findByRole('cell', { name: 'Touchline Brooklyn' }, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Touchline Brooklyn', '$150.00', '$180.00', '$120.00', 'Yes', '']);
    expect(screen.queryByText('Team price')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const peak = await screen.findByLabelText('Peak price');
    expect(peak).toHaveValue(180);
    set(peak, '190');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.network.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body]))
      .toEqual([['/api/newproduct/settings/41', { peak_price: 190 }]]));
    expect(await screen.findByRole('cell', { name: '$190.00' })).toBeInTheDocument();
  });

  it("checks a facility's prices with the declaration's schema, under the field", async () => {
    const user = userEvent.setup();
    const view = render('/newproduct/5?tab=facility');
    const row = (await screen.findByRole('cell', { name: 'Touchline Brooklyn' }, { timeout: 15_000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    set(await screen.findByLabelText('Peak price'), '-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Peak price')).toHaveAccessibleDescription('Must be at least 0'));
    expect(view.network.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('the View icon of the products table (issue 8 item 6)', () => {
  it.each(['/products', '/newproduct'])('opens the facility settings from %s without crashing on the summary the list holds', async (path) => {
    const user = userEvent.setup();
    const view = render(path, { products: SUMMARIES });
    const row = (await screen.findByRole('cell', { name: 'Adult Field Rental' }, { timeout: 15_000 })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'View' }));
    expect(await screen.findByRole('cell', { name: 'Touchline Brooklyn' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(view.location()).toBe('/newproduct/5?tab=facility');
    expect(screen.queryByText(/Something went wrong/i)).not.toBeInTheDocument();
  });
});

describe('the GLs tab of /products', () => {
  it('lists code, product type and season, filtered by every word', async () => {
    const user = userEvent.setup();
    render('/products?tab=gls');
    expect(await screen.findByText('14001')).toBeInTheDocument();
    expect(screen.getByText('Summer')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter'), 'youth summer');
    await waitFor(() => expect(screen.queryByText('10000')).not.toBeInTheDocument());
    expect(screen.getByText('14001')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter'), ' rental');
    expect(await screen.findByText('No GL matches this filter')).toBeInTheDocument();
  });
});
