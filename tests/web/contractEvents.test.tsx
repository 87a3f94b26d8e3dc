import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import '../../core/time';
import { addContractEvents, checkContractEvents } from '../../core/api/contracts';
import type { CheckedRow, ContractDetail, SlotRow } from '../../dataProvider';
import { EventsDialog } from '../../resources/contract/EventsDialog';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { fakeDataProvider } from './support/app';

// A contract's "Add events" (issue 22 item 9): a clashing week can be taken out of the list, as in the
// calendar's repeat dialog, and the rest saved; the clash is said once per week, beside its Keep box.

afterEach(cleanup);

const WEEK = 7 * 86400;
const FIRST = dayjs.tz('2028-01-04 20:00', 'America/New_York').unix();
const row = (i: number, taken: boolean): CheckedRow => ({
  field_id: 1, start_date: FIRST + i * WEEK, end_date: FIRST + i * WEEK + 3600, is_ok: !taken,
  // The same event twice: in the way of the field and of the full field it is part of.
  events_on_spot: taken ? [1, 2].map(() => ({ ID: 77, field_id: 1, start_date: FIRST + i * WEEK, end_date: FIRST + i * WEEK + 3600, product_type: 'Adult Rental', comment: null })) : [],
});

describe('a contract\'s Add events', () => {
  it('takes a clashing week out of the list and adds the others', async () => {
    const user = userEvent.setup();
    const added: SlotRow[][] = [];
    const dataProvider = {
      ...fakeDataProvider(),
      // The dialog's declared calls, through the dataProvider's `call`.
      call: (endpoint: unknown, input: { params: { id: number }; body: { events: SlotRow[] } }) => {
        if (endpoint === checkContractEvents) return Promise.resolve({ events: [row(0, false), row(1, true), row(2, false)], events_on_spots: [] });
        if (endpoint === addContractEvents && input.params.id === 40) { added.push(input.body.events); return Promise.resolve({}); }
        return Promise.reject(new Error('unexpected call'));
      },
    };
    const contract = { ID: 40, facility: { ID: 1, name: 'Brooklyn', address: null, time_zone: 'America/New_York' } } as ContractDetail;
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
          <EventsDialog contract={contract} fields={[{ ID: 1, name: 'Maracanã' }]} events={[]} onClose={() => undefined} onSaved={() => undefined} />
        </AdminContext>
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Maracanã' }));
    fireEvent.change(within(dialog).getByTestId('event-start'), { target: { value: '2028-01-04T20:00' } });
    fireEvent.change(within(dialog).getByTestId('event-end'), { target: { value: '2028-01-04T21:00' } });
    fireEvent.change(within(dialog).getByTestId('event-weeks'), { target: { value: '3' } });
    await user.click(within(dialog).getByRole('button', { name: 'Check for availabilities' }));
    let rows = await within(dialog).findAllByTestId('availability-row');
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toBe('1/11/2028 20:00 — Taken by Adult Rental 1/11/2028 20:00Keep');
    expect(within(rows[1]).getByLabelText('Keep')).toBeInTheDocument();

    await user.click(within(rows[1]).getByRole('button', { name: 'Remove this week' }));
    rows = within(dialog).getAllByTestId('availability-row');
    expect(rows.map((r) => r.textContent)).toEqual(['1/4/2028 20:00 — Available', '1/18/2028 20:00 — Available']);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(added).toEqual([[
      { field_id: 1, start_date: FIRST, end_date: FIRST + 3600, keep: false },
      { field_id: 1, start_date: FIRST + 2 * WEEK, end_date: FIRST + 2 * WEEK + 3600, keep: false },
    ]]);
  });
});
