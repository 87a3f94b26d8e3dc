import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDataProvider } from '../../dataProvider';
import { FACILITIES, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// An e-league's Teams tab (spec 3 §2.5, §3 "E-player", §4, §9; issue 27 item 3): the e-players table
// with the console id cut to 15 characters, the Discord name and the customer; the day's panel whose
// Send by e-mail is disabled once /log/check says the day's list was sent, and No-shows posts once.

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const league = {
  ID: 8, id: 8, name: 'Fall FIFA League', description: '', facility_id: 1, facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' },
  product_id: null, new_product_id: 1, age_group_id: 1, age_group: { ID: 1, name: 'Adult' }, gender: 'Co-Ed', start_date: NOW - 30 * DAY, end_date: NOW + 60 * DAY,
  registration_start_date: NOW - 60 * DAY, registration_end_date: NOW - 31 * DAY, early_bird_start_date: null, early_bird_end_date: null,
  max_teams: 8, duration: 15, color: '#673ab7', enable_deposit: false, enable_individual: true, enable_team: false, enable_early_bird: false, display_schedule: true,
  available_online: false, require_membership: false, is_container: false, is_tournament: false, is_e_league: true, tournament_id: null, parent_league_id: null,
  properties: [], rollover_from: null, rollover_to: null, rollover_date: null, force_close: false, CreatedAt: NOW, UpdatedAt: NOW, product_type_id: 3,
  teams_count: 0, full_price: 0, invoiced: 0, paid: 0, balance: 0, expected: 0, parent_league: null, tournament: null, divisions: [], leagues: [], fees: [], teams: [],
};
const player = (ID: number, console_id: string, first_name: string) => ({
  ID, console_id, console: 'PS4', discord_username: `${first_name.toLowerCase()}#${ID}`, signup_id: 100 + ID,
  customer: { ID: 50 + ID, first_name, last_name: 'Player', email: `${first_name.toLowerCase()}@players.test` },
});
const wire = (p: ReturnType<typeof player>) => ({ ID: p.ID, console_id: p.console_id, discord_username: p.discord_username, name: `${p.customer.first_name} Player`, email: p.customer.email });
const PLAYERS = [player(1, 'AnaTheStrikerOfBrooklyn77', 'Ana'), player(2, 'BenB', 'Ben')];
const ematch = { ID: 900, league_id: 8, token: 'x', home_player: wire(PLAYERS[0]), away_player: wire(PLAYERS[1]), home_checked_in: true, away_checked_in: false,
  home_score: null, away_score: null, level: 0, date: NOW, duration: 15, date_parsed: '11/27/2026', time_parsed: '21:00' };

beforeAll(async () => { await Promise.all([import('../../resources/leagues/LeaguePage'), import('../../resources/leagues/eleague/EleagueTeamsTab')]); }, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an e-league\'s Teams tab', () => {
  it('shows the e-players table and the day\'s panel: Send by e-mail disabled once sent, No-shows posts the day', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    const checks: unknown[] = [];
    renderApp('/league/8', {
      role: 'manager',
      dataProvider: createDataProvider('/api'),
      routes: {
        'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
        'GET /api/league/8': () => json(200, league),
        'GET /api/eplayer': () => json(200, PLAYERS),
        'GET /api/ematch/day': () => json(200, [ematch]),
        'POST /api/log/check': (call) => {
          checks.push(call.body);
          const { log_type } = call.body as { log_type: string };
          return json(200, log_type === 'ematch_send' ? { done: true, at: NOW } : { done: posted.length > 0, at: null });
        },
        'POST /api/ematch/noshow': (call) => { posted.push(call); return json(200, { key: '8-x', no_shows: [900] }); },
      },
    });
    const table = await screen.findByRole('table', { name: 'E-players' }, { timeout: 15_000 });
    const rows = await within(table).findAllByTestId('eplayer-row');
    expect(rows).toHaveLength(2);
    // The console id shown to 15 characters; the whole one in its title.
    expect(within(rows[0]).getByText('AnaTheStrikerOf…')).toBeInTheDocument();
    expect(within(rows[0]).queryByText('AnaTheStrikerOfBrooklyn77')).not.toBeInTheDocument();
    expect(within(rows[0]).getByText('ana#1')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Ana Player' })).toHaveAttribute('href', '/customer/51');
    expect(within(rows[1]).getByText('BenB')).toBeInTheDocument();

    const panel = screen.getByTestId('eleague-day');
    expect(await within(panel).findByText('The match list of this day was sent.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Send by e-mail' })).toBeDisabled();
    const noShows = within(panel).getByRole('button', { name: 'No-shows' });
    await waitFor(() => expect(noShows).toBeEnabled());
    expect(checks).toContainEqual({ log_type: 'ematch_send', key: expect.stringMatching(/^8-\d{4}-\d{2}-\d{2}$/) });
    await user.click(noShows);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].url).toMatch(/\/api\/ematch\/noshow\?league_id=8&start=\d+$/);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'No-shows' })).toBeDisabled());
  }, 60_000);
});
