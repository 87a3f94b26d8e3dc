import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zonedTime } from '../../core/time';
import { App } from '../../src/portal/App';
import { json, signedInPortal } from './support/portal';

// What a pickup or rental hold names in the families' site (issue 44): the game chosen among the
// session's (a full one is for its waitlist), or the field, day, start and length of a rental, read in
// the facility's time zone; the hold's screen shows its time.

const member = (ID: number, first_name: string, is_kid: boolean) => ({
  ID, first_name, last_name: 'Park', email: 'p@example.com', phone: '', address: '', state: '', country: '', birthdate: null, gender: null, is_kid, facility_id: 1, waiver_signed: true,
});
const me = { holder: member(1, 'Pat', false), children: [member(2, 'Kim', true)], memberships: [], waivers: [] };
const ZONE = 'America/New_York';
const base = {
  description: '', facility_id: 1, registration_end_date: null, registration: 'participant', price_rule: 'regular', early_bird_until: null, deposit: null,
  membership_required: false, membership_price: null, seats_left: null, waitlist_open: false, time_zone: ZONE,
  eligibility: [{ customer_id: 1, eligible: true, reason: null }, { customer_id: 2, eligible: true, reason: null }],
};
// Thursday 10 December 2026, 20:00 and 21:00 in New York.
const games = [1_796_950_800, 1_796_954_400];
const pickup = {
  ...base, type: 'pickup', ID: 3, name: 'Pickup Thursday 20:00 — Cage', start_date: games[0], end_date: games[1] + 3600, price: 15, regular_price: 15, capacity: 10,
  slots: [
    { event_id: 51, start_date: games[0], end_date: games[0] + 3600, seats_left: 0, waitlist_open: true },
    { event_id: 52, start_date: games[1], end_date: games[1] + 3600, seats_left: 4, waitlist_open: false },
  ],
};
const rental = {
  ...base, type: 'rental', ID: 1, name: 'Indoor turf 5v5', start_date: null, end_date: null, price: 180, regular_price: 180, capacity: null, slots: [],
  fields: [{ ID: 1, name: 'Maracanã' }, { ID: 7, name: 'San Siro' }],
  eligibility: [{ customer_id: 1, eligible: true, reason: null }, { customer_id: 2, eligible: false, reason: 'This is for adults' }],
};

let sent: Array<{ path: string; body: any }>;
beforeEach(() => {
  sent = [];
  signedInPortal();
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ path: url, body });
    if (url === '/api/portal/me') return json(me);
    if (url === '/api/portal/offerings?facility_id=1') return json([pickup, rental]);
    if (url === '/api/portal/card') return json({ mode: 'simulator', application_id: null, location_id: null });
    if (url === '/api/portal/holds' && init.method === 'POST') return json({ ID: 6 }, 201);
    if (url === '/api/portal/waitlist' && init.method === 'POST') return json({ ID: 4, offering: { type: 'pickup', id: 3 }, customer_id: 2, event_id: 51, position: 3 }, 201);
    if (url === '/api/portal/holds/6') {
      return json({
        ID: 6, offering: { type: 'pickup', id: 3, name: 'Pickup — Cage' }, participant_ids: [2], status: 'held', expires_at: Math.floor(Date.now() / 1000) + 600,
        extended: false, is_offer: false, lines: [{ customer_id: 2, price: 15 }], taxes: 0, fees: 0, total: 15, invoice_id: null,
        slot: { start_date: games[1], end_date: games[1] + 3600, field: 'Cage', time_zone: ZONE },
      });
    }
    return json({ message: 'Not found' }, 404);
  }));
  history.replaceState(null, '', '/my/register');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('pickup and rental holds in the portal', () => {
  it('holds a place in the first game with places left, and shows the game\'s time on the hold', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = await screen.findByRole('form', { name: 'Pickup · Pickup Thursday 20:00 — Cage' });
    const game = within(card).getByLabelText('Game') as HTMLSelectElement;
    expect((within(game).getAllByRole('option') as HTMLOptionElement[]).map((o) => o.textContent)).toEqual([
      expect.stringMatching(/· full: join its waitlist$/), expect.stringMatching(/· 4 places left$/),
    ]);
    expect(game.value).toBe('52');
    expect(within(card).queryByText('Full: you can join the waitlist')).toBeNull();
    await user.click(within(card).getByLabelText('Kim Park'));
    await user.click(within(card).getByRole('button', { name: 'Hold my place' }));
    expect(sent.find((s) => s.path === '/api/portal/holds')!.body).toEqual({ offering: { type: 'pickup', id: 3 }, participant_ids: [2], event_id: 52 });
    expect(await screen.findByText(/^Thu, Dec 10, 9:00\sPM – 10:00\sPM$/)).toBeTruthy();
  });

  it('puts a member on a full game\'s waitlist: the game chosen, its position answered', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = await screen.findByRole('form', { name: 'Pickup · Pickup Thursday 20:00 — Cage' });
    await user.selectOptions(within(card).getByLabelText('Game'), '51');
    expect(within(card).getByText('Full: you can join the waitlist')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Hold my place' })).toBeNull();
    await user.click(within(card).getByLabelText('Kim Park'));
    await user.click(within(card).getByRole('button', { name: 'Join the waitlist for Kim Park' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Kim Park is number 3 on the waitlist. We will mail you when a place opens.');
    expect(sent.find((s) => s.path === '/api/portal/waitlist')!.body).toEqual({ offering: { type: 'pickup', id: 3 }, participant_id: 2, event_id: 51 });
    expect(sent.some((s) => s.path === '/api/portal/holds')).toBe(false);
  });

  it('holds a rental of the field, day, start and length chosen, in the facility\'s time zone', async () => {
    const user = userEvent.setup();
    render(<App />);
    const card = await screen.findByRole('form', { name: 'Rental · Indoor turf 5v5' });
    expect((within(card).getByLabelText('Kim Park') as HTMLInputElement).disabled).toBe(true);
    await user.selectOptions(within(card).getByLabelText('Field'), '7');
    // Native date and time inputs take their value whole.
    fireEvent.change(within(card).getByLabelText('Day'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(card).getByLabelText('Start time'), { target: { value: '19:30' } });
    await user.selectOptions(within(card).getByLabelText('Length'), '90');
    await user.click(within(card).getByLabelText('Pat Park'));
    await user.click(within(card).getByRole('button', { name: 'Hold my place' }));
    const start = zonedTime(2026, 12, 10, 19 * 60 + 30, ZONE);
    expect(sent.find((s) => s.path === '/api/portal/holds')!.body).toEqual({
      offering: { type: 'rental', id: 1 }, participant_ids: [1], rental: { field_id: 7, start_date: start, end_date: start + 90 * 60 },
    });
  });
});
