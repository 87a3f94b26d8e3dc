import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json } from './support/fetch';

// "New contract" (issue 22 item 3): two quick clicks on Save make one call, with an Idempotency-Key,
// Save disabled until it answers; then the new contract opens. /contract/create checks the form by
// POST /contract's declaration. The list shows each contract's times in
// its facility's zone.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the new contract dialog', () => {
  it('sends one create with an Idempotency-Key however often Save is clicked, and opens the contract', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { network, location } = renderApp('/contract', {
      role: 'manager', dataProvider: appDataProvider(), routes: {
        'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
        'GET /api/contract': () => json(200, [], { 'Content-Range': 'contract 0-0/0' }),
        'POST /api/contract': () => new Promise<Response>((resolve) => { answer = resolve; }),
        'GET /api/contract/40': () => json(200, { message: 'not in this test' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('contract-name'), 'Tuesday night league');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    await waitFor(() => expect(network.calls.filter((c) => c.method === 'POST' && c.path === '/api/contract')).toHaveLength(1));
    expect(save).toBeDisabled();
    const [sent] = network.calls.filter((c) => c.method === 'POST' && c.path === '/api/contract');
    expect(sent.body).toMatchObject({ name: 'Tuesday night league', facility_id: 1, product_type_id: 2, fee: 100, percentage: 50, ApplyProcessingFee: true });
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    answer(json(201, { ID: 40, name: 'Tuesday night league' }));
    await waitFor(() => expect(location()).toBe('/contract/40'));
    expect(network.calls.filter((c) => c.method === 'POST' && c.path === '/api/contract')).toHaveLength(1);
  }, 60_000);

  it('names the missing field from the declaration before any call', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/contract/create', {
      role: 'manager', dataProvider: appDataProvider(), routes: {
        'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
      },
    });
    // A comment but no name.
    await user.type(await screen.findByRole('textbox', { name: 'Comment' }, { timeout: 15_000 }), 'Tuesdays');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill all the required fields')).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 60_000);
});

describe('the contracts list', () => {
  it("shows each contract's events in its own facility's zone (issue 22 item 15)", async () => {
    // 18:00 UTC on 1 March 2027: 13:00 in New York, 10:00 in Los Angeles.
    const at = Date.UTC(2027, 2, 1, 18) / 1000;
    const row = (ID: number, facility: { ID: number; name: string }) => ({
      ID, id: ID, name: `Contract ${ID}`, facility, facility_id: facility.ID, customer: null, product_type: { ID: 2, name: 'Adult Rental' },
      events_count: 1, first_event: at, last_event: at, invoiced: 0, paid: 0, discounted: 0, balance: 0, signed: false, doc_state: 'none',
    });
    const facilities = [{ id: 1, ID: 1, name: 'Brooklyn', nickname: 'BK', time_zone: 'America/New_York' }, { id: 6, ID: 6, name: 'Venice', nickname: 'VE', time_zone: 'America/Los_Angeles' }];
    renderApp('/contract', {
      role: 'admin', dataProvider: appDataProvider(), routes: {
        'GET /api/facility': () => json(200, facilities, { 'Content-Range': 'facilities 0-1/2' }),
        'GET /api/contract': () => json(200, [row(1, facilities[0]), row(2, facilities[1])], { 'Content-Range': 'contract 0-1/2' }),
      },
    });
    const first = await screen.findByText('Contract 1', {}, { timeout: 15_000 });
    await waitFor(() => expect(first.closest('tr')?.textContent).toContain('13:00'));
    expect(screen.getByText('Contract 2').closest('tr')?.textContent).toContain('10:00');
  }, 60_000);
});
