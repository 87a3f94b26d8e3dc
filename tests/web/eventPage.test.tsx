import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, renderApp } from './support/app';
import { calendarSetupRoutes } from './support/calendar';
import { json, type FetchCall } from './support/fetch';

// The event page (spec 2 §2): the contract banner names and links the contract; Edit opens the
// calendar's dialog on the event and saves through PUT /event/{id}. A coach or a referee reads the
// event without the controls they cannot use (issue 22 item 6). A pickup game's Pickup tab removes a
// player once confirmed (DELETE /pickup/player/{id}, issue 44 item 7) and reloads its players.

const EVENT = {
  ID: 9, product_type_id: 2, field_id: 4, facility_id: 1, start_date: 1_763_920_800, end_date: 1_763_924_400, comment: 'Block',
  customer_id: 5, new_product_id: null, match_id: null, contract_id: 31, class_id: null, coach_id: null, team_a: null, team_b: null,
  no_show: false, video_visible: false, block_token: null, keep: false, checked_in: false, conflict: false, color: '#1976d2',
  title: 'Ines Payer', product_type: { ID: 2, name: 'Adult Block-Booking', color: '#1976d2' }, field: { ID: 4, number: 1, name: 'Maracanã', parent_field_id: null },
  customer: { first_name: 'Ines', last_name: 'Payer' }, contract: { ID: 31, name: 'Tuesday regulars' }, match: null, invoice: null, mark: null,
};
const FIELDS = [
  { ID: 4, number: 1, name: 'Maracanã', facility_id: 1, weekday_open_time: 16, weekday_close_time: 23.99, weekend_open_time: 8, weekend_close_time: 23.99 },
  { ID: 5, number: 2, name: 'Wembley', facility_id: 1, weekday_open_time: 16, weekday_close_time: 23.99, weekend_open_time: 8, weekend_close_time: 23.99 },
];
const routes = {
  ...calendarSetupRoutes(FIELDS),
  'GET /api/event/9': () => json(200, EVENT),
  'GET /api/coaches': () => json(200, []),
  'GET /api/event/participants/9': () => json(200, [{ ID: 1, customer_id: 8, first_name: 'Ada', last_name: 'Able', email: 'a@x.test', phone: '', waiver_signed: true, attended: false, temporary: false }]),
  'GET /api/event/health/9': () => json(200, []),
  'GET /api/invoice/event': () => json(200, []),
  'PUT /api/event/9': () => json(200, EVENT),
};

beforeAll(async () => {
  await import('../../src/app/pages/calendar/EventPage');
}, 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calls = (list: FetchCall[], method: string, path: string) => list.filter((c) => c.method === method && c.path === path);

describe('the event page', () => {
  it('names the contract in its banner and edits the event through the calendar\'s dialog', async () => {
    const user = userEvent.setup();
    const { network } = renderApp('/calendar/event/9', { role: 'manager', dataProvider: appDataProvider(), routes });
    const banner = await screen.findByTestId('contract-banner', {}, { timeout: 15_000 });
    expect(banner).toHaveTextContent('This event belongs to the contract Tuesday regulars');
    expect(within(banner).getByRole('link', { name: 'Tuesday regulars' })).toHaveAttribute('href', '/contract/31');

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: /Edit event #9/ });
    expect(within(dialog).getByLabelText('Comment')).toHaveValue('Block');
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Wembley' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls(network.calls, 'PUT', '/api/event/9')).toHaveLength(1));
    const [put] = calls(network.calls, 'PUT', '/api/event/9');
    expect(put.body).toMatchObject({ field_id: 5, product_type_id: 2, customer_id: 5, comment: 'Block', start_date: EVENT.start_date, end_date: EVENT.end_date });
    expect(put.url).toContain('scope=this');
  }, 60_000);

  it.each(['coach', 'referee'] as const)('shows a %s the event without Save, Re-send, No show, the coach selector or the Invoice tab', async (role) => {
    const { network } = renderApp('/calendar/event/9', { role, dataProvider: appDataProvider(), routes });
    expect(await screen.findByRole('heading', { name: 'Ines Payer' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Comment: Block')).toBeInTheDocument();
    for (const name of ['Save', 'Edit', 'Re-send confirmation email', 'Customer', 'Delete', 'Delete Block series']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('No show')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Video visible')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Coach' })).not.toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Health Check', 'Attendance']);
    expect(calls(network.calls, 'GET', '/api/coaches')).toHaveLength(0);
    expect(calls(network.calls, 'GET', '/api/invoice/event')).toHaveLength(0);
    // Coaches take attendance; referees only read it.
    await userEvent.click(screen.getByRole('tab', { name: 'Attendance' }));
    const ada = await screen.findByRole('checkbox', { name: /Ada Able/ });
    expect(ada).toHaveProperty('disabled', role === 'referee');
  }, 60_000);

  it('shows a manager the same event with its controls and the Invoice tab', async () => {
    renderApp('/calendar/event/9', { role: 'manager', dataProvider: appDataProvider(), routes });
    expect(await screen.findByRole('button', { name: 'Save' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-send confirmation email' })).toBeInTheDocument();
    expect(screen.getByLabelText('No show')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Coach' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Invoice', 'Health Check', 'Changes', 'Attendance']);
  }, 60_000);

  it('removes a pickup player from the Pickup tab once confirmed, then reloads the players', async () => {
    const user = userEvent.setup();
    const player = { ID: 3, customer_id: 8, first_name: 'Pia', last_name: 'Kick', email: 'p@x.test', phone: '', waiver_signed: true, checked_in: false, start_date: EVENT.start_date, end_date: EVENT.end_date };
    let players = [player];
    const { network } = renderApp('/calendar/event/9', {
      role: 'manager', dataProvider: appDataProvider(), routes: {
        ...routes,
        'GET /api/event/9': () => json(200, { ...EVENT, product_type_id: 5, product_type: { ID: 5, name: 'Pickup', color: '#1976d2' } }),
        'GET /api/pickup/players/9': () => json(200, players),
        'DELETE /api/pickup/player/3': () => { players = []; return json(200, { ID: 3, event_id: 9, customer_id: 8, invoice_id: null, offered: 0 }); },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Pickup' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Remove from the game: Pia Kick' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Remove Pia Kick from this game? The place goes to the first in line of the waitlist. The invoice the player paid stays as it is');
    await user.click(within(dialog).getByRole('button', { name: /Delete|Confirm/ }));
    await vi.waitFor(() => expect(calls(network.calls, 'DELETE', '/api/pickup/player/3')).toHaveLength(1));
    expect(await screen.findByText('Nobody yet')).toBeInTheDocument();
    expect(calls(network.calls, 'GET', '/api/pickup/players/9')).toHaveLength(2);
  }, 60_000);
});
