import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import '../../core/time';
import { EVENT_MESSAGES } from '../../core/validation/event';
import type { CalendarEvent, CheckedRow, MatchRoster } from '../../dataProvider/events';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { EventDialog, type EventDialogProps } from '../../src/app/pages/calendar/EventDialog';
import { RosterSheet } from '../../src/app/pages/calendar/RosterSheet';
import { canSave, checked, editRow, markStale, rechecked, toggleKeep } from '../../src/app/pages/calendar/repeatList';
import { fakeDataProvider } from './support/app';

// The add-event dialog (spec 2 §2): the product-type step, then the details prefilled from the cell;
// moving the start shifts the end and the repeat weekday; the repeat list goes stale on any change
// and saving needs every row available or kept, with the spec's message otherwise.

afterEach(cleanup);

// The participant wizard has its own tests: here it hands back Ada Able at once.
vi.mock('../../src/kit/components/ParticipantWizard', () => ({
  ParticipantWizard: ({ onDone }: { onDone(result: { customer: { ID: number; first_name: string; last_name: string } }): void }) => (
    <button type="button" onClick={() => onDone({ customer: { ID: 9, first_name: 'Ada', last_name: 'Able' } })}>Pick Ada</button>
  ),
}));

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

  it('a check of edited rows keeps the Keep of untouched rows; a row when the field is closed cannot be kept', () => {
    const kept = toggleKeep(checked([row('2027-01-04 19:00', true), row('2027-01-11 19:00', false), row('2027-01-18 19:00', true)]), 1);
    const edited = editRow(kept, 2, { start_date: ny('2027-01-18 10:00') });
    const closed = { ...row('2027-01-18 10:00', true), is_ok: false, closed: 'Maracanã is open from 16:00 to 24:00 on 1/18/2027: the booking is outside its opening hours' };
    const again = rechecked(edited, [row('2027-01-04 19:00', true), row('2027-01-11 19:00', false), closed]);
    expect(again.rows.map((r) => r.keep)).toEqual([false, true, false]);
    expect(toggleKeep(again, 2).rows[2].keep).toBe(false);
    expect(canSave(again)).toBe(false);
  });
});

