import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import { createDataProvider } from '../../dataProvider';
import { FACILITIES, fill, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

// Leagues and teams in the browser (spec 3 §2.3–2.5, §2.10, §2.11, §2.13, §2.14, §5, §8; issue 24
// items 2–5): the league dialog's form rules, the add-team dialog's fees and messages, the rollover
// wizard's checks, and the team page's roster with moving a player.

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const PRODUCTS = [
  { ID: 1, id: 1, name: 'Adult League Team Fee', team_price: 1200, full_price: 1200, deposit_price: 300, early_bird_price: 1050, gl: { product_type: { ID: 3 } } },
  { ID: 5, id: 5, name: 'Pickup Drop-in', team_price: 0, full_price: 15, gl: { product_type: { ID: 5 } } },
  { ID: 6, id: 6, name: 'Free league', team_price: 0, full_price: 0, gl: { product_type: { ID: 3 } } },
];

const league = (overrides: Record<string, unknown> = {}) => ({
  ID: 5, id: 5, name: 'Fall Adult League', description: 'Weeknights', facility_id: 1, facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' },
  product_id: null, new_product_id: 1, age_group_id: 1, age_group: { ID: 1, name: 'Adult' }, gender: 'Co-Ed', start_date: NOW + 30 * DAY, end_date: NOW + 90 * DAY,
  registration_start_date: NOW - DAY, registration_end_date: NOW + 29 * DAY, early_bird_start_date: NOW - DAY, early_bird_end_date: NOW + 9 * DAY,
  max_teams: 4, duration: 45, color: '#3f51b5', enable_deposit: false, enable_individual: false, enable_team: true, enable_early_bird: true, display_schedule: false,
  available_online: false, require_membership: false, is_container: false, is_tournament: false, is_e_league: false, tournament_id: null, parent_league_id: null,
  properties: [], rollover_from: null, rollover_to: null, rollover_date: null, force_close: false, CreatedAt: NOW, UpdatedAt: NOW, product_type_id: 3,
  teams_count: 1, full_price: 1200, invoiced: 1274.5, paid: 100, balance: 1174.5, expected: 1274.5, parent_league: null, tournament: null, divisions: [], leagues: [],
  fees: [{ kind: 'full', price: 1200, discount: 0 }, { kind: 'early_bird', price: 1050, discount: 150 }],
  teams: [{ ID: 40, order: 0, group: null, CreatedAt: NOW, team: { ID: 9, name: 'Red Lions', color: '#f44336', players_count: 2, captain: null }, invoice: { ID: 70, invoiced: 1424.5, discounted: 150, paid: 100, balance: 1174.5 } }],
  ...overrides,
});

const baseRoutes: Record<string, FetchHandler> = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/newproduct': () => json(200, PRODUCTS, { 'Content-Range': `products 0-2/3` }),
  'GET /api/league/totals': () => json(200, { leagues: 1, teams: 1 }),
  'GET /api/league': () => json(200, [league()], { 'Content-Range': 'league 0-0/1' }),
  'GET /api/league/5': () => json(200, league()),
  'GET /api/team/all': () => json(200, [{ ID: 9, name: 'Red Lions', facility_id: 1 }, { ID: 11, name: 'Blue Sharks', facility_id: 1 }]),
  // The broadcast panel's list of what was sent from the page.
  'GET /api/broadcast': () => json(200, []),
};

