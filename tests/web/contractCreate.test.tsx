import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { session } from '../../dataProvider/session';
import { CreateContractDialog } from '../../resources/contracts/CreateContractDialog';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { FACILITIES, fakeDataProvider } from './support/app';

// "New contract" (issue 22 item 3): two quick clicks on Save make one call, with an Idempotency-Key,
// Save disabled until it answers; then the new contract opens.

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
