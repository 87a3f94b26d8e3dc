import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MatchRecord } from '../../core/api/schedule';
import type { StandingsRow } from '../../core/schedule/standings';
import { SCHEDULE_MESSAGES } from '../../core/validation/schedule';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

// The league page's Schedule and Standings tabs in the browser (spec 3 §2.7, §2.9; issues 25 and 41):
// the games list marks a conflict and a friendly in words, saves a score typed in place on a game that
// has begun and says in words why a future game's score cannot be typed yet, and offers Delete all
// games to managers only; the builder's review says what does not fit the league's dates and which team
// plays one more game, before saving; the standings show the server's order with the legend.

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const ZONE = 'America/New_York';

const league = {
  ID: 5, id: 5, name: 'Fall Adult League', description: '', facility_id: 1, facility: { ID: 1, name: 'Downtown', time_zone: ZONE },
  product_id: null, new_product_id: 1, age_group_id: 1, age_group: { ID: 1, name: 'Adult' }, gender: 'Co-Ed', start_date: NOW - 30 * DAY, end_date: NOW + 60 * DAY,
  registration_start_date: NOW - 60 * DAY, registration_end_date: NOW - 31 * DAY, early_bird_start_date: null, early_bird_end_date: null,
  max_teams: 4, duration: 45, color: '#3f51b5', enable_deposit: false, enable_individual: false, enable_team: true, enable_early_bird: false, display_schedule: false,
  available_online: false, require_membership: false, is_container: false, is_tournament: false, is_e_league: false, tournament_id: null, parent_league_id: null,
  properties: [], rollover_from: null, rollover_to: null, rollover_date: null, force_close: false, CreatedAt: NOW, UpdatedAt: NOW, product_type_id: 3,
  teams_count: 3, full_price: 1200, invoiced: 0, paid: 0, balance: 0, expected: 0, parent_league: null, tournament: null, divisions: [], leagues: [], fees: [],
  teams: [
    { ID: 40, order: 0, group: null, CreatedAt: NOW, team: { ID: 9, name: 'Red Lions', color: '#f44336', players_count: 8, captain: null }, invoice: null },
    { ID: 41, order: 1, group: null, CreatedAt: NOW, team: { ID: 11, name: 'Blue Sharks', color: '#2196f3', players_count: 8, captain: null }, invoice: null },
    { ID: 42, order: 2, group: null, CreatedAt: NOW, team: { ID: 12, name: 'Green Owls', color: '#4caf50', players_count: 8, captain: null }, invoice: null },
  ],
};

// Two games ten days ago (scored in place), a friendly in four days (not yet).
const KICKOFF = NOW - 10 * DAY;
const game = (ID: number, home: [number, string], away: [number, string], overrides: Partial<MatchRecord> = {}): MatchRecord => ({
  ID, league_id: 5, home_team_id: home[0], away_team_id: away[0], home_team: home[1], away_team: away[1], home_score: null, away_score: null, no_show: null,
  date: KICKOFF, field_id: 1, duration: 45, comment: null, match_type: 'regular', level: 0, index: 0, group: null, week: 1, round: 1, is_bye: false,
  event: { ID: 900 + ID, field_id: 1, start_date: KICKOFF, end_date: KICKOFF + 45 * 60, field_number: 1, field_name: 'San Siro' },
  ...overrides,
});
const LIONS: [number, string] = [9, 'Red Lions'];
const SHARKS: [number, string] = [11, 'Blue Sharks'];
const OWLS: [number, string] = [12, 'Green Owls'];
const MATCHES = [
  // Two games on one field at one time: both are in conflict.
  game(1, LIONS, SHARKS),
  game(2, OWLS, LIONS, { event: { ID: 902, field_id: 1, start_date: KICKOFF, end_date: KICKOFF + 45 * 60, field_number: 1, field_name: 'San Siro' } }),
  game(3, SHARKS, OWLS, { date: KICKOFF + 14 * DAY, week: 3, match_type: 'friendly', event: { ID: 903, field_id: 1, start_date: KICKOFF + 14 * DAY, end_date: KICKOFF + 14 * DAY + 2700, field_number: 1, field_name: 'San Siro' } }),
];
const standing = (rank: number, [team_id, team]: [number, string], points: number): StandingsRow & { id: number } => ({
  id: team_id, team_id, team, group: null, rank, games: 2, won: points / 3, draw: 0, lost: 2 - points / 3, gf: points, ga: 2, gd: points - 2, points,
});