beforeAll(async () => {
  await Promise.all([import('../../resources/leagues/LeagueList'), import('../../resources/leagues/LeaguePage'), import('../../resources/teams/TeamPage')]);
}, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (path: string, routes: Record<string, FetchHandler> = {}, role: 'admin' | 'manager' | 'mod' = 'admin') =>
  renderApp(path, { role, dataProvider: createDataProvider('/api'), routes: { ...baseRoutes, ...routes } });

describe('the league dialog', () => {
  it('offers priced league products, hides age group and gender for a season, and creates then opens the league', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    const { location } = render('/leagues', { 'POST /api/league': (call) => { posted.push(call); return json(201, { ...league(), ID: 77, id: 77 }); } });
    await user.click(await screen.findByRole('button', { name: 'Add new league' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create league' });
    await user.click(within(dialog).getByRole('combobox', { name: /Product/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Adult League Team Fee']);
    await user.click(screen.getByRole('option', { name: 'Adult League Team Fee' }));
    expect(within(dialog).getByRole('combobox', { name: /Gender/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Season (contains age groups)' }));
    expect(within(dialog).queryByRole('combobox', { name: /Gender/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Age group/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LEAGUE_MESSAGES.required)).toBeInTheDocument();
    await fill(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Winter Season');
    await fill(within(dialog).getByRole('textbox', { name: /Online description/ }), 'Six weeks');
    for (const [label, value] of [['Start date', '2030-01-05'], ['End date', '2030-03-01'], ['Registration start', '2029-12-01'], ['Registration end', '2030-01-04']]) {
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/league/77'));
    expect(posted[0].body).toMatchObject({ name: 'Winter Season', is_container: true, age_group_id: null, gender: null, new_product_id: 1, facility_id: 1, max_teams: 8, duration: 45 });
  }, 60_000);

  it('fixes the facility of a non-admin', async () => {
    const user = userEvent.setup();
    render('/league/5', {}, 'manager');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Edit league' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit league' });
    expect(within(dialog).getByRole('combobox', { name: /Facility/ })).toHaveAttribute('aria-disabled', 'true');
  }, 60_000);
});

describe('the league page and the add-team dialog', () => {
  it('shows the summary card and the teams, and signs a new team up at the early-bird fee', async () => {
    const user = userEvent.setup();
    const signups: FetchCall[] = [];
    render('/league/5', { 'POST /api/team/signup': (call) => { signups.push(call); return json(201, { ID: 41, team_id: 12, league_id: 5, invoice_id: 71 }); } });
    expect(await screen.findByRole('link', { name: 'Red Lions' }, { timeout: 15_000 })).toHaveAttribute('href', '/team/9');
    const summary = screen.getByTestId('league-summary');
    expect(within(summary).getByText('$1,174.50')).toBeInTheDocument();
    expect(within(summary).getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('starts in 30 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add team to league' });
    await user.click(within(dialog).getByRole('tab', { name: 'New team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LEAGUE_MESSAGES.validTeamName)).toBeInTheDocument();
    await fill(within(dialog).getByRole('textbox', { name: 'Team name' }), 'Green Hornets');
    await user.click(within(dialog).getByRole('combobox', { name: 'Fee' }));
    await user.click(await screen.findByRole('option', { name: 'Early bird $1,050.00 (save $150.00)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(signups).toHaveLength(1));
    expect(signups[0].body).toEqual({ league_id: 5, fee: 1050, name: 'Green Hornets', color: '#f44336' });
  }, 60_000);

  it("says 'Max numbers of teams reached' when the league is full, without a call", async () => {
    const user = userEvent.setup();
    const { network } = render('/league/5', { 'GET /api/league/5': () => json(200, league({ max_teams: 1 })) });
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add team to league' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Blue Sharks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LEAGUE_MESSAGES.maxTeams)).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/api/team/signup')).toHaveLength(0);
  }, 60_000);
});

describe('the rollover wizard', () => {
  const season = league({
    ID: 6, id: 6, name: 'Fall Season', is_container: true, gender: null, start_date: NOW - 10 * DAY, teams: [],
    divisions: [{ ID: 7, name: 'Fall Season Division A', teams_count: 1, rollover_from: null, rollover_date: null, is_tournament: false }],
  });
  it('moves through its six tabs and says the spec\'s messages before posting; then goes to the new season', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    const { location } = render('/league/6', {
      'GET /api/league/6': () => json(200, season),
      'GET /api/league/7': () => json(200, league({ ID: 7, id: 7, name: 'Fall Season Division A', parent_league_id: 6 })),
      'POST /api/league/rollover': (call) => { posted.push(call); return json(201, { ID: 90, divisions: [91], signups: 1 }); },
    });
    await user.click(await screen.findByRole('button', { name: 'Rollover' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Rollover' });
    for (const tab of ['Season', 'Settings', 'Dates', 'Name', 'Divisions', 'Save']) expect(within(dialog).getByRole('tab', { name: tab })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    expect(within(dialog).getByText('Check for necessary changes in the description')).toBeInTheDocument();
    // Prices as money everywhere: formatMoney's separators and two decimals.
    expect(within(dialog).getByRole('combobox', { name: /^Product/ })).toHaveTextContent('Adult League Team Fee — full $1,200.00, deposit $300.00, early bird $1,050.00');
    await user.click(within(dialog).getByRole('tab', { name: 'Save' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LEAGUE_MESSAGES.fillDates)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Dates' }));
    for (const [label, value] of [['Start date', '2030-01-05'], ['End date', '2030-03-01'], ['Registration start', '2029-12-01'], ['Registration end', '2030-01-04']]) {
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LEAGUE_MESSAGES.selectDivision)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Divisions' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fall Season Division A' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Red Lions' })).toBeChecked();
    await user.click(within(dialog).getByRole('tab', { name: 'Save' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/league/90'));
    expect(posted[0].body).toMatchObject({ previous_league_id: 6, new_league: { name: 'Fall Season', is_container: true, rollover_from: 6 }, new_divisions: [{ team_ids: [9], previous_league_id: 7, division: { name: 'Fall Season Division A', available_online: false } }], empty: false });
  }, 60_000);
});

describe('the team page', () => {
  const team = {
    ID: 9, id: 9, name: 'Red Lions', color: '#f44336', facility_id: 1, age_group_id: 1, captain_id: 20, lock_roster: false, CreatedAt: NOW, UpdatedAt: NOW,
    facility: { ID: 1, name: 'Downtown' }, age_group: { ID: 1, name: 'Adult' }, captain: { ID: 20, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' },
    current_league: { ID: 5, name: 'Fall Adult League', start_date: NOW + 30 * DAY, end_date: NOW + 90 * DAY, is_tournament: false }, players_count: 2,
    roster: [
      { ID: 100, team_id: 9, customer_id: 20, registration_date: NOW, is_coach: false, is_captain: true, suspended: false, paid: 100, customer: { ID: 20, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', birthdate: 631152000, photo: null, is_kid: false } },
      { ID: 101, team_id: 9, customer_id: 21, registration_date: NOW, is_coach: true, is_captain: false, suspended: false, paid: 0, customer: { ID: 21, first_name: 'Ben', last_name: 'Ortiz', email: 'ben@example.com', birthdate: null, photo: null, is_kid: false } },
    ],
    leagues: [{ signup_id: 40, league: { ID: 5, name: 'Fall Adult League', start_date: NOW + 30 * DAY, end_date: NOW + 90 * DAY, is_tournament: false, facility_id: 1, parent_league_id: null }, product: { ID: 1, name: 'Adult League Team Fee' }, invoice: { ID: 70, date: NOW, invoiced: 1424.5, discounted: 150, paid: 100, balance: 1174.5 } }],
    current_signup_id: 40, suspended_players: 0, balance: 1174.5, deletable: false,
  };
  it("dates the league's start and the invoices in the facility's zone; a birth date stays the calendar date it is", async () => {
    // 06:00 UTC on 5 January is 5 January in New York (the fallback) but still 4 January in Los Angeles.
    const evening = Date.parse('2030-01-05T06:00:00Z') / 1000;
    const west = {
      ...team, roster: team.roster.slice(0, 1),
      leagues: [{ ...team.leagues[0], league: { ...team.leagues[0].league, start_date: evening }, invoice: { ...team.leagues[0].invoice, date: evening } }],
    };
    render('/team/9', {
      'GET /api/team/9': () => json(200, west),
      'GET /api/facility/1': () => json(200, { ...FACILITIES[0], time_zone: 'America/Los_Angeles' }),
      'POST /api/memberships/active': () => json(200, []),
    });
    const summary = await screen.findByTestId('team-summary', {}, { timeout: 15_000 });
    await waitFor(() => expect(within(summary).getByText('1/4/2030')).toBeInTheDocument());
    expect(screen.getByText('1/1/1990')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(await within(screen.getByRole('table', { name: 'Invoices' })).findByText('1/4/2030')).toBeInTheDocument();
  }, 60_000);

  it('marks the captain and the coach, ticks memberships, and moves a player after confirmation, showing the server\'s refusal', async () => {
    const user = userEvent.setup();
    render('/team/9', {
      'GET /api/team/9': () => json(200, team),
      'POST /api/memberships/active': () => json(200, [{ ID: 1, sub_customer_id: 20, member_customer_id: 20, valid_until: NOW + DAY, is_free: false, new_product_id: null, CreatedAt: NOW }]),
      'PUT /api/player/101': () => json(400, { statusCode: 400, error: 'Bad Request', message: LEAGUE_MESSAGES.targetNoInvoice }),
    });
    expect(await screen.findByText(/Ana Lopez\s+\(C\)/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/Ben Ortiz\s+\(coach\)/)).toBeInTheDocument();
    expect(await screen.findByTitle('Active membership')).toBeInTheDocument();
    expect(screen.getByTitle('No active membership')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Schedule & Standings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Team' })).not.toBeInTheDocument();
    const ben = screen.getByText(/Ben Ortiz/).closest('tr')!;
    await user.click(within(ben).getByRole('button', { name: 'Move player to another team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change player team' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Blue Sharks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Move Ben Ortiz to Blue Sharks? Their payments move with them.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(LEAGUE_MESSAGES.targetNoInvoice)).toBeInTheDocument();
  }, 60_000);
});
