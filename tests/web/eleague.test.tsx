import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
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

beforeAll(async () => { await Promise.all([import('../../resources/league/LeagueShow'), import('../../resources/league/eleague/EleagueTeamsTab')]); }, 60_000);
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
      dataProvider: appDataProvider(),
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

describe('the e-league page\'s own adds (issue 41 m24)', () => {
  const routes = (posted: FetchCall[]) => ({
    'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
    'GET /api/league/8': () => json(200, league),
    'GET /api/eplayer': () => json(200, PLAYERS),
    'GET /api/ematch/day': () => json(200, []),
    'GET /api/ematch/matches': () => json(200, { matches: [ematch], total: 1, page: 1 }),
    'POST /api/log/check': () => json(200, { done: false, at: null }),
    'GET /api/customer/search/eve': () => json(200, [{ ID: 70, first_name: 'Eve', last_name: 'Ek', email: 'eve@players.test', phone: '', is_kid: false, facility_id: 1, facility: { ID: 1, name: 'Downtown' }, birthdate: null, deleted_at: null }]),
    'POST /api/eplayer/signup': (call: FetchCall) => {
      posted.push(call);
      return posted.length === 1
        ? json(400, { statusCode: 400, error: 'Bad Request', message: 'console_id: please enter the gamertag or console id' })
        : json(201, { ...player(3, 'EveTheKeeper', 'Eve'), console: 'XBOX' });
    },
    'POST /api/ematch': (call: FetchCall) => { posted.push(call); return json(201, { ...ematch, ID: 901 }); },
  });

  it('names the first tab for e-players, shows a cut console id whole in its tooltip, and signs a customer up as an e-player', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    const { network } = renderApp('/league/8', { role: 'manager', dataProvider: appDataProvider(), routes: routes(posted) });
    const reads = () => network.calls.filter((c) => c.method === 'GET' && c.path === '/api/eplayer').length;
    expect(await screen.findByRole('tab', { name: 'E-players' }, { timeout: 15_000 })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Teams' })).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'E-players' });
    const cut = await within(table).findByText('AnaTheStrikerOf…');
    await user.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('AnaTheStrikerOfBrooklyn77');

    await user.click(screen.getByRole('button', { name: 'Add e-player' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add e-player' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    // The declaration's reason, under the customer's field.
    const customer = within(dialog).getByRole('combobox', { name: 'Customer' });
    expect(await within(customer.closest('.MuiFormControl-root') as HTMLElement).findByText('Please pick the customer')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.click(customer);
    await user.paste('eve');
    await user.click(await screen.findByRole('option', { name: /Eve Ek/ }));
    // The server's refusal shows on the form.
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(await within(dialog).findByText(/please enter the gamertag or console id/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Console id' }), 'EveTheKeeper');
    await user.click(within(dialog).getByRole('combobox', { name: 'Console' }));
    await user.click(await screen.findByRole('option', { name: 'XBOX' }));
    const before = reads();
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].body).toEqual({ league_id: 8, customer_id: 70, console_id: 'EveTheKeeper', console: 'XBOX' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add e-player' })).not.toBeInTheDocument());
    // The e-players tab reads its list again.
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  }, 60_000);

  it('adds an e-match between two players of the league from the Schedule tab', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    const { network } = renderApp('/league/8', { role: 'manager', dataProvider: appDataProvider(), routes: routes(posted) });
    const reads = () => network.calls.filter((c) => c.path === '/api/ematch/matches').length;
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }, { timeout: 15_000 }));
    const table = await screen.findByRole('table', { name: 'E-matches' }, { timeout: 15_000 });
    expect(await within(table).findAllByTestId('ematch-row')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add e-match' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add e-match' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Home' }));
    await user.click(await screen.findByRole('option', { name: /AnaTheStrikerOfBrooklyn77/ }));
    // The same player twice is refused before any call.
    await user.click(within(dialog).getByRole('combobox', { name: 'Away' }));
    await user.click(await screen.findByRole('option', { name: /AnaTheStrikerOfBrooklyn77/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Please select two different players of this e-league')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Away' }));
    await user.click(await screen.findByRole('option', { name: /BenB/ }));
    const start = within(dialog).getByLabelText('Date and time');
    await user.clear(start);
    await user.type(start, '2031-03-04T19:30');
    const before = reads();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // 19:30 in New York on 4 March 2031 (EST, UTC−5).
    expect(posted[0].body).toEqual({ league_id: 8, home_player_id: 1, away_player_id: 2, date: Date.UTC(2031, 2, 5, 0, 30) / 1000, duration: 15 });
    expect(posted[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    // Saved, the dialog closes and the e-matches are read again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add e-match' })).toBeNull());
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  }, 60_000);
});
