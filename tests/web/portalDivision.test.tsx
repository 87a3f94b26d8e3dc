import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/portal/App';

// A division's page in the portal (issue 44 item 4): a player registers on their own there for free, or,
// where the division charges for it, is sent to the Register page (a place held while they pay) — the
// free-agent form is not offered then (the server refuses it too).

let individualPrice: number | null;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('touchline.portal.token', 'x'.repeat(43));
  localStorage.setItem('touchline.portal.language', 'en');
  history.replaceState(null, '', '/my/divisions/9');
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const answer = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    const holder = { ID: 7, first_name: 'Lina', last_name: 'Vega', email: 'lina@example.com', phone: null, address: null, state: null, country: null, birthdate: null, gender: '', is_kid: false, facility_id: 1, waiver_signed: true };
    if (url === '/api/portal/me') return answer({ holder, children: [], memberships: [], waivers: [], child_data_consent: null, has_password: false });
    if (url === '/api/portal/divisions/9') {
      return answer({
        league: { ID: 9, name: 'Tuesday Coed', start_date: 1_900_000_000, end_date: 1_905_000_000, facility: { ID: 1, name: 'Brooklyn', time_zone: 'America/New_York' } },
        open: true, enable_team: false, enable_individual: true, fee: null, early_bird: false, deposit: null, max_players: null, individual_price: individualPrice,
      });
    }
    if (url.startsWith('/api/portal/offerings')) return answer([]);
    return new Response('{}', { status: 404 });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('a division\'s page', () => {
  it('offers the free-agent form where registering on one\'s own is free', async () => {
    individualPrice = null;
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Register a player without a team' })).toBeVisible();
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
});
