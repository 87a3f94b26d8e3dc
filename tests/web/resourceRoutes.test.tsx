import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resources } from '../../src/app/registry';
import { appDataProvider, renderApp } from './support/app';
import { json } from './support/fetch';

// Resources as routes (issue 14): settings resources have no route of their own (their lists are tabs
// of /resources), so a coach opening /taxes finds no page there; GLs have views (issue 40), closed to
// a coach; and an invalid form shows its field
// messages only — no "form is not valid" dialog over them, no browser bubbles (issue 8 item 10).

const TAXES = [{ ID: 1, name: 'NYC Sales Tax', value: 8.875 }];
const routes = {
  'GET /api/taxes': () => json(200, TAXES, { 'Content-Range': 'taxes 0-0/1' }),
  'GET /api/gl': () => json(200, [{ ID: 1, code: '10000' }], { 'Content-Range': 'gls 0-0/1' }),
};

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('settings resources', () => {
  it('are registered without views: their lists are the tabs of /resources', () => {
    const settings = ['taxes', 'fees', 'facilities', 'fields', 'field_types', 'age_groups', 'product_types', 'integrations'];
    for (const name of settings) {
      const resource = resources.find((r) => r.name === name);
      expect(resource, name).toBeDefined();
      expect([resource!.list, resource!.edit, resource!.create, resource!.show], name).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it.each(['/gls', '/gls/1', '/gls/1/edit'])('keep a coach from the GL view %s: access denied, no call for it', async (path) => {
    const { network } = renderApp(path, { role: 'coach', dataProvider: appDataProvider(), routes });
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('10000')).not.toBeInTheDocument();
    expect(network.calls.filter((c) => c.path.startsWith('/api/gl'))).toEqual([]);
  });

  it.each(['/taxes', '/taxes/1'])('turn a coach away from %s: not found, no table, no call for it', async (path) => {
    const { network } = renderApp(path, { role: 'coach', dataProvider: appDataProvider(), routes });
    // The page the coach lands on instead has rendered once the session check is done.
    await waitFor(() => expect(network.calls.some((c) => c.path === '/check')).toBe(true));
    expect(await screen.findByText('Page not found', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('NYC Sales Tax')).not.toBeInTheDocument();
    expect(screen.queryByText('10000')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add new' })).not.toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/api/taxes' || c.path === '/api/gl')).toEqual([]);
  });

  it('shows a manager at an unknown address the not-found page, its sentence ending in one period', async () => {
    renderApp('/no-such-page', { role: 'manager', dataProvider: appDataProvider(), routes });
    expect(await screen.findByText('Page not found', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(/^There is no page at this address/).textContent).toBe('There is no page at this address. Check the link, or go back to the previous page.');
  });
});

describe('an invalid form (issue 8 item 10)', () => {
  it('shows its field message only: no error dialog, no browser validation', async () => {
    const user = userEvent.setup();
    const saved = { 'POST /api/tax': () => json(201, { ID: 2, name: 'Refund', value: 2 }) };
    const { network } = renderApp('/resources?tab=tax', { role: 'admin', dataProvider: appDataProvider(), routes: { ...routes, ...saved } });
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    const form = dialog.querySelector('form')!;
    // The browser's own checks (min, max, step, type=email …) never show their bubbles.
    expect(form.noValidate).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Name *'), 'Refund');
    await userEvent.type(within(dialog).getByLabelText('Value *'), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Cannot be negative')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Corrected, the form saves and closes: by then a "not valid" notice of the first submit would have
    // opened the error dialog, which stays until dismissed.
    await userEvent.clear(within(dialog).getByLabelText('Value *'));
    await userEvent.type(within(dialog).getByLabelText('Value *'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(network.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([expect.objectContaining({ name: 'Refund', value: 2 })]);
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
  });
});
