import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLASS_MESSAGES } from '../../core/validation/classes';
import { fromWallSpan } from '../../resources/classes/shared';
import { appDataProvider, FACILITIES, fill, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

// Classes in the browser (spec 3 §2.15–2.16, §5, §8; issue 26): the list and its totals, the add
// manual class dialog ('Check for availabilities first', keep a conflict), the price dialog ('Please
// enter a valid price', '+ fees', a full class offering the waitlist), the waitlist tab and its
// promotions, the change-class warnings, and the spec's 'Class deleted successfully'.

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const ZONE = 'America/New_York';
const person = (ID: number, first_name: string, last_name: string) => ({ ID, first_name, last_name, email: `${first_name.toLowerCase()}@example.com`, phone: null });
const child = (ID: number, first_name: string) => ({ ...person(ID, first_name, 'Kid'), birthdate: Date.UTC(2019, 4, 1) / 1000, details: null });

const listRow = (overrides: Record<string, unknown> = {}) => ({
  ID: 5, name: 'Youth Class U8', description: 'Skills', start_date: NOW - DAY, end_date: NOW + 60 * DAY, registration_start_date: null, registration_end_date: null,
  available_online: true, accepts_free_trial: true, require_membership: false, max_kids: 2, fee: null, facility_id: 1, is_camp: false, is_container: false,
  class_parent_id: null, new_product_id: 13, product_id: 40, properties: [], quota: 2, CreatedAt: NOW, UpdatedAt: NOW,
  facility: { ID: 1, name: 'Touchline Brooklyn', time_zone: ZONE }, participants: 0, class_type: 2, invoiced: 0, paid: 0, balance: 0, ...overrides,
});

const detail = (overrides: Record<string, unknown> = {}) => ({
  ...listRow({ participants: 1, invoiced: 261.3, paid: 0, balance: 261.3 }),
  class_parent: { ID: 4, name: 'Fall Season' },
  newProduct: { ID: 13, name: 'Youth Class Season', gl: { code: '14001', product_type_id: 10 }, base_price: 240, individual_price: 30, prorate: true },
  price: { price: 90, base: 240, per_event: 30, events_left: 3, fixed: false, prorate: true },
  events: [{
    ID: 80, start_date: NOW + 7 * DAY, end_date: NOW + 7 * DAY + 3600, field_id: 1, field: { ID: 1, name: 'Maracanã' }, product_type_id: 10, comment: null, quota: 2,
    facility_id: 1, keep: false, assistents: [{ ID: 300, class_id: 5, event_id: 80, customer_id: 30, customer: child(30, 'Tina'), parent: person(31, 'Tom', 'Parent'), uniform_size: null, CreatedAt: NOW }],
  }],
  divisions: [],
  attendees: [{
    ID: 100, class_id: 5, customer_id: 20, customer: child(20, 'Ana'), parent: person(21, 'Alba', 'Parent'), uniform_size: 'S', invoice_id: 70,
    invoice: { ID: 70, invoiced: 261.3, discounted: 0, paid: 0, balance: 261.3 }, has_active_membership: true, source: 'staff', CreatedAt: NOW,
  }],
  waitlists: [{ ID: 200, customer_id: 22, customer: child(22, 'Bea'), parent: person(23, 'Bo', 'Parent'), uniform_size: null, invoice_id: null, invoice: null, has_active_membership: false, source: 'online', CreatedAt: NOW - DAY }],
  coaches: [], expected: 261.3,
  promotions: [{ at: NOW - 3600, customer_id: 24, name: 'Cleo Kid', attendee_id: 99, invoice_id: 69, price: 90 }],
  ...overrides,
});

const baseRoutes: Record<string, FetchHandler> = {
  // The broadcast panel's list of what was sent from the page.
  'GET /api/broadcast': () => json(200, []),
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/class': () => json(200, { classes: [listRow(), listRow({ ID: 6, name: 'Summer Camp', participants: 3, invoiced: 900, paid: 300, balance: 600 })], nb_classes: 2, participants: 3 }),
  'GET /api/class/5': () => json(200, detail()),
  'GET /api/facility/fields': () => json(200, [{ ID: 1, name: 'Maracanã', number: 1, facility_id: 1 }], { 'Content-Range': 'fields 0-0/1' }),
  'GET /api/facility/1/coaches': () => json(200, [{ id: 5, name: 'Carla Coach', title: 'Coach' }]),
  'GET /api/class/active': () => json(200, [{
    ID: 4, name: 'Fall Season', facility_id: 1, start_date: NOW, end_date: NOW + 60 * DAY, is_container: true, accepts_free_trial: true, max_kids: 8, attendees: 0, price: 0,
    divisions: [{ ID: 5, name: 'Youth Class U8', max_kids: 2, attendees: 1, price: 90 }, { ID: 7, name: 'Youth Class U10', max_kids: 1, attendees: 1, price: 150 }],
  }]),
};

beforeAll(async () => {
  await Promise.all([import('../../resources/classes/ClassList'), import('../../resources/classes/ClassShow'), import('../../resources/classes/ClassEdit')]);
}, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (path: string, routes: Record<string, FetchHandler> = {}, role: 'admin' | 'manager' | 'mod' = 'admin') =>
  renderApp(path, { role, dataProvider: appDataProvider(), routes: { ...baseRoutes, ...routes } });

describe('the classes list', () => {
  it('shows the rows with their money and the total of participants; deletes an empty class with the spec\'s message', async () => {
    const user = userEvent.setup();
    const deleted: FetchCall[] = [];
    render('/classes', { 'DELETE /api/class/5': (call) => { deleted.push(call); return json(200, { ...listRow(), message: CLASS_MESSAGES.deleted }); } });
    expect(await screen.findByText('Summer Camp', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('class-participants')).toHaveTextContent('Total participants: 3');
    expect(screen.getByText('$600.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    // Only the class without participants offers Delete.
    const deletes = screen.getAllByRole('button', { name: 'Delete' });
    expect(deletes).toHaveLength(1);
    await user.click(deletes[0]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm|Delete/ }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(await screen.findByText('Class deleted successfully')).toBeInTheDocument();
  }, 60_000);

  it('hides Create from managers', async () => {
    render('/classes', {}, 'manager');
    expect(await screen.findByText('Summer Camp', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  }, 60_000);
});

describe("a class event's date, From and To", () => {
  it('end on the same day, or on the next when To is before From (an event from 23:00 ends at midnight)', () => {
    // 13 March 2027 in New York is EST (UTC−5): 23:00 there is 04:00 UTC on the 14th.
    const at = (day: number, hour: number) => Date.UTC(2027, 2, day, hour) / 1000;
    expect(fromWallSpan('2027-03-13', '23:00', '00:00', ZONE)).toEqual({ start_date: at(14, 4), end_date: at(14, 5) });
    expect(fromWallSpan('2027-03-13', '18:00', '19:30', ZONE)).toEqual({ start_date: at(13, 23), end_date: at(14, 0) + 1800 });
    expect(fromWallSpan('2027-03-13', '18:00', '', ZONE)).toEqual({ start_date: at(13, 23), end_date: null });
  });
});

describe('the class page', () => {
  it('shows the cards, and the Waitlist tab with its count, entries and promotions', async () => {
    const user = userEvent.setup();
    const converted: FetchCall[] = [];
    render('/classes/5', { 'PUT /api/waitlist/200': (call) => { converted.push(call); return json(200, { ID: 101, class_id: 5, customer_id: 22, waitlisted: false, invoice_id: 71, price: 90 }); } });
    expect(await screen.findByTestId('class-info', {}, { timeout: 15_000 })).toHaveTextContent('Go to Class Season');
    expect(screen.getByTestId('class-invoice-card')).toHaveTextContent('$261.30');
    await user.click(screen.getByRole('tab', { name: /Waitlist/ }));
    expect(screen.getByRole('tab', { name: /Waitlist/ })).toHaveTextContent('1');
    expect(screen.getByTestId('waitlist-row')).toHaveTextContent('Bea Kid');
    // Bea joined from the families' portal: marked Online (issue 44 item 7).
    expect(within(screen.getByTestId('waitlist-row')).getByText('Online')).toBeInTheDocument();
    expect(screen.getByTestId('promotions')).toHaveTextContent('Cleo Kid joined on');
    await user.click(screen.getByRole('button', { name: 'Convert to attendee' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /Confirm|OK|Yes/ }));
    await waitFor(() => expect(converted).toHaveLength(1));
  }, 60_000);

  it("asks to check availability first, then to keep a taken slot, and books a kept one with the forced create", async () => {
    const user = userEvent.setup();
    const kept: FetchCall[] = [];
    render('/classes/5', {
      'POST /api/event/recurrent': (call) => json(200, { events: (call.body as { events: object[] }).events.map((e) => ({ ...e, is_ok: false, events_on_spot: [{ ID: 9, field_id: 1, start_date: 0, end_date: 0, product_type: 'Rental', comment: 'Birthday' }], closed: null })), events_on_spots: [] }),
      'POST /api/class/event/keep': (call) => { kept.push(call); return json(201, detail().events[0]); },
    });
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add manual class' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: /Maracanã/ }));
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-01-07' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Check for availabilities first')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Check availability' }));
    expect(await within(dialog).findByText('Taken')).toBeInTheDocument();
    expect(within(dialog).getByTestId('event-row-reason')).toHaveTextContent('Rental Birthday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please ensure that all events have available spots, or select the events you want to keep before proceeding.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keep' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(kept).toHaveLength(1));
    expect(kept[0].body).toMatchObject({ class_id: 5, field_id: 1 });
    expect(kept[0].headers.get('Idempotency-Key')).toBeTruthy();
  }, 60_000);

  it('says why a slot outside opening hours is closed, and offers no Keep for it (m19)', async () => {
    const user = userEvent.setup();
    const hours = 'Maracanã is open from 16:00 to 24:00 on Mondays';
    render('/classes/5', {
      'POST /api/event/recurrent': (call) => json(200, { events: (call.body as { events: object[] }).events.map((e) => ({ ...e, is_ok: false, events_on_spot: [], closed: hours })), events_on_spots: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add manual class' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: /Maracanã/ }));
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-01-07' } });
    await user.click(within(dialog).getByRole('button', { name: 'Check availability' }));
    expect(await within(dialog).findByText('Closed')).toBeInTheDocument();
    expect(within(dialog).getByTestId('event-row-reason')).toHaveTextContent(hours);
    expect(within(dialog).queryByRole('checkbox', { name: 'Keep' })).toBeNull();
  }, 60_000);

  it("converts a free trial at a price: above 0 ('Please enter a valid price'), '+ fees', and offers the waitlist when the class is full", async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    render('/classes/5', {
      'POST /api/class/registration': (call) => {
        posted.push(call);
        return (call.body as { waitlist?: boolean }).waitlist
          ? json(201, { ID: 201, class_id: 5, customer_id: 30, waitlisted: true, invoice_id: null, price: 90 })
          : json(409, { statusCode: 409, error: 'Conflict', message: CLASS_MESSAGES.full });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
    expect(screen.getByTestId('trial-row')).toHaveTextContent('Free spot');
    await user.click(within(screen.getByTestId('trial-row')).getByRole('button', { name: 'Convert to permanent attendee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert free trial to attendee' });
    expect(within(dialog).getByText('+ fees')).toBeInTheDocument();
    const price = within(dialog).getByRole('spinbutton', { name: 'Price' });
    await waitFor(() => expect(price).toHaveValue(90));
    await fill(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid price')).toBeInTheDocument();
    await fill(price, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const offer = await screen.findByText('This class is full: add the child to its waitlist?');
    await user.click(within(offer.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: /Confirm|OK|Yes/ }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].body).toMatchObject({ price: 90, waitlist: true, parent_id: 31, attendee: { class_id: 5, customer_id: 30 } });
  }, 60_000);

  it('warns on change class when the prorated price is higher by more than $10 and when the class seems full', async () => {
    const user = userEvent.setup();
    const moved: FetchCall[] = [];
    render('/classes/5', { 'PUT /api/class/registration/100': (call) => { moved.push(call); return json(200, detail().attendees[0]); } });
    await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
    await user.click(within(screen.getByTestId('participant-row')).getByRole('button', { name: 'Move to other class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change class' });
    // The move stays in the class's facility, shown as a fixed field.
    expect(within(dialog).getByRole('textbox', { name: 'Facility' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Facility' })).toHaveValue(detail().facility.name);
    await user.click(within(dialog).getByRole('combobox', { name: 'Division' }));
    await user.click(await screen.findByRole('option', { name: /Youth Class U10/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/This class seems full\. The prorated price is higher by \$60\.00: the invoice will be updated\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Confirm|OK|Yes/ }));
    await waitFor(() => expect(moved).toHaveLength(1));
    expect(moved[0].url).toContain('new_class_id=7');
    expect(moved[0].url).toContain('old_class_id=5');
  }, 60_000);

  it("moves a free trial to another date of its own class, offered first with its division (issue 41 M3); the trial table names the person in full", async () => {
    const user = userEvent.setup();
    const moved: FetchCall[] = [];
    render('/classes/5', {
      'GET /api/assistant/300/targets': () => json(200, [
        { ID: 4, name: 'Fall Season', is_container: true, divisions: [
          { ID: 5, name: 'Youth Class U8', events: [{ ID: 80, start_date: NOW + 7 * DAY, end_date: NOW + 7 * DAY + 3600 }, { ID: 81, start_date: NOW + 14 * DAY, end_date: NOW + 14 * DAY + 3600 }] },
          { ID: 7, name: 'Youth Class U10', events: [] },
        ] },
        { ID: 9, name: 'Walk Tuesday Juniors', is_container: false, divisions: [{ ID: 9, name: 'Walk Tuesday Juniors', events: [{ ID: 90, start_date: NOW + 2 * DAY, end_date: NOW + 2 * DAY + 3600 }] }] },
      ]),
      'PUT /api/assistant/300': (call) => { moved.push(call); return json(200, { ...detail().events[0].assistents[0], event_id: 81 }); },
    });
    await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
    const trials = screen.getByRole('table', { name: /^Free trials of/ });
    expect(within(trials).getAllByRole('columnheader').map((c) => c.textContent)).toContain('Name');
    expect(within(trials).queryByRole('columnheader', { name: 'Firstname' })).toBeNull();
    expect(within(screen.getByTestId('trial-row')).getByText('Tina Kid')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('trial-row')).getByRole('button', { name: 'Change trial date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change trial date' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Class' })).toHaveTextContent('Fall Season'));
    expect(within(dialog).getByRole('combobox', { name: 'Division' })).toHaveTextContent('Youth Class U8');
    await user.click(within(dialog).getByRole('combobox', { name: 'New date' }));
    // The trial's own date is not a move; the next one of its division is offered.
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    await user.click(options[0]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: /Confirm|OK|Yes/ }));
    await waitFor(() => expect(moved).toHaveLength(1));
    expect(moved[0].body).toEqual({ class_id: 5, event_id: 81 });
  }, 60_000);

  it('books a free trial from the class page: a date of the class, then the person (m21)', async () => {
    const user = userEvent.setup();
    const booked: FetchCall[] = [];
    const adult = { ID: 60, first_name: 'Rita', last_name: 'Rivers', email: 'rita@example.com', phone: '2125550100', is_kid: false, facility_id: 1, facility: { ID: 1, name: 'Downtown' }, birthdate: null, deleted_at: null };
    render('/classes/5', {
      'GET /api/customer/search/rivers': () => json(200, [adult]),
      'POST /api/class/trial': (call) => { booked.push(call); return json(201, { ID: 301, class_id: 5, event_id: 80, customer_id: 60, parent_id: null }); },
    });
    await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Add free trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add free trial' });
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Date of the free trial' }));
    await user.click(await screen.findByRole('option', { name: /Maracanã/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const wizard = await screen.findByRole('dialog', { name: /^Free trial on/ });
    await user.click(within(within(wizard).getAllByRole('radiogroup')[0]).getByLabelText('Existing'));
    await user.click(within(wizard).getByLabelText('Search adult'));
    await user.paste('rivers');
    await user.click(await screen.findByRole('option', { name: /Rita Rivers/ }));
    await user.click(within(wizard).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(booked).toHaveLength(1));
    expect(booked[0].body).toEqual({ class_id: 5, event_id: 80, customer_id: 60 });
    expect(await screen.findByText(/^Free trial of Rita Rivers booked for/)).toBeInTheDocument();
  }, 60_000);

  it('Add Participant creates nothing until the price is confirmed: cancelling sends no write; Save registers the new family in one call (issue 41 item 7)', async () => {
    const user = userEvent.setup();
    const { network } = render('/classes/5', {
      'GET /api/customer/duplicates': () => json(200, []),
      'POST /api/class/registration': () => json(201, { ID: 102, class_id: 5, customer_id: 52, waitlisted: false, invoice_id: 72, price: 90 }),
    });
    const typeIn = async (dialog: HTMLElement, label: string, text: string) => { await user.click(within(dialog).getByLabelText(label)); await user.paste(text); };
    const newFamily = async () => {
      await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
      await user.click(screen.getByRole('button', { name: 'Add new' }));
      const wizard = await screen.findByRole('dialog', { name: 'Add Participant' });
      await user.click(within(wizard).getByRole('tab', { name: 'Child' }));
      await typeIn(wizard, 'Child first name', 'Nia');
      await typeIn(wizard, 'Child last name', 'Diaz');
      await typeIn(wizard, 'Birth date (M/D/YYYY)', '5/1/2019');
      await user.click(within(wizard).getByLabelText('Gender'));
      await user.click(await screen.findByRole('option', { name: 'Girl' }));
      await user.click(within(within(wizard).getAllByRole('radiogroup')[1]).getByLabelText('New'));
      await typeIn(wizard, 'Parent first name', 'Rosa');
      await typeIn(wizard, 'Parent last name', 'Diaz');
      await typeIn(wizard, 'Parent email', 'rosa@example.com');
      await typeIn(wizard, 'Parent phone', '2125550188');
      await user.click(within(wizard).getByRole('button', { name: 'Save' }));
      const price = await screen.findByRole('dialog', { name: 'Add Participant' });
      await within(price).findByText(/Nia Diaz/);
      return price;
    };
    const writes = () => network.calls.filter((c) => c.method !== 'GET');
    const first = await newFamily();
    expect(writes()).toEqual([]);
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    const second = await newFamily();
    await user.click(within(second).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].path).toBe('/api/class/registration');
    expect(writes()[0].body).toMatchObject({
      price: 90, parent_id: null, attendee: { class_id: 5 },
      new_participant: { customer: { first_name: 'Nia', last_name: 'Diaz', is_kid: true, gender: 'Girl' }, parent: { first_name: 'Rosa', email: 'rosa@example.com', is_kid: false } },
    });
    expect((writes()[0].body as { attendee: Record<string, unknown> }).attendee).not.toHaveProperty('customer_id');
  }, 90_000);

  it('labels a camp as one on its page (m20)', async () => {
    render('/classes/5', { 'GET /api/class/5': () => json(200, detail({ is_camp: true, name: 'Summer Camp' })) });
    const info = await screen.findByTestId('class-info', {}, { timeout: 15_000 });
    expect(within(info).getByText('Event type').nextSibling).toHaveTextContent('Camp');
  }, 60_000);

  it("edits a class in its edit view: the declaration's reason under its field, then only the change is sent and its page opens (issue 40)", async () => {
    const user = userEvent.setup();
    const puts: FetchCall[] = [];
    const { location } = render('/classes/5/edit', {
      'GET /api/class/products': () => json(200, [{ new_product_id: 13, product_id: 40, name: 'Youth Class Season', base_price: 240, individual_price: 30 }]),
      'PUT /api/class/5': (call) => { puts.push(call); return json(200, listRow({ max_kids: 12 })); },
    });
    const kids = await screen.findByRole('spinbutton', { name: 'Max number of kids' }, { timeout: 15_000 });
    await waitFor(() => expect(kids).toHaveValue(2));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Youth Class U8');
    expect(screen.getByLabelText('Start date')).toHaveValue(new Date((NOW - DAY) * 1000).toLocaleDateString('en-CA', { timeZone: ZONE }));
    await user.clear(kids);
    await user.type(kids, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 1')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(kids);
    await user.type(kids, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/classes/5'));
    expect(puts.map((c) => c.body)).toEqual([{ max_kids: 12 }]);
  }, 60_000);

  /** The form control (input, label and helper text) of a dialog's select. */
  const fieldOf = (dialog: HTMLElement, name: string) => within(within(dialog).getByRole('combobox', { name }).closest('.MuiFormControl-root') as HTMLElement);

  it("Change uniform size saves through PUT /attendee and the participants show it without a reload", async () => {
    const user = userEvent.setup();
    let size: string | null = 'S';
    const puts: FetchCall[] = [];
    render('/classes/5', {
      'GET /api/class/5': () => {
        const d = detail();
        return json(200, { ...d, attendees: d.attendees.map((a) => ({ ...a, uniform_size: size })) });
      },
      'PUT /api/attendee/100': (call) => { puts.push(call); size = (call.body as { uniform_size: string }).uniform_size; return json(200, { ...detail().attendees[0], uniform_size: size }); },
    });
    await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
    const row = screen.getByTestId('participant-row');
    await user.click(within(row).getByRole('button', { name: 'Add/Change Uniform Size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change uniform size' });
    expect(within(dialog).getByRole('combobox', { name: 'Uniform size' })).toHaveTextContent('S');
    await user.click(within(dialog).getByRole('combobox', { name: 'Uniform size' }));
    await user.click(await screen.findByRole('option', { name: 'M' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change uniform size' })).toBeNull());
    expect(puts.map((c) => c.body)).toEqual([{ uniform_size: 'M' }]);
    await waitFor(() => expect(within(screen.getByTestId('participant-row')).getAllByRole('cell').map((c) => c.textContent)).toContain('M'));
  }, 60_000);

  it("Update Product says the spec's message under Product when none is chosen, then saves it and says 'Class updated' without a reload", async () => {
    const user = userEvent.setup();
    let productId: number | null = null;
    const puts: FetchCall[] = [];
    render('/classes/5', {
      'GET /api/class/5': () => json(200, detail({ new_product_id: productId })),
      'GET /api/class/products': () => json(200, [{ new_product_id: 13, product_id: 40, name: 'Youth Class Season', base_price: 240, individual_price: 30 }]),
      'PUT /api/class/5': (call) => { puts.push(call); productId = 13; return json(200, listRow({ new_product_id: 13 })); },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit fee' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await fieldOf(dialog, 'Product').findByText(CLASS_MESSAGES.required)).toBeVisible();
    expect(puts).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: /Youth Class Season/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Product' })).toBeNull());
    expect(puts.map((c) => c.body)).toEqual([{ new_product_id: 13, product_id: 40 }]);
    expect(await screen.findByText(CLASS_MESSAGES.updated)).toBeInTheDocument();
  }, 60_000);

  it("Change trial date says the declaration's message under New date when none is picked, and sends nothing", async () => {
    const user = userEvent.setup();
    const moved: FetchCall[] = [];
    render('/classes/5', {
      'GET /api/assistant/300/targets': () => json(200, [
        { ID: 4, name: 'Fall Season', is_container: true, divisions: [{ ID: 5, name: 'Youth Class U8', events: [{ ID: 80, start_date: NOW + 7 * DAY, end_date: NOW + 7 * DAY + 3600 }, { ID: 81, start_date: NOW + 14 * DAY, end_date: NOW + 14 * DAY + 3600 }] }] },
      ]),
      'PUT /api/assistant/300': (call) => { moved.push(call); return json(200, {}); },
    });
    await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
    await user.click(within(screen.getByTestId('trial-row')).getByRole('button', { name: 'Change trial date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change trial date' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Division' })).toHaveTextContent('Youth Class U8'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await fieldOf(dialog, 'New date').findByText(CLASS_MESSAGES.required)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(moved).toHaveLength(0);
  }, 60_000);

  it("Edit event says the spec's message under an emptied time and sends nothing, then saves field, times and comment and the tab follows without a reload", async () => {
    const user = userEvent.setup();
    let comment: string | null = null;
    let reads = 0;
    const puts: FetchCall[] = [];
    render('/classes/5', {
      'GET /api/class/5': () => { reads += 1; const d = detail(); return json(200, { ...d, events: d.events.map((e) => ({ ...e, comment })) }); },
      'PUT /api/class/event/80': (call) => { puts.push(call); comment = (call.body as { comment: string }).comment; return json(200, { ...detail().events[0], comment }); },
    });
    await user.click(await screen.findByRole('tab', { name: /Events/ }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Edit event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const from = within(dialog).getByLabelText(/^From/);
    await user.clear(from);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(from.closest('.MuiFormControl-root') as HTMLElement).findByText(CLASS_MESSAGES.required)).toBeVisible();
    expect(puts).toHaveLength(0);
    fireEvent.change(from, { target: { value: '09:30' } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '10:45' } });
    await user.type(within(dialog).getByLabelText('Comment'), 'Bring cones');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event' })).toBeNull());
    expect(puts).toHaveLength(1);
    const body = puts[0].body as { field_id: number; start_date: number; end_date: number; comment: string };
    // The times typed, on the event's day in the facility's zone (whatever the hour the test runs at).
    const wall = (seconds: number) => new Date(seconds * 1000).toLocaleString('en-GB', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' });
    const day = wall(detail().events[0].start_date).slice(0, 10);
    expect(body).toMatchObject({ field_id: 1, comment: 'Bring cones' });
    expect([wall(body.start_date), wall(body.end_date)]).toEqual([`${day}, 09:30`, `${day}, 10:45`]);
    // The class (and its events) read again.
    await waitFor(() => expect(reads).toBeGreaterThan(1));
  }, 60_000);

  it('Change class asks for a division under its field before anything is sent', async () => {
    const user = userEvent.setup();
    const moved: FetchCall[] = [];
    render('/classes/5', { 'PUT /api/class/registration/100': (call) => { moved.push(call); return json(200, detail().attendees[0]); } });
    await user.click(await screen.findByRole('tab', { name: 'Participants' }, { timeout: 15_000 }));
    await user.click(within(screen.getByTestId('participant-row')).getByRole('button', { name: 'Move to other class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change class' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Season' })).toHaveTextContent('Fall Season'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await fieldOf(dialog, 'Division').findByText('Required')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(moved).toHaveLength(0);
  }, 60_000);
});