const routes: Record<string, FetchHandler> = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/league/5': () => json(200, league),
  'GET /api/league/5/waitlist': () => json(200, []),
  'GET /api/broadcast': () => json(200, []),
  'POST /api/match/list': () => json(200, { matches: MATCHES, standings: [] }),
  'GET /api/league/standings': () => json(200, [standing(1, OWLS, 6), standing(2, LIONS, 3), standing(3, SHARKS, 0)]),
};

beforeAll(async () => {
  await Promise.all([import('../../resources/league/LeagueShow'), import('../../resources/league/schedule/ScheduleTab'), import('../../resources/league/schedule/StandingsTab')]);
}, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (role: 'admin' | 'manager' | 'mod', extra: Record<string, FetchHandler> = {}) =>
  renderApp('/league/5', { role, dataProvider: appDataProvider(), routes: { ...routes, ...extra } });

describe('the Schedule tab', () => {
  it('marks the conflict and the friendly in words and saves a score typed in place', async () => {
    const user = userEvent.setup();
    const updates: FetchCall[] = [];
    render('mod', { 'PUT /api/match/1': (call) => { updates.push(call); return json(200, { ...MATCHES[0], home_score: 2 }); } });
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }, { timeout: 15_000 }));
    const table = await screen.findByRole('table', { name: 'Schedule' }, { timeout: 15_000 });
    const rows = within(table).getAllByTestId('match-row');
    expect(rows.map((r) => within(r).queryByText(/^(Conflict|Friendly|Double-header)$/)?.textContent ?? '')).toEqual(['Conflict', 'Conflict', 'Friendly']);
    expect(rows[0].textContent).toContain('Red Lions');
    expect(rows[0].textContent).toContain('San Siro');
    // A mod adds and edits games but does not delete them.
    expect(screen.getByRole('button', { name: 'Add manual game' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete all games' })).not.toBeInTheDocument();

    const home = within(rows[0]).getByRole('textbox', { name: 'Home score' });
    await user.type(home, '2');
    await user.tab();
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0].body).toEqual({ home_score: 2 });
    // The friendly has not begun: its score inputs are disabled, and the row says why in words.
    expect(within(rows[0]).queryByTestId('score-later')).toBeNull();
    expect(within(rows[2]).getByRole('textbox', { name: 'Home score' })).toBeDisabled();
    expect(within(rows[2]).getByRole('textbox', { name: 'Away score' })).toBeDisabled();
    expect(within(rows[2]).getByTestId('score-later')).toHaveTextContent('Not started: scores from kick-off');
  }, 60_000);

  it('says before saving how many games do not fit the league\'s dates, why, and which team plays one more', async () => {
    const user = userEvent.setup();
    const built = {
      matches: [{ home_team_id: 9, away_team_id: 11, date: NOW + 2 * DAY, field_id: 1, duration: 45, round: 1, week: 1, index: 0, level: 0, group: null, is_bye: false, is_ok: true, reason: null },
        { home_team_id: 12, away_team_id: -1, date: NOW + 2 * DAY, field_id: null, duration: 0, round: 1, week: 1, index: 1, level: 0, group: null, is_bye: true, is_ok: true, reason: null }],
      shortfall: { games: 2, reason: 'one_a_day', cells: 8, days: 1, wanted: 3, teams: [{ team_id: 9, games: 1 }, { team_id: 11, games: 1 }, { team_id: 12, games: 2 }] },
      extra: [{ team_id: 12, games: 3 }],
    };
    const asked: FetchCall[] = [];
    render('mod', {
      'POST /api/match/list': () => json(200, { matches: [], standings: [] }),
      'GET /api/facility/fields': () => json(200, [{ ID: 1, name: 'San Siro', number: 1, facility_id: 1 }], { 'Content-Range': 'fields 0-0/1' }),
      'POST /api/league/schedule/new': (call) => { asked.push(call); return json(200, built); },
    });
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }, { timeout: 15_000 }));
    expect(await screen.findByText(/Games are played within the league's dates/, {}, { timeout: 15_000 })).toBeInTheDocument();
    // Next waits for the teams and the fields (disabled, so not clickable, until both are loaded).
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled(), { timeout: 15_000 });
    await user.click(next);
    await user.click(await screen.findByRole('button', { name: 'Build Schedule' }));
    const shortfall = await screen.findByTestId('schedule-shortfall');
    expect(asked).toHaveLength(1);
    expect(shortfall).toHaveTextContent(/^2 of the 3 games do not fit between \S+ and \S+ and are not in this schedule: a team plays one game a day, and the 1 slot days/);
    expect(shortfall).toHaveTextContent('Games missing per team: Red Lions (1), Blue Sharks (1), Green Owls (2).');
    expect(screen.getByTestId('schedule-extra')).toHaveTextContent('Green Owls plays 3 games, one more than the 7 asked');
    expect(screen.getAllByTestId('review-row').map((row) => row.dataset.state)).toEqual(['ok', 'bye']);

    // A kick-off typed key by key keeps what Chromium reports (a half-typed part, the years 0002…0203 on the
    // way to 2030): neither written over nor taken as a new time; the whole one is (past the league's end here).
    const kickOff = within(screen.getAllByTestId('review-row')[0]).getByLabelText('Date');
    for (const value of ['', '0002-08-07T19:00', '0020-08-07T19:00', '0203-08-07T19:00']) {
      fireEvent.change(kickOff, { target: { value } });
      expect(kickOff).toHaveProperty('value', value);
      expect(screen.getAllByTestId('review-row')[0].dataset.state).toBe('ok');
    }
    fireEvent.change(kickOff, { target: { value: '2030-08-07T19:00' } });
    expect(kickOff).toHaveProperty('value', '2030-08-07T19:00');
    expect(screen.getAllByTestId('review-row')[0].dataset.state).toBe('outside');
  }, 60_000);

  it('lets a manager delete all games after confirming', async () => {
    const user = userEvent.setup();
    const deleted: FetchCall[] = [];
    render('manager', { 'DELETE /api/league/schedule/5': (call) => { deleted.push(call); return json(200, { deleted: [1, 2, 3] }); } });
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Delete all games' }, { timeout: 15_000 }));
    expect(await screen.findByText('Delete all 3 games of this schedule, with their bookings?')).toBeInTheDocument();
    expect(deleted).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /^(Delete|Confirm)$/ }));
    await waitFor(() => expect(deleted).toHaveLength(1));
  }, 60_000);
});

