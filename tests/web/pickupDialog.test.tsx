import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { session } from '../../dataProvider/session';
import type { CheckedRow } from '../../dataProvider';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { CreatePickupDialog } from '../../src/app/pages/pickup/CreatePickupDialog';
import { FACILITIES, fakeDataProvider } from './support/app';

// The new pickup session dialog: Save first asks for the availability check; while the check runs
// both buttons wait (its answer would otherwise wipe the message a Save click showed meanwhile); once
// checked, Save asks for a fee. While the session is being created Save is disabled, and the call
// carries an Idempotency-Key that a retry after a failure sends again (issue 22 item 3).

afterEach(cleanup);

const FIELDS = [{ id: 3, ID: 3, name: 'San Siro', number: 3, facility_id: 1 }];
const rows = (count: number): CheckedRow[] => Array.from({ length: count }, (_, i) => ({
  field_id: 3, start_date: 1833296400 + i * 7 * 86400, end_date: 1833300000 + i * 7 * 86400, is_ok: true, events_on_spot: [],
}));

describe('the new pickup session dialog', () => {
  it('waits for the availability check before Save, then asks for a fee', async () => {
    const user = userEvent.setup();
    session.save('token', 'admin', 1);
    let answer: (value: { events: CheckedRow[] }) => void = () => undefined;
    const dataProvider = {
      ...fakeDataProvider({ facilities: FACILITIES, fields: FIELDS }),
      pickupFees: () => Promise.resolve([{ product_id: 12, text: 'Pickup $10' }]),
      checkRepeatRule: () => new Promise<{ events: CheckedRow[] }>((resolve) => { answer = resolve; }),
    };
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
          <CreatePickupDialog onClose={() => undefined} />
        </AdminContext>
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const check = within(dialog).getByRole('button', { name: 'Check for availabilities' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'San Siro' }));
    fireEvent.change(within(dialog).getByTestId('pickup-start'), { target: { value: '2028-02-05T10:00' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Number of weeks' }), { target: { value: '4' } });

    await user.click(save);
    expect(within(dialog).getByText('Check for availabilities first')).toBeInTheDocument();

    await user.click(check);
    expect(save).toBeDisabled();
    expect(check).toBeDisabled();
    answer({ events: rows(4) });
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(4);
    expect(save).toBeEnabled();

    await user.click(save);
    expect(within(dialog).getByText('Please select a valid fee')).toBeInTheDocument();
  });

  it('disables Save while the session is created, and a retry sends the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    session.save('token', 'admin', 1);
    const sent: Array<[unknown, string | undefined]> = [];
    let settle: { reject(e: Error): void } = { reject: () => undefined };
    const dataProvider = {
      ...fakeDataProvider({ facilities: FACILITIES, fields: FIELDS }),
      pickupFees: () => Promise.resolve([{ product_id: 12, text: 'Pickup $10' }]),
      checkRepeatRule: () => Promise.resolve({ events: rows(2) }),
      createPickupSession: (body: unknown, key?: string) => {
        sent.push([body, key]);
        return new Promise((_, reject) => { settle = { reject }; });
      },
    };
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
          <CreatePickupDialog onClose={() => undefined} />
        </AdminContext>
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'San Siro' }));
    fireEvent.change(within(dialog).getByTestId('pickup-start'), { target: { value: '2028-02-05T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Check for availabilities' }));
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(2);
    await user.click(within(dialog).getByRole('combobox', { name: 'Fee' }));
    await user.click(await screen.findByRole('option', { name: 'Pickup $10' }));

    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.dblClick(save);
    expect(save).toBeDisabled();
    expect(sent).toHaveLength(1);
    const [, key] = sent[0];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    settle.reject(new Error('The server is busy'));
    expect(await within(dialog).findByText('The server is busy')).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.click(save);
    expect(sent).toHaveLength(2);
    expect(sent[1][1]).toBe(key);
  });
});
