import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, fill, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

// The GL views (issue 40): /gls (a row opens the GL's page), /gls/{id} with the products filed under
// it, /gls/{id}/edit and /gls/create checked by the declaration's schema, a save shown on the GL's page
// without a reload; the GLs tab of /products links to the GL's page.

type Gl = { ID: number; code: string; product_type_id: number; season_id: number | null; product_type: { ID: number; name: string }; season: { ID: number; name: string } | null };
const TYPES = [{ ID: 1, name: 'Adult Rental', category: 'rental' }, { ID: 3, name: 'Adult League', category: 'league' }];
const SEASONS = [{ ID: 2, name: 'Summer' }];
const list = (resource: string, rows: () => unknown[]): FetchHandler => () =>
  json(200, rows(), { 'Content-Range': `${resource} 0-${Math.max(rows().length - 1, 0)}/${rows().length}` });

let gls: Gl[];
const filterOf = (call: FetchCall) => JSON.parse(new URL(call.url, 'http://localhost').searchParams.get('filter') ?? '{}');

function render(path: string, role: 'admin' | 'manager' = 'admin') {
  gls = [{ ID: 4, code: '10000', product_type_id: 1, season_id: 2, product_type: { ID: 1, name: 'Adult Rental' }, season: { ID: 2, name: 'Summer' } }];
  const stored = (id: number) => gls.find((g) => g.ID === id)!;
  const routes: Record<string, FetchHandler> = {
    'GET /api/gl': list('gls', () => gls),
    'GET /api/gl/4': () => json(200, stored(4)),
    'GET /api/gl/5': () => json(200, stored(5)),
    'PUT /api/gl/4': ({ body }: FetchCall) => {
      const { product_type_id = stored(4).product_type_id } = body as Partial<Gl>;
      gls = [{ ...stored(4), ...(body as object), product_type: TYPES.find((t) => t.ID === product_type_id)! }];
      return json(200, gls[0]);
    },
    'POST /api/gl': ({ body }: FetchCall) => {
      const created = { ID: 5, season_id: null, season: null, ...(body as { code: string; product_type_id: number }), product_type: TYPES.find((t) => t.ID === (body as Gl).product_type_id)! };
      gls = [...gls, created];
      return json(201, created);
    },
    'GET /api/product/types': list('product_types', () => TYPES),
    'GET /api/season': list('seasons', () => SEASONS),
    'GET /api/newproduct': (call) => list('products', () => (filterOf(call).gl_id === 4 ? [{ ID: 5, name: 'Adult Field Rental', gl_id: 4 }] : []))(call),
  };
  return renderApp(path, { role, dataProvider: appDataProvider(), routes });
}

vi.setConfig({ testTimeout: 60_000 });
beforeAll(async () => {
  await Promise.all(['GlList', 'GlShow', 'GlEdit', 'GlCreate'].map((view) => import(`../../resources/gls/${view}.tsx`)));
}, 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the GL views', () => {
  it("lists the GLs at /gls; a row opens the GL's page with its products", async () => {
    const user = userEvent.setup();
    const { location, network } = render('/gls', 'manager');
    await user.click(await screen.findByText('10000', {}, { timeout: 15_000 }));
    await waitFor(() => expect(location()).toBe('/gls/4'));
    expect(await screen.findByText('Adult Field Rental')).toBeInTheDocument();
    expect(screen.getByText('Adult Rental')).toBeInTheDocument();
    expect(screen.getByText('Summer')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/api/newproduct').map(filterOf)).toContainEqual({ gl_id: 4 });
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/gls/4/edit');
  });

  it("edits a GL at /gls/{id}/edit: the schema's message under its field, then the page shows the change", async () => {
    const user = userEvent.setup();
    const { location, network } = render('/gls/4/edit');
    const code = await screen.findByLabelText('Code *', {}, { timeout: 15_000 });
    await fill(code, ' ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Code *')).toHaveAccessibleDescription('Required'));
    expect(network.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await fill(screen.getByLabelText('Code *'), '10100');
    await user.click(screen.getByRole('combobox', { name: /^Product type/ }));
    await user.click(await screen.findByRole('option', { name: 'Adult League' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/gls/4'));
    expect(network.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ code: '10100', product_type_id: 3 }]);
    expect(await screen.findByText('10100')).toBeInTheDocument();
    expect(screen.getByText('Adult League')).toBeInTheDocument();
  });

  it("creates a GL at /gls/create and opens its page", async () => {
    const user = userEvent.setup();
    const { location, network } = render('/gls/create', 'manager');
    await fill(await screen.findByLabelText('Code *', {}, { timeout: 15_000 }), '01000');
    await user.click(screen.getByRole('combobox', { name: /^Product type/ }));
    await user.click(await screen.findByRole('option', { name: 'Adult League' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/gls/5'));
    expect(network.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ code: '01000', product_type_id: 3 }]);
    expect(await screen.findByText('No product is filed under this GL.')).toBeInTheDocument();
  });

  it("links each code of the GLs tab of /products to the GL's page", async () => {
    render('/products?tab=gls');
    expect(await screen.findByRole('link', { name: '10000' }, { timeout: 15_000 })).toHaveAttribute('href', '/gls/4');
  });

  it('keeps the edit dialog on the gl tab of /resources', async () => {
    const user = userEvent.setup();
    const { location } = render('/resources?tab=gl');
    await user.click(await screen.findByText('10000', {}, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Code *')).toHaveValue('10000');
    expect(location()).toBe('/resources?tab=gl');
  });
});