describe('Add manual game and Edit game (issue 40: checked by their declarations)', () => {
  /** The form control of a dialog's select, where its reason shows. */
  const fieldOf = (dialog: HTMLElement, name: string) => within(within(dialog).getByRole('combobox', { name }).closest('.MuiFormControl-root') as HTMLElement);
  const pick = async (user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string, option: string) => {
    await user.click(within(dialog).getByRole('combobox', { name }));
    await user.click(await screen.findByRole('option', { name: option }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  };

  it("says Required under an unpicked team and 'two different teams' under Away before any call, shows the server's refusal, and saved, the games are read again", async () => {
    const user = userEvent.setup();
    const created: FetchCall[] = [];
    let lists = 0;
    const taken = 'San Siro is taken at that time by a rental';
    render('mod', {
      'GET /api/facility/fields': () => json(200, [{ ID: 1, id: 1, name: 'San Siro', number: 1, facility_id: 1 }], { 'Content-Range': 'fields 0-0/1' }),
      'POST /api/match/list': () => { lists += 1; return json(200, { matches: MATCHES, standings: [] }); },
      'POST /api/match': (call) => {
        created.push(call);
        return created.length === 1 ? json(409, { statusCode: 409, error: 'Conflict', message: taken }) : json(201, game(4, LIONS, OWLS));
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Add manual game' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add manual game' });
    // The first field until another is picked.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Field' })).toHaveTextContent('San Siro'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await fieldOf(dialog, 'Home').findByText('Required')).toBeVisible();
    await pick(user, dialog, 'Home', 'Red Lions');
    await pick(user, dialog, 'Away', 'Red Lions');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await fieldOf(dialog, 'Away').findByText(SCHEDULE_MESSAGES.sameTeam)).toBeVisible();
    expect(created).toHaveLength(0);

    await pick(user, dialog, 'Away', 'Green Owls');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(taken);
    expect(screen.getByRole('dialog', { name: 'Add manual game' })).toBeInTheDocument();
    const read = lists;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add manual game' })).toBeNull());
    expect(created).toHaveLength(2);
    expect(created[1].body).toMatchObject({ league_id: 5, home_team_id: 9, away_team_id: 12, field_id: 1, duration: 45, match_type: 'regular', comment: '', index: 0 });
    // The retry after a refusal is the same write (one Idempotency-Key per form).
    expect(created[1].headers.get('Idempotency-Key')).toBe(created[0].headers.get('Idempotency-Key'));
    await waitFor(() => expect(lists).toBeGreaterThan(read));
  }, 60_000);

  it("Edit game starts from the game's teams, time and field and sends the no-show picked", async () => {
    const user = userEvent.setup();
    const puts: FetchCall[] = [];
    render('mod', {
      'GET /api/facility/fields': () => json(200, [{ ID: 1, id: 1, name: 'San Siro', number: 1, facility_id: 1 }], { 'Content-Range': 'fields 0-0/1' }),
      'PUT /api/match/1': (call) => { puts.push(call); return json(200, { ...MATCHES[0], no_show: 'home' }); },
    });
    await user.click(await screen.findByRole('tab', { name: 'Schedule' }, { timeout: 15_000 }));
    const rows = await screen.findAllByTestId('match-row', {}, { timeout: 15_000 });
    await user.click(within(rows[0]).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit game' });
    expect(within(dialog).getByRole('combobox', { name: 'Home' })).toHaveTextContent('Red Lions');
    expect(within(dialog).getByRole('combobox', { name: 'Away' })).toHaveTextContent('Blue Sharks');
    await pick(user, dialog, 'No-show', 'Home did not show');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit game' })).toBeNull());
    expect(puts.map((c) => c.body)).toEqual([{ date: KICKOFF - (KICKOFF % 60), field_id: 1, comment: '', no_show: 'home', home_team_id: 9, away_team_id: 11, match_type: 'regular' }]);
  }, 60_000);
});

describe('the Standings tab', () => {
  it('lists the teams in the server\'s rank order with points and the legend', async () => {
    const user = userEvent.setup();
    render('mod');
    await user.click(await screen.findByRole('tab', { name: 'Standings' }, { timeout: 15_000 }));
    const table = await screen.findByRole('table', { name: 'Standings' }, { timeout: 15_000 });
    await waitFor(() => expect(within(table).getAllByTestId('standings-row')).toHaveLength(3));
    const cells = within(table).getAllByTestId('standings-row').map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells.map((c) => [c[0], c[1], c[9]])).toEqual([['1', 'Green Owls', '6'], ['2', 'Red Lions', '3'], ['3', 'Blue Sharks', '0']]);
    expect(within(table).getByRole('link', { name: 'Green Owls' })).toHaveAttribute('href', '/team/12');
    expect(screen.getByTestId('standings-legend').textContent).toMatch(/points/i);
  }, 60_000);
});
