import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { session } from '../../dataProvider/session';
import { CreateContractDialog } from '../../resources/contracts/CreateContractDialog';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { createDataProvider } from '../../dataProvider';
import { FACILITIES, fakeDataProvider, renderApp } from './support/app';
import { json } from './support/fetch';

// "New contract" (issue 22 item 3): two quick clicks on Save make one call, with an Idempotency-Key,
// Save disabled until it answers; then the new contract opens. The list shows each contract's times in
// its facility's zone.

afterEach(cleanup);

describe('the new contract dialog', () => {
  it('sends one create with an Idempotency-Key however often Save is clicked, and opens the contract', async () => {
    const user = userEvent.setup();
    session.save('token', 'manager', 1);
    const sent: Array<[Record<string, unknown>, string | undefined]> = [];
    let answer: (value: { ID: number }) => void = () => undefined;
    const dataProvider = {
      ...fakeDataProvider({ facilities: FACILITIES }),
      createContract: (body: Record<string, unknown>, key?: string) => {
        sent.push([body, key]);
        return new Promise((resolve) => { answer = resolve; });
      },
    };
    render(
      <MemoryRouter initialEntries={['/contract']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
          <Routes>
            <Route path="/contract" element={<CreateContractDialog onClose={() => undefined} />} />
            <Route path="/contract/:id" element={<p>Contract page</p>} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('contract-name'), 'Tuesday night league');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    expect(save).toBeDisabled();
    expect(sent).toHaveLength(1);
    expect(sent[0][0]).toMatchObject({ name: 'Tuesday night league', facility_id: 1, product_type_id: 2, fee: 100, percentage: 50 });
    expect(sent[0][1]).toMatch(/^[0-9a-f]{32}$/);
    answer({ ID: 40 });
    expect(await screen.findByText('Contract page')).toBeInTheDocument();
  });
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
      role: 'admin', dataProvider: createDataProvider('/api'), routes: {
        'GET /api/facility': () => json(200, facilities, { 'Content-Range': 'facilities 0-1/2' }),
        'GET /api/contract': () => json(200, [row(1, facilities[0]), row(2, facilities[1])], { 'Content-Range': 'contract 0-1/2' }),
      },
    });
    const first = await screen.findByText('Contract 1', {}, { timeout: 15_000 });
    await waitFor(() => expect(first.closest('tr')?.textContent).toContain('13:00'));
    expect(screen.getByText('Contract 2').closest('tr')?.textContent).toContain('10:00');
  }, 60_000);
});