function renderDialog(overrides: Record<string, unknown> = {}, props: Partial<EventDialogProps> = {}) {
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
          initial={{ field_id: 3, start_date: ny('2027-01-04 19:00'), end_date: ny('2027-01-04 19:30') }} {...props} />
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

  it('keeps a start being typed: a half-typed part and the passing years 0002…0203 neither move the booking nor are written over', async () => {
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult League' }));
    const start = within(dialog).getByLabelText('Start');
    const end = within(dialog).getByLabelText('End');
    // The values Chromium reports, key by key, while a person types 0, 8, 0, 7 and then 2030 into the parts.
    for (const value of ['', '2027-08-04T19:00', '', '2027-08-07T19:00', '0002-08-07T19:00', '0020-08-07T19:00', '0203-08-07T19:00']) {
      fireEvent.change(start, { target: { value } });
      expect(start).toHaveProperty('value', value);
    }
    // The whole values moved the end with the start; the partial ones and the passing years did not.
    expect(end).toHaveProperty('value', '2027-08-07T19:30');
    fireEvent.change(start, { target: { value: '2030-08-07T19:00' } });
    expect(end).toHaveProperty('value', '2030-08-07T19:30');
    // Left half typed, the field shows the start it holds again.
    fireEvent.change(start, { target: { value: '' } });
    fireEvent.blur(start);
    expect(start).toHaveProperty('value', '2030-08-07T19:00');
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

describe('the product a new booking takes (issue 22 item 1)', () => {
  const rentalTypes = { productTypes: [{ ID: 1, name: 'Adult Rental', color: '#4caf50', showInCalendar: true }] };
  const product = (new_product_id: number, name: string, price: number, product_type_id = 1) =>
    ({ product_id: new_product_id * 100, new_product_id, name, product_type_id, price, peak_minutes: 30, off_peak_minutes: 0 });
  const answering = (calls: Array<[string, unknown[]]>, answer: unknown) => (...args: unknown[]) => { calls.push(['getBookingProduct', args]); return Promise.resolve(answer); };
  const chooseAda = async (dialog: HTMLElement) => {
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose or add a customer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pick Ada' }));
  };

  it('names the product and its price for the booking\'s time before saving, asks again when the time changes, and leaves the product to the server', async () => {
    const calls: Array<[string, unknown[]]> = [];
    const { dialog } = renderDialog({
      getBookingProduct: answering(calls, { priced: true, product: product(5, 'Adult Field Rental', 90), choices: [] }),
      createEvent: (...args: unknown[]) => { calls.push(['createEvent', args]); return Promise.resolve({ ID: 2 }); },
    }, rentalTypes);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult Rental' }));
    expect(await within(dialog).findByText('Product: Adult Field Rental, $90.00 for this booking')).toBeTruthy();
    expect(calls.at(-1)![1][0]).toEqual({ product_type_id: 1, field_id: 3, start: ny('2027-01-04 19:00'), end: ny('2027-01-04 19:30') });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '2027-01-04T20:00' } });
    await waitFor(() => expect(calls.at(-1)![1][0]).toMatchObject({ end: ny('2027-01-04 20:00') }));
    expect(within(dialog).queryByText(/No product of this type/)).toBeNull();
    await chooseAda(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const [, [created]] = calls.find(([name]) => name === 'createEvent')!;
    expect(created).toMatchObject({ product_type_id: 1, customer_id: 9 });
    expect(created).not.toHaveProperty('new_product_id');
  });

  it('where no product fits, says so before saving and saves the product picked', async () => {
    const calls: Array<[string, unknown[]]> = [];
    const choices = [product(9, 'Outdoor Field Rental', 45, 20), product(11, 'Private Event', 125, 11)];
    const { dialog } = renderDialog({
      getBookingProduct: answering(calls, { priced: true, product: null, choices }),
      createEvent: (...args: unknown[]) => { calls.push(['createEvent', args]); return Promise.resolve({ ID: 2 }); },
    }, rentalTypes);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult Rental' }));
    expect(await within(dialog).findByText(/No product of this type is sold for this field at this facility/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Product to bill' }));
    await userEvent.click(screen.getByRole('option', { name: 'Outdoor Field Rental — $45.00' }));
    await chooseAda(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.find(([name]) => name === 'createEvent')![1][0]).toMatchObject({ product_type_id: 1, customer_id: 9, new_product_id: 9 });
  });

  it('a double click on Save books once, with an Idempotency-Key, Save disabled until the server answers', async () => {
    const calls: Array<[string, unknown[]]> = [];
    let answer: (value: unknown) => void = () => undefined;
    const { dialog, onSaved } = renderDialog({
      getBookingProduct: answering(calls, { priced: true, product: product(5, 'Adult Field Rental', 90), choices: [] }),
      createEvent: (...args: unknown[]) => { calls.push(['createEvent', args]); return new Promise((resolve) => { answer = resolve; }); },
    }, rentalTypes);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult Rental' }));
    await chooseAda(dialog);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await userEvent.dblClick(save);
    expect(save).toBeDisabled();
    const creates = calls.filter(([name]) => name === 'createEvent');
    expect(creates).toHaveLength(1);
    expect(creates[0][1][1]).toMatch(/^[0-9a-f]{32}$/);
    answer({ ID: 3 });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(false));
  });

  it('asks nothing for a type billed otherwise (a league match)', async () => {
    const calls: Array<[string, unknown[]]> = [];
    const { dialog } = renderDialog({ getBookingProduct: answering(calls, { priced: false, product: null, choices: [] }) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult League' }));
    expect(within(dialog).getByLabelText('Team A')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

const event = (extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  ID: 41, product_type_id: 3, field_id: 1, facility_id: 1, start_date: ny('2027-01-06 20:00'), end_date: ny('2027-01-06 21:00'),
  comment: 'Week 1', customer_id: 9, new_product_id: null, match_id: null, contract_id: null, class_id: null, coach_id: null,
  team_a: 'Lions', team_b: 'Hawks', no_show: false, video_visible: false, block_token: 'series-1', keep: false, checked_in: false,
  product_id: null, video_url: null, contract_variant_price: null, quota: null, CreatedAt: 0, UpdatedAt: 0,
  product_type: { ID: 3, name: 'Adult League', color: '#81d4fa' }, field: { ID: 1, number: 1, name: 'Maracanã', parent_field_id: null },
  customer: { first_name: 'Ada', last_name: 'Able' }, contract: null, match: null, invoice: null, title: 'Lions vs Hawks', color: '#81d4fa',
  mark: null, conflict: false, ...extra,
});

describe('the dialog in edit mode', () => {
  it('opens on the details prefilled from the event and saves with PUT /event/{id} and the chosen scope', async () => {
    const { dialog, calls, onSaved } = renderDialog({ updateEvent: (...args: unknown[]) => { calls.push(['updateEvent', args]); return Promise.resolve({}); } }, { event: event(), initial: undefined });
    expect(within(dialog).getByText(/Edit event #41/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Start')).toHaveProperty('value', '2027-01-06T20:00');
    expect(within(dialog).getByLabelText('End')).toHaveProperty('value', '2027-01-06T21:00');
    expect(within(dialog).getByRole('combobox', { name: 'Field' }).textContent).toBe('Maracanã');
    expect(within(dialog).getByLabelText('Comment')).toHaveProperty('value', 'Week 1');
    expect(within(dialog).getByLabelText('Team A')).toHaveProperty('value', 'Lions');
    expect(within(dialog).getByText('Customer: Ada Able')).toBeTruthy();
    // No repeat section when editing: an event of a series is edited with a scope instead.
    expect(within(dialog).queryByLabelText('Repeat')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Event page' }).getAttribute('href')).toBe('/calendar/event/41');

    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2027-01-06T18:30' } });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await userEvent.click(screen.getByRole('option', { name: 'San Siro' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'This event is part of a series' }));
    await userEvent.click(screen.getByRole('option', { name: 'This and following events' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const [, [id, change, scope]] = calls.find(([name]) => name === 'updateEvent')!;
    expect(id).toBe(41);
    expect(change).toMatchObject({ product_type_id: 3, field_id: 3, start_date: ny('2027-01-06 18:30'), end_date: ny('2027-01-06 19:30'), comment: 'Week 1', customer_id: 9, team_a: 'Lions' });
    expect(scope).toBe('following');
    expect(onSaved).toHaveBeenCalledWith(false);
  });

  it('shows the server\'s refusal (a closed field) and stays open', async () => {
    const message = 'Maracanã is open from 16:00 to 24:00 on 1/6/2027: the booking is outside its opening hours';
    const { dialog, onSaved } = renderDialog({ updateEvent: () => Promise.reject(new Error(message)) }, { event: event({ block_token: null }), initial: undefined });
    expect(within(dialog).queryByRole('combobox', { name: 'This event is part of a series' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    // Fixing the times clears it (issue 22 item 8).
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2027-01-06T18:00' } });
    expect(within(dialog).queryByText(message)).toBeNull();
  });
});

describe('editing the repeat rows', () => {
  it('a row\'s field or start can be changed (to check again, with the rows as edited) or the row removed', async () => {
    const closed = 'San Siro is open from 16:00 to 24:00 on 1/11/2027: the booking is outside its opening hours';
    const { dialog, calls } = renderDialog({
      checkRepeat: (...args: unknown[]) => {
        calls.push(['checkRepeat', args]);
        const rows = args[0] as CheckedRow[];
        return Promise.resolve({ events: rows.map((r, i) => ({ ...r, is_ok: i !== 1, events_on_spot: [], closed: i === 1 ? closed : null })) });
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adult League' }));
    await userEvent.click(within(dialog).getByLabelText('Repeat'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check availability' }));
    let rows = await within(dialog).findAllByTestId('repeat-row');
    // The conflicted row moves to another field and an earlier time: it is to check, saving is refused.
    await userEvent.click(within(rows[1]).getByRole('combobox', { name: 'Field' }));
    await userEvent.click(screen.getByRole('option', { name: 'San Siro' }));
    fireEvent.change(within(rows[1]).getByLabelText('Start'), { target: { value: '2027-01-11T10:00' } });
    rows = within(dialog).getAllByTestId('repeat-row');
    expect(rows[1].textContent).toContain('To check');
    expect(within(rows[1]).queryByLabelText('Keep')).toBeNull();
    expect(within(rows[1]).getByLabelText('End')).toHaveProperty('value', '11:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(EVENT_MESSAGES.repeatNotReady)).toBeTruthy();
    // The last row is removed; the check looks at the two rows as edited, not at the settings.
    await userEvent.click(within(rows[2]).getByRole('button', { name: 'Remove this row' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check availability' }));
    const [, [sent]] = calls.find(([name]) => name === 'checkRepeat')!;
    expect((sent as CheckedRow[]).map((r) => [r.field_id, r.start_date])).toEqual([[1, ny('2027-01-04 19:00')], [3, ny('2027-01-11 10:00')]]);
    rows = within(dialog).getAllByTestId('repeat-row');
    expect(rows).toHaveLength(2);
    // A row when the field is closed shows why and cannot be kept.
    expect(rows[1].textContent).toContain(closed);
    expect(within(rows[1]).queryByLabelText('Keep')).toBeNull();
  });
});

describe('the printable roster', () => {
  it('lists both teams with (coach), (C), date of birth and the marks xM, xW, -SUS-', () => {
    const player = (customer_id: number, first_name: string, extra: Record<string, unknown>) => ({
      customer_id, first_name, last_name: 'Test', birthdate: Date.UTC(1990, 4, 17) / 1000, is_coach: false, is_captain: false,
      has_active_membership: true, waiver_signed: true, suspension: null, marks: [], ...extra,
    });
    const roster: MatchRoster = {
      ID: 5, date: ny('2027-04-20 19:00'), home_score: null, away_score: null, league: { ID: 2, name: 'Monday Adults', color: '#123456', facility_id: 1 },
      home_team: { ID: 1, name: 'Lions', color: '#f00', players: [player(1, 'Ada', { is_captain: true }), player(2, 'Ben', { marks: ['xM', 'xW'], is_coach: true })] },
      away_team: { ID: 2, name: 'Hawks', color: '#00f', players: [player(3, 'Cy', { marks: ['-SUS-'], suspension: { until: 0, foul: null } })] },
      referee: null,
    };
    render(
      <AdminContext dataProvider={fakeDataProvider()} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
        <RosterSheet roster={roster} zone={NY} field="San Siro" />
      </AdminContext>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Monday Adults: Lions vs Hawks');
    expect(screen.getByText('4/20/2027 19:00 · San Siro')).toBeTruthy();
    const home = within(screen.getByTestId('roster-home')).getAllByRole('row').map((r) => r.textContent);
    expect(home.slice(1)).toEqual(['1Ada Test (C)5/17/1990', '2Ben Test (coach)5/17/1990xM xW']);
    expect(within(screen.getByTestId('roster-away')).getAllByRole('row')[1].textContent).toBe('1Cy Test5/17/1990-SUS-');
    expect(screen.getByText('xM no valid membership, xW no valid waiver, -SUS- suspended')).toBeTruthy();
  });
});
