import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/portal/App';

// A division's page in the portal (issue 44 items 4, 5): a player registers on their own there for free,
// or, where the division charges for it, is sent to the Register page (a place held while they pay) — the
// free-agent form is not offered then (the server refuses it too). A full division takes a captain's team
// name on its waitlist instead of the card.

let individualPrice: number | null;
let teamsFull = false;
/** The team registration's price as the server answers it (a team's division open with a fee). */
let teamPrice: { fee: number | null; deposit: number | null; membership: unknown; total: number | null; deposit_due: number | null } | null = null;
let sent: Array<{ url: string; body: unknown }> = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('touchline.portal.token', 'x'.repeat(43));
  localStorage.setItem('touchline.portal.language', 'en');
  history.replaceState(null, '', '/my/divisions/9');
  teamsFull = false;
  teamPrice = null;
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    if (init.body) sent.push({ url, body: JSON.parse(String(init.body)) });
    const answer = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    const holder = { ID: 7, first_name: 'Lina', last_name: 'Vega', email: 'lina@example.com', phone: null, address: null, state: null, country: null, birthdate: null, gender: '', is_kid: false, facility_id: 1, waiver_signed: true };
    if (url === '/api/portal/me') return answer({ holder, children: [], memberships: [], waivers: [], child_data_consent: null, has_password: false });
    if (url === '/api/portal/divisions/9') {
      return answer({
        league: { ID: 9, name: 'Tuesday Coed', start_date: 1_900_000_000, end_date: 1_905_000_000, facility: { ID: 1, name: 'Brooklyn', time_zone: 'America/New_York' } },
        open: true, enable_team: teamsFull || teamPrice !== null, enable_individual: !teamsFull && teamPrice === null, fee: teamsFull ? 1200 : null, early_bird: false, deposit: null, max_players: null,
        individual_price: individualPrice, waitlist_open: teamsFull, membership: null, total: null, deposit_due: null, ...teamPrice,
      });
    }
    if (url === '/api/portal/waitlist') return answer({ ID: 5, offering: { type: 'league', id: 9 }, customer_id: 7, team_name: 'Night Owls', position: 2 });
    if (url.startsWith('/api/portal/offerings')) return answer([]);
    return new Response('{}', { status: 404 });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('a division\'s page', () => {
  it('offers the free-agent form where registering on one\'s own is free', async () => {
    individualPrice = null;
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Register a player without a team' }, { timeout: 5_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Register the player' })).toBeVisible();
  });

  it('sends a player to the Register page where the division charges for it', async () => {
    individualPrice = 120;
    const user = userEvent.setup();
    render(<App />);
    const note = await screen.findByText(/A player registers on their own for \$120\.00, paid by card when registering/);
    expect(screen.queryByRole('button', { name: 'Register the player' })).toBeNull();
    await user.click(within(note).getByRole('link', { name: 'Register' }));
    expect(window.location.pathname).toBe('/my/register');
  });

  it('says before paying that a membership is added to the team\'s invoice, with the total and what the deposit takes now', async () => {
    individualPrice = null;
    teamPrice = {
      fee: 1200, deposit: 300, total: 1358.5, deposit_due: 385.6,
      membership: { customer_id: 7, product_id: 22, name: 'Monthly Membership', price: 80 },
    };
    const user = userEvent.setup();
    render(<App />);
    const form = await screen.findByRole('form', { name: 'Register a team' }, { timeout: 5_000 });
    expect(within(form).getByText('Team fee: $1,200.00 plus tax.')).toBeVisible();
    expect(within(form).getByText('This division requires a membership and you have none: Monthly Membership ($80.00 plus tax) is added to the team\'s invoice.')).toBeVisible();
    expect(within(form).getByText('Total with tax: $1,358.50')).toBeVisible();
    expect(within(form).queryByText(/^Paid now by card/)).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'The deposit ($300.00); the rest later' }));
    expect(within(form).getByText('Paid now by card: $385.60; the rest later.')).toBeVisible();
  });

  it('adds no membership line where the captain holds one (or none is required): the fee\'s total only', async () => {
    individualPrice = null;
    teamPrice = { fee: 1200, deposit: null, membership: null, total: 1272, deposit_due: null };
    render(<App />);
    const form = await screen.findByRole('form', { name: 'Register a team' }, { timeout: 5_000 });
    expect(within(form).getByText('Total with tax: $1,272.00')).toBeVisible();
    expect(within(form).queryByText(/membership/i)).toBeNull();
    expect(within(form).queryByText(/^Paid now by card/)).toBeNull();
  });

  it('puts a full division\'s team on its waitlist by name, without the card', async () => {
    teamsFull = true;
    individualPrice = null;
    const user = userEvent.setup();
    render(<App />);
    expect(await screen.findByText('This division is full: put your team on its waitlist, and we will mail you when a place opens for it.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Register and pay/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join the waitlist with this team' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid team name');
    await user.type(screen.getByLabelText('Team name'), 'Night Owls');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist with this team' }));
    expect(await screen.findByText('Night Owls is number 2 on the waitlist. We will mail you when a place opens.')).toBeVisible();
    expect(sent).toEqual([{ url: '/api/portal/waitlist', body: { offering: { type: 'league', id: 9 }, participant_id: 7, team_name: 'Night Owls' } }]);
  });
});
