import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import '../../core/time';
import { EVENT_MESSAGES } from '../../core/validation/event';
import type { CheckedRow } from '../../dataProvider/events';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { EventDialog } from '../../src/pages/calendar/EventDialog';
import { canSave, checked, editRow, markStale, toggleKeep } from '../../src/pages/calendar/repeatList';
import { fakeDataProvider } from './support/app';

// The add-event dialog (spec 2 §2): the product-type step, then the details prefilled from the cell;
// moving the start shifts the end and the repeat weekday; the repeat list goes stale on any change
// and saving needs every row available or kept, with the spec's message otherwise.

afterEach(cleanup);

const NY = 'America/New_York';
const ny = (local: string) => dayjs.tz(local, NY).unix();
const row = (start: string, is_ok: boolean): CheckedRow => ({
  field_id: 1, start_date: ny(start), end_date: ny(start) + 3600, is_ok,
  events_on_spot: is_ok ? [] : [{ ID: 77, field_id: 1, start_date: ny(start), end_date: ny(start) + 3600, product_type: 'Adult Rental', comment: null }],
});

describe('the repeat list', () => {
  it('is stale until checked; a conflicted row blocks saving until kept; an edited row must be checked again', () => {
    const list = checked([row('2027-01-04 19:00', true), row('2027-01-11 19:00', false)]);
    expect(canSave(list)).toBe(false);
    const kept = toggleKeep(list, 1);
    expect(canSave(kept)).toBe(true);
    // Only conflicted rows can be kept.
    expect(toggleKeep(list, 0).rows[0].keep).toBe(false);
    expect(canSave(markStale(kept))).toBe(false);
    const edited = editRow(kept, 0, { start_date: ny('2027-01-04 20:00') });
    expect(edited.rows[0].to_check).toBe(true);
    expect(canSave(edited)).toBe(false);
  });
});

function renderDialog(overrides: Record<string, unknown> = {}) {
  const calls: Array<[string, unknown[]]> = [];
  const record = (name: string, answer: (...args: unknown[]) => unknown) => (...args: unknown[]) => { calls.push([name, args]); return Promise.resolve(answer(...args)); };
  const dataProvider = {
    ...fakeDataProvider(),
    checkRepeatRule: record('checkRepeatRule', () => ({ events: [row('2027-01-04 19:00', true), row('2027-01-11 19:00', false), row('2027-01-18 19:00', true)] })),
    createSeries: record('createSeries', () => ({ block_token: 't' })),
    createEvent: record('createEvent', () => ({ ID: 1 })),
    ...overrides,
  };
  const onSaved = vi.fn();
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
        <EventDialog facilityName="Brooklyn" zone={NY} onClose={() => {}} onSaved={onSaved}
          fields={[{ ID: 1, name: 'Maracanã', number: 1 }, { ID: 3, name: 'San Siro', number: 3 }]}
          productTypes={[
            { ID: 3, name: 'Adult League', color: '#81d4fa', showInCalendar: true },
            { ID: 13, name: 'Block', color: '#9e9e9e', showInCalendar: true },
            { ID: 15, name: 'Bar', color: '#795548', showInCalendar: false },
          ]}
          initial={{ field_id: 3, start_date: ny('2027-01-04 19:00'), end_date: ny('2027-01-04 19:30') }} />
      </AdminContext>
    </MemoryRouter>,
  );
  return { calls, onSaved, dialog: screen.getByRole('dialog') };
}

describe('the add-event dialog', () => {
  it('offers only the calendar product types, then the details prefilled from the cell', async () => {
    const { dialog } = renderDialog();
    const types = within(dialog).getByRole('list', { name: 'Product type' });
    expect(within(types).getAllByRole('button').map((b) => b.textContent)).toEqual(['Adult League', 'Block']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult League' }));
    expect(within(dialog).getByLabelText('Start')).toHaveProperty('value', '2027-01-04T19:00');
    expect(within(dialog).getByLabelText('End')).toHaveProperty('value', '2027-01-04T19:30');
    expect(within(dialog).getByRole('combobox', { name: 'Field' }).textContent).toBe('San Siro');
    // Team names for matches.
    expect(within(dialog).getByLabelText('Team A')).toBeTruthy();
  });

  it('moving the start shifts the end by the same duration and sets the repeat weekday', async () => {
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult League' }));
    await userEvent.click(within(dialog).getByLabelText('Repeat'));
    expect(within(dialog).getByRole('combobox', { name: 'Day of the week' }).textContent).toBe('Monday');
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2027-01-06T20:00' } });
    expect(within(dialog).getByLabelText('End')).toHaveProperty('value', '2027-01-06T20:30');
    expect(within(dialog).getByRole('combobox', { name: 'Day of the week' }).textContent).toBe('Wednesday');
  });

  it('refuses to save a stale or conflicted list with the spec\'s message; saves once the conflict is kept', async () => {
    const { dialog, calls, onSaved } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult League' }));
    await userEvent.click(within(dialog).getByLabelText('Repeat'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(EVENT_MESSAGES.repeatNotReady)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Check availability' }));
    const rows = await within(dialog).findAllByTestId('repeat-row');
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toContain('Taken by Adult Rental #77');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.filter(([name]) => name === 'createSeries')).toHaveLength(0);

    // A change of the settings makes the list stale again.
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Times' }), { target: { value: '3' } });
    expect(within(dialog).getByText('The repeat settings changed: check availability again')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check availability' }));
    await userEvent.click(within(await within(dialog).findAllByTestId('repeat-row').then((r) => r[1])).getByLabelText('Keep'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const [, [common, saved]] = calls.find(([name]) => name === 'createSeries')!;
    expect(common).toMatchObject({ product_type_id: 3 });
    expect((saved as Array<{ keep: boolean }>).map((r) => r.keep)).toEqual([false, true, false]);
    expect(onSaved).toHaveBeenCalledWith(false);
  });

  it('end before start is refused with the spec\'s message; a blocker needs no customer and stays', async () => {
    const { dialog, calls, onSaved } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(within(dialog).queryByText('Choose or add a customer')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2027-01-04T18:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(EVENT_MESSAGES.endBeforeStart)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2027-01-04T20:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.find(([name]) => name === 'createEvent')![1][0]).toMatchObject({ product_type_id: 13, field_id: 3, start_date: ny('2027-01-04 19:00'), end_date: ny('2027-01-04 20:00') });
    expect(onSaved).toHaveBeenCalledWith(true);
  });
});
