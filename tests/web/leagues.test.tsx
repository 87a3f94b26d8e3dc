import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import { appDataProvider, FACILITIES, fill, renderApp } from './support/app';
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
  { ID: 7, id: 7, name: 'Adult Tournament Entry', team_price: 450, full_price: 450, gl: { product_type: { ID: 4 } } },
];

const league = (overrides: Record<string, unknown> = {}) => ({
  ID: 5, id: 5, name: 'Fall Adult League', description: 'Weeknights', facility_id: 1, facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' },
  product_id: null, new_product_id: 1, age_group_id: 1, age_group: { ID: 1, name: 'Adult' }, gender: 'Co-Ed', start_date: NOW + 30 * DAY, end_date: NOW + 90 * DAY,
  registration_start_date: NOW - DAY, registration_end_date: NOW + 29 * DAY, early_bird_start_date: NOW - DAY, early_bird_end_date: NOW + 9 * DAY,
  max_teams: 4, duration: 45, color: '#3f51b5', enable_deposit: false, enable_individual: false, enable_team: true, enable_early_bird: true, display_schedule: false,
  available_online: false, require_membership: false, is_container: false, is_tournament: false, is_e_league: false, tournament_id: null, parent_league_id: null,
  properties: [], rollover_from: null, rollover_to: null, rollover_date: null, force_close: false, CreatedAt: NOW, UpdatedAt: NOW, product_type_id: 3,
  teams_count: 1, deletable: false, full_price: 1200, invoiced: 1274.5, paid: 100, balance: 1174.5, expected: 1274.5, parent_league: null, tournament: null, divisions: [], leagues: [],
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
  // The facility's teams that may play in an Adult league (GET /team/all?age_group_id=1 leaves youth teams out: tests/api).
  'GET /api/team/all': () => json(200, [{ ID: 9, name: 'Red Lions', facility_id: 1 }, { ID: 11, name: 'Blue Sharks', facility_id: 1 }]),
  // The broadcast panel's list of what was sent from the page.
  'GET /api/broadcast': () => json(200, []),
  // The teams waiting for a place (none unless a test says so).
  'GET /api/league/5/waitlist': () => json(200, []),
};

beforeAll(async () => {
  await Promise.all([
    import('../../resources/league/LeagueList'), import('../../resources/league/LeagueShow'), import('../../resources/league/LeagueCreate'),
    import('../../resources/league/LeagueEdit'), import('../../resources/team/TeamShow'), import('../../resources/team/TeamEdit'),
  ]);
}, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (path: string, routes: Record<string, FetchHandler> = {}, role: 'admin' | 'manager' | 'mod' = 'admin') =>
  renderApp(path, { role, dataProvider: appDataProvider(), routes: { ...baseRoutes, ...routes } });

describe('the league dialog', () => {
  it('offers priced league products, hides age group and gender for a season, and creates then opens the league', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    const { location } = render('/leagues', { 'POST /api/league': (call) => { posted.push(call); return json(201, { ...league(), ID: 77, id: 77 }); } });
    await user.click(await screen.findByRole('button', { name: 'Add new league' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create league' });
    await user.click(within(dialog).getByRole('combobox', { name: /Product/ }));
    // A league sells league fees, each with its price (m12).
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Adult League Team Fee — $1,200.00']);
    await user.click(screen.getByRole('option', { name: 'Adult League Team Fee — $1,200.00' }));
    expect(within(dialog).getByRole('combobox', { name: /Gender/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Season (contains age groups)' }));
    expect(within(dialog).queryByRole('combobox', { name: /Gender/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Age group/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The declaration's reason, under each field it is about.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(LEAGUE_MESSAGES.required));
    expect(within(dialog).getByRole('textbox', { name: /Online description/ })).toHaveAccessibleDescription(LEAGUE_MESSAGES.required);
    await fill(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Winter Season');
    await fill(within(dialog).getByRole('textbox', { name: /Online description/ }), 'Six weeks');
    for (const [label, value] of [['Start date', '2030-01-05'], ['Registration start', '2029-12-01'], ['Registration end', '2030-01-04']]) {
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    // The end date typed key by key: the field keeps each year Chromium passes through on the way to 2030
    // (read as 1902, the year 2 was written back over the field, and the last day of the day moved a day).
    const end = within(dialog).getByLabelText(/^End date/);
    for (const value of ['', '0002-03-01', '0020-03-01', '0203-03-01', '2030-03-01']) {
      fireEvent.change(end, { target: { value } });
      expect(end).toHaveProperty('value', value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/league/77'));
    expect(posted[0].body).toMatchObject({ name: 'Winter Season', is_container: true, age_group_id: null, gender: null, new_product_id: 1, facility_id: 1, max_teams: 8, duration: 45 });
  }, 90_000);

  it('fixes the facility of a non-admin', async () => {
    const user = userEvent.setup();
    render('/league/5', {}, 'manager');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Edit league' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit league' });
    expect(within(dialog).getByRole('combobox', { name: /Facility/ })).toHaveAttribute('aria-disabled', 'true');
  }, 60_000);

  it('edits a tournament as one: "Edit tournament", and only tournament products (m12, m13)', async () => {
    const user = userEvent.setup();
    render('/tournament/5', { 'GET /api/tournament/5': () => json(200, league({ is_tournament: true, new_product_id: 7 })) });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }, { timeout: 15_000 }));
    expect(screen.queryByRole('button', { name: 'Edit league' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit tournament' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tournament' });
    await user.click(within(dialog).getByRole('combobox', { name: /Product/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Adult Tournament Entry — $450.00']);
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

  it('lists the teams waiting for a place under the teams (team, captain, joined, Online, the place held) and removes one once confirmed', async () => {
    const user = userEvent.setup();
    // Joined 7 December 2026 at 10:00 in New York; the first's place held until 8 December 10:00.
    const waiting = [
      { ID: 91, customer: { ID: 31, first_name: 'Cap', last_name: 'Tain' }, team_name: 'Night Owls', source: 'online', CreatedAt: 1_796_655_600, offered_until: 1_796_742_000 },
      { ID: 92, customer: { ID: 32, first_name: 'Sec', last_name: 'Ond' }, team_name: 'Late Larks', source: 'online', CreatedAt: 1_796_655_900, offered_until: null },
    ];
    const removed: FetchCall[] = [];
    render('/league/5', {
      'GET /api/league/5/waitlist': () => json(200, removed.length ? waiting.slice(0, 1) : waiting),
      'DELETE /api/league/waitlist/92': (call) => { removed.push(call); return json(200, waiting[1]); },
    });
    const table = await screen.findByRole('table', { name: 'Waitlist' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 4).map((c) => c.textContent))).toEqual([
      ['Night Owls', 'Cap TainOnline', '12/7/2026 10:00', '12/8/2026 10:00'],
      ['Late Larks', 'Sec OndOnline', '12/7/2026 10:05', ''],
    ]);
    await user.click(within(rows[1]).getByRole('button', { name: 'Remove from the waitlist: Late Larks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: /Delete|Confirm/ }));
    await waitFor(() => expect(removed).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Waitlist' })).getAllByRole('row')).toHaveLength(2));
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

  it("says the declaration's reasons before any call (no team picked, no team name), the server's refusal above the buttons, and saved, the league's page reads again", async () => {
    const user = userEvent.setup();
    const signups: FetchCall[] = [];
    let reads = 0;
    render('/league/5', {
      'GET /api/league/5': () => { reads += 1; return json(200, league()); },
      'POST /api/team/signup': (call) => {
        signups.push(call);
        return signups.length === 1 ? json(409, { statusCode: 409, error: 'Conflict', message: LEAGUE_MESSAGES.alreadySignedUp }) : json(201, { ID: 41, team_id: 11, league_id: 5, invoice_id: 71 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add team to league' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LEAGUE_MESSAGES.validTeam);
    await user.click(within(dialog).getByRole('tab', { name: 'New team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByRole('textbox', { name: 'Team name' });
    expect(await within(name.closest('.MuiFormControl-root') as HTMLElement).findByText(LEAGUE_MESSAGES.validTeamName)).toBeVisible();
    expect(signups).toHaveLength(0);

    await user.click(within(dialog).getByRole('tab', { name: 'Existing team' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Blue Sharks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LEAGUE_MESSAGES.alreadySignedUp);
    const before = reads;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add team to league' })).toBeNull());
    expect(signups.map((c) => c.body)).toEqual([{ league_id: 5, fee: 1200, team_id: 11 }, { league_id: 5, fee: 1200, team_id: 11 }]);
    await waitFor(() => expect(reads).toBeGreaterThan(before));
  }, 60_000);
});

describe('the league views (issue 40)', () => {
  it('creates a league at /league/create and edits it at /league/{id}/edit, each checked by the declaration, then shows it', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    const put: FetchCall[] = [];
    const { location } = render('/league/create', {
      'POST /api/league': (call) => { posted.push(call); return json(201, { ...league(), ID: 77, id: 77, name: 'Winter League' }); },
      'GET /api/league/77': () => json(200, league({ ID: 77, id: 77, name: put.length ? 'Winter League B' : 'Winter League' })),
      'PUT /api/league/77': (call) => { put.push(call); return json(200, league({ ID: 77, id: 77, name: 'Winter League B' })); },
      'GET /api/league/77/waitlist': () => json(200, []),
    });
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 15_000 });
    await fill(screen.getByRole('textbox', { name: /Online description/ }), 'Weeknights');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(LEAGUE_MESSAGES.required));
    expect(posted).toHaveLength(0);
    await fill(name, 'Winter League');
    await user.click(screen.getByRole('combobox', { name: /Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Adult League Team Fee — $1,200.00' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    for (const [label, value] of [['Start date', '2030-01-05'], ['End date', '2030-03-01'], ['Registration start', '2029-12-01'], ['Registration end', '2030-01-04']]) {
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(location()).toBe('/league/77'));
    expect(posted[0].body).toMatchObject({ name: 'Winter League', description: 'Weeknights', new_product_id: 1, age_group_id: 1, gender: 'Co-Ed', max_teams: 8, duration: 45 });
    expect(await screen.findAllByRole('heading', { name: 'Winter League', level: 1 }, { timeout: 15_000 })).not.toHaveLength(0);
    cleanup();
    const edit = render('/league/77/edit', {
      'GET /api/league/77': () => json(200, league({ ID: 77, id: 77, name: put.length ? 'Winter League B' : 'Winter League' })),
      'PUT /api/league/77': (call) => { put.push(call); return json(200, league({ ID: 77, id: 77, name: 'Winter League B' })); },
      'GET /api/league/77/waitlist': () => json(200, []),
    });
    const editName = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 15_000 });
    await waitFor(() => expect(editName).toHaveValue('Winter League'));
    await fill(editName, 'Winter League B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edit.location()).toBe('/league/77'));
    // Only what changed is sent; the page shows the change.
    expect(put[0].body).toEqual({ name: 'Winter League B' });
    expect(await screen.findAllByRole('heading', { name: 'Winter League B', level: 1 }, { timeout: 15_000 })).not.toHaveLength(0);
  }, 120_000);

  it('asks the server for the teams of the league\'s age group only (m11)', async () => {
    const user = userEvent.setup();
    const { network } = render('/league/5', { 'GET /api/league/5': () => json(200, league({ age_group_id: 2, age_group: { ID: 2, name: 'Youth' } })) });
    await user.click(await screen.findByRole('button', { name: 'Add new' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add team to league' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    // Red Lions is signed up already: only Blue Sharks is offered.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Blue Sharks']);
    const asked = network.calls.filter((c) => c.path === '/api/team/all').map((c) => new URL(c.url, 'http://x').searchParams);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((q) => q.get('age_group_id') === '2' && q.get('facility_id') === '1')).toBe(true);
  }, 60_000);

  it('offers Delete only for a league that holds nothing (m14)', async () => {
    render('/leagues', {
      'GET /api/league': () => json(200, [
        league({ ID: 5, id: 5, name: 'Fall Adult League', teams_count: 0, deletable: true }),
        league({ ID: 8, id: 8, name: 'FIFA League', teams_count: 0, is_e_league: true, deletable: false }),
      ], { 'Content-Range': 'league 0-1/2' }),
    }, 'manager');
    const rowOf = async (name: string) => (await screen.findByText(name, {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(await rowOf('Fall Adult League')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const eleague = await rowOf('FIFA League');
    expect(within(eleague).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', '/league/8');
    expect(within(eleague).queryByRole('button', { name: 'Delete' })).toBeNull();
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
    // The name follows the season and year chosen (m7).
    await user.click(within(dialog).getByRole('combobox', { name: 'Season' }));
    await user.click(await screen.findByRole('option', { name: 'Winter' }));
    const year = new Date().getFullYear() + 1;
    await user.click(within(dialog).getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: String(year) }));
    await user.click(within(dialog).getByRole('tab', { name: 'Name' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue(`Winter ${year} Season`);
    await user.click(within(dialog).getByRole('tab', { name: 'Settings' }));
    expect(within(dialog).getByText('Check for necessary changes in the description')).toBeInTheDocument();
    // Prices as money everywhere: formatMoney's separators and two decimals.
    expect(within(dialog).getByRole('combobox', { name: /^Product/ })).toHaveTextContent('Adult League Team Fee — full $1,200.00, deposit $300.00, early bird $1,050.00');
    await user.click(within(dialog).getByRole('tab', { name: 'Save' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LEAGUE_MESSAGES.fillDates)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Dates' }));
    expect(within(dialog).getByText(LEAGUE_MESSAGES.fillDates)).toBeInTheDocument();
    for (const [label, value] of [['Start date', '2030-01-05'], ['End date', '2030-03-01'], ['Registration start', '2029-12-01'], ['Registration end', '2030-01-04']]) {
      fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    }
    // Filling the dates answers the message: it no longer shows (m7).
    expect(within(dialog).queryByText(LEAGUE_MESSAGES.fillDates)).toBeNull();
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
    expect(posted[0].body).toMatchObject({ previous_league_id: 6, new_league: { name: `Winter ${year} Season`, is_container: true, rollover_from: 6 }, new_divisions: [{ team_ids: [9], previous_league_id: 7, division: { name: `Winter ${year} Season Division A`, available_online: false } }], empty: false });
  }, 60_000);

  it('lets a division be ticked only once its teams are read, and then ticks them all', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const read = new Promise<void>((resolve) => { release = resolve; });
    render('/league/6', {
      'GET /api/league/6': () => json(200, season),
      // The division's page (its teams) answers late.
      'GET /api/league/7': async () => { await read; return json(200, league({ ID: 7, id: 7, name: 'Fall Season Division A', parent_league_id: 6 })); },
    });
    await user.click(await screen.findByRole('button', { name: 'Rollover' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Rollover' });
    await user.click(within(dialog).getByRole('tab', { name: 'Divisions' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Fall Season Division A' })).toBeDisabled();
    release();
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Fall Season Division A' })).toBeEnabled());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fall Season Division A' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Red Lions' })).toBeChecked();
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
    current_signup_id: 40, suspended_players: 0, balance: 1174.5, deletable: false, public_ref: 'ref', matches: [], standings: [],
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

  it('shows the games and standings of every league and tournament the team plays in; a game opens its booking (issue 41 item 2)', async () => {
    const user = userEvent.setup();
    // 20:00 UTC on 6 January 2030 is 15:00 in New York.
    const kickoff = Date.parse('2030-01-06T20:00:00Z') / 1000;
    const standing = (team_id: number, team: string, rank: number, points: number, group: number | null = null) => ({ id: team_id, team_id, team, rank, group, games: 1, won: points ? 1 : 0, draw: 0, lost: points ? 0 : 1, gf: points ? 3 : 1, ga: points ? 1 : 3, gd: points ? 2 : -2, points });
    const game = (ID: number, league: { ID: number; name: string; is_tournament: boolean }, extra: Record<string, unknown>) => ({
      ID, league, event_id: null, week: 1, round: 1, group: null, date: kickoff, duration: 60, field: 'Wembley', match_type: 'regular', level: 0, is_bye: false,
      home_team_id: 9, away_team_id: 11, home_team: 'Red Lions', away_team: 'Blue Sharks', home_score: null, away_score: null, no_show: null, ...extra,
    });
    const fall = { ID: 5, name: 'Fall Adult League', is_tournament: false };
    const cup = { ID: 8, name: 'Spring Cup', is_tournament: true };
    const playing = {
      ...team,
      matches: [
        game(300, fall, { event_id: 77, home_score: 3, away_score: 1 }),
        game(301, fall, { ID: 301, week: 2, date: kickoff + 7 * DAY, home_team_id: 11, away_team_id: 9, home_team: 'Blue Sharks', away_team: 'Red Lions', event_id: 78 }),
        game(302, cup, { week: null, date: kickoff + 14 * DAY, away_team_id: null, away_team: null, is_bye: true, field: null, duration: 0 }),
      ],
      standings: [
        { league: cup, rows: [standing(9, 'Red Lions', 1, 0, 1)] },
        { league: fall, rows: [standing(9, 'Red Lions', 1, 3), standing(11, 'Blue Sharks', 2, 0)] },
      ],
    };
    const { location } = render('/team/9', { 'GET /api/team/9': () => json(200, playing), 'POST /api/memberships/active': () => json(200, []) });
    await user.click(await screen.findByRole('tab', { name: 'Schedule & Standings' }, { timeout: 15_000 }));
    const sections = await screen.findAllByTestId('team-league');
    expect(sections.map((s) => within(s).getByRole('heading', { level: 2 }).textContent)).toEqual(['Spring Cup', 'Fall Adult League']);
    const games = within(screen.getByRole('table', { name: 'Games: Fall Adult League' })).getAllByTestId('team-game');
    expect(games).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: 'Games: Fall Adult League' })).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Week', 'Date', 'Time', 'Home', 'Away', 'Score']);
    expect([...games[0].querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', '1/6/2030', '15:00', 'Red Lions', 'Blue Sharks', '3 – 1']);
    expect(within(screen.getByRole('table', { name: 'Games: Spring Cup' })).getByTestId('team-game')).toHaveTextContent('Red LionsBye');
    const fallStandings = within(screen.getByRole('table', { name: 'Standings: Fall Adult League' })).getAllByTestId('standings-row');
    expect(fallStandings.map((r) => r.querySelectorAll('td')[1].textContent)).toEqual(['Red Lions', 'Blue Sharks']);
    expect(fallStandings[0]).toHaveClass('Mui-selected');
    // The cup's rows rank within their group, and say which.
    expect(within(screen.getByRole('table', { name: 'Standings: Spring Cup' })).getAllByRole('columnheader')[0]).toHaveTextContent('Group');
    expect(within(screen.getByRole('table', { name: 'Standings: Fall Adult League' })).getAllByRole('columnheader')[0]).toHaveTextContent('#');
    expect(within(games[0]).getByRole('link', { name: '1/6/2030' })).toHaveAttribute('href', '/calendar/event/77');
    await user.click(within(games[1]).getByText('Blue Sharks'));
    await waitFor(() => expect(location()).toBe('/calendar/event/78'));
  }, 60_000);

  it('says what to do in empty tables: a team without players, a season without age groups (m3)', async () => {
    render('/team/9', { 'GET /api/team/9': () => json(200, { ...team, roster: [], players_count: 0 }) });
    expect(await screen.findByText('No players yet: add the first with Add player (they become captain).', {}, { timeout: 15_000 })).toBeInTheDocument();
    cleanup();
    render('/league/6', { 'GET /api/league/6': () => json(200, league({ ID: 6, id: 6, name: 'Winter Season', is_container: true, teams: [], divisions: [] })) });
    expect(await screen.findByText('No age groups yet: add one with Add age group, then its teams.', {}, { timeout: 15_000 })).toBeInTheDocument();
  }, 60_000);

  it('shows each league\'s invoice with its own balance in the summary, and the total apart (issue 41 m9)', async () => {
    const cup = { signup_id: 41, league: { ID: 6, name: 'Spring Cup', start_date: NOW + 60 * DAY, end_date: NOW + 61 * DAY, is_tournament: true, facility_id: 1, parent_league_id: null }, product: null, invoice: { ID: 71, date: NOW, invoiced: 500, discounted: 0, paid: 0, balance: 559.38 } };
    const ended = { signup_id: 39, league: { ID: 4, name: 'Summer League', start_date: NOW - 90 * DAY, end_date: NOW - 30 * DAY, is_tournament: false, facility_id: 1, parent_league_id: null }, product: null, invoice: { ID: 69, date: NOW - 90 * DAY, invoiced: 900, discounted: 0, paid: 900, balance: 0 } };
    render('/team/9', {
      'GET /api/team/9': () => json(200, { ...team, leagues: [cup, team.leagues[0], ended], balance: 1733.88 }),
      'POST /api/memberships/active': () => json(200, []),
    });
    const summary = await screen.findByTestId('team-summary', {}, { timeout: 15_000 });
    const blocks = await within(summary).findAllByTestId('team-summary-league');
    // The paid, ended league is left out; the others soonest first, each with its balance and invoice.
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toHaveTextContent('Fall Adult League');
    expect(blocks[0]).toHaveTextContent('$1,174.50');
    expect(within(blocks[0]).getByRole('link', { name: 'View invoice #70' })).toHaveAttribute('href', '/invoice/70');
    expect(blocks[1]).toHaveTextContent('Tournament');
    expect(blocks[1]).toHaveTextContent('Spring Cup');
    expect(blocks[1]).toHaveTextContent('$559.38');
    expect(within(blocks[1]).getByRole('link', { name: 'View invoice #71' })).toHaveAttribute('href', '/invoice/71');
    expect(within(summary).getByText('Total balance')).toBeInTheDocument();
    expect(within(summary).getByText('$1,733.88')).toBeInTheDocument();
  }, 60_000);

  it("renames a team in its edit view ('Please enter a valid team name' under an emptied name), sending only the name; then its page (issue 40)", async () => {
    const user = userEvent.setup();
    const puts: FetchCall[] = [];
    const { location } = render('/team/9/edit', {
      'GET /api/team/9': () => json(200, team),
      'PUT /api/team/9': (call) => { puts.push(call); return json(200, { ...team, name: 'Red Tigers' }); },
      'POST /api/memberships/active': () => json(200, []),
    });
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 15_000 });
    await waitFor(() => expect(name).toHaveValue('Red Lions'));
    await user.clear(name);
    await user.type(name, ' ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LEAGUE_MESSAGES.validTeamName)).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'Red Tigers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/team/9'));
    expect(puts.map((c) => c.body)).toEqual([{ name: 'Red Tigers' }]);
  }, 60_000);

  it('says why a paid player cannot move (the target invoice\'s balance) and what to do (issue 41 m10)', async () => {
    const user = userEvent.setup();
    const facts = { payment_id: 6508, amount: 1192.5, source_invoice_id: 70, target_team: 'Blue Sharks', target_invoice_id: 80, target_balance: 961.87 };
    render('/team/9', {
      'GET /api/team/9': () => json(200, team),
      'POST /api/memberships/active': () => json(200, []),
      'PUT /api/player/100': () => json(400, { statusCode: 400, error: 'Bad Request', message: 'Failed to move payment ID 6508: …', move_payment: facts }),
    });
    const ana = (await screen.findByText(/Ana Lopez/, {}, { timeout: 15_000 })).closest('tr')!;
    await user.click(within(ana).getByRole('button', { name: 'Move player to another team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change player team' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Blue Sharks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Failed to move payment ID 6508: $1,192.50 paid, but invoice #80 of Blue Sharks has only $961.87 left to pay. '
      + 'Refund or revert the payment on invoice #70 first, move the player, then take what Blue Sharks owes on invoice #80.')).toBeInTheDocument();
  }, 60_000);

  /** The form control (input, label and helper text) of a dialog's field. */
  const fieldOf = (dialog: HTMLElement, name: string) => within(within(dialog).getByRole('combobox', { name }).closest('.MuiFormControl-root') as HTMLElement);

  it("Change player team is checked by PUT /player's declaration (its message under Team, nothing sent), and a move refreshes the roster without a reload", async () => {
    const user = userEvent.setup();
    let roster = team.roster;
    let reads = 0;
    const puts: unknown[] = [];
    render('/team/9', {
      'GET /api/team/9': () => { reads += 1; return json(200, { ...team, roster, players_count: roster.length }); },
      'POST /api/memberships/active': () => json(200, []),
      'PUT /api/player/101': ({ body }: FetchCall) => {
        puts.push(body);
        roster = roster.filter((p) => p.ID !== 101);
        return json(200, { ID: 101, team_id: 11, customer_id: 21, registration_date: NOW, is_coach: true, is_captain: false, suspended: false, moved_payments: [] });
      },
    });
    const ben = (await screen.findByText(/Ben Ortiz/, {}, { timeout: 15_000 })).closest('tr')!;
    await user.click(within(ben).getByRole('button', { name: 'Move player to another team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change player team' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await fieldOf(dialog, 'Team').findByText(LEAGUE_MESSAGES.validTeam)).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(puts).toEqual([]);
    // The refused field has the focus: typing opens its choices.
    await user.type(within(dialog).getByRole('combobox', { name: 'Team' }), 'Blue');
    await user.click(await screen.findByRole('option', { name: 'Blue Sharks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change player team' })).toBeNull());
    expect(puts).toEqual([{ team_id: 11 }]);
    // The team's page read again (react-admin's cache): Ben has left the roster.
    await waitFor(() => expect(screen.queryByText(/Ben Ortiz/)).toBeNull());
    expect(reads).toBeGreaterThan(1);
    expect(screen.getByText(/Ana Lopez/)).toBeInTheDocument();
  }, 60_000);

  it("Add to league is checked by POST /team/signup's declaration (the spec's messages under League and Fee), then signs the team up and the page shows it without a reload", async () => {
    const user = userEvent.setup();
    const free = { ...team, current_league: null, current_signup_id: null, leagues: [] as typeof team.leagues };
    let signedUp = false;
    const posts: unknown[] = [];
    render('/team/9', {
      'GET /api/team/9': () => json(200, signedUp ? team : free),
      'POST /api/memberships/active': () => json(200, []),
      'POST /api/team/signup': ({ body }: FetchCall) => {
        posts.push(body);
        signedUp = true;
        return json(201, { ID: 40, league_id: 5, team_id: 9, invoice_id: 70 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to league' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Change league' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await fieldOf(dialog, 'League / tournament').findByText(LEAGUE_MESSAGES.required)).toBeVisible();
    expect(fieldOf(dialog, 'Fee').getByText(LEAGUE_MESSAGES.validFee)).toBeVisible();
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: 'League / tournament' }));
    await user.click(await screen.findByRole('option', { name: 'Fall Adult League' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Fee' }));
    await user.click(await screen.findByRole('option', { name: 'Full price $1,200.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Move Red Lions to Fall Adult League?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change league' })).toBeNull());
    expect(posts).toEqual([{ league_id: 5, team_id: 9, fee: 1200 }]);
    expect(await screen.findByRole('button', { name: 'Change league' })).toBeInTheDocument();
  }, 60_000);

  it("shows the server's reason for a field under that field (a 400 with errors), the dialog left open", async () => {
    const user = userEvent.setup();
    render('/team/9', {
      'GET /api/team/9': () => json(200, team),
      'POST /api/memberships/active': () => json(200, []),
      'PUT /api/player/101': () => json(400, { statusCode: 400, error: 'Bad Request', message: `team_id: ${LEAGUE_MESSAGES.validTeam}`, errors: { team_id: LEAGUE_MESSAGES.validTeam } }),
    });
    const ben = (await screen.findByText(/Ben Ortiz/, {}, { timeout: 15_000 })).closest('tr')!;
    await user.click(within(ben).getByRole('button', { name: 'Move player to another team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change player team' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Blue Sharks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Confirm' }));
    // Once the confirmation has closed (the dialog under it is hidden from roles until then).
    await waitFor(() => expect(fieldOf(dialog, 'Team').getByText(LEAGUE_MESSAGES.validTeam)).toBeVisible());
    expect(screen.getByRole('dialog', { name: 'Change player team' })).toBeInTheDocument();
  }, 60_000);
});
