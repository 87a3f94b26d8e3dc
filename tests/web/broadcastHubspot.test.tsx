import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BROADCAST_CONFIRMATIONS, BROADCAST_MESSAGES } from '../../core/api/broadcasts';
import { sentence } from '../../src/kit/i18n/sentence';
import { HUBSPOT_LIST_MESSAGES, noHubspot } from '../../core/api/customers';
import { appDataProvider, FACILITIES, fill, renderApp } from './support/app';
import { json, type FetchCall, type FetchHandler } from './support/fetch';

// The broadcast dialog and the HubSpot export in the browser (spec 3 §2.3, §2.5, §2.12, §2.13, §2.15,
// §2.16, §8; issue 29 items 1 and 4): the send-to choice and the recipients the server counts, a BCC
// that is not an address refused before any call, the §8 confirmation and 'Broadcast message sent';
// the export's Generate → list id, hint and link, the server's refusal in the dialog, the lists' bulk
// action sending the ticked ids, and the buttons hidden from a role that may not export.

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const ZONE = 'America/New_York';

const leagueRow = (ID: number, name: string) => ({
  ID, id: ID, name, description: '', facility_id: 1, facility: { ID: 1, name: 'Downtown', time_zone: ZONE }, age_group: { ID: 1, name: 'Adult' }, gender: 'Co-Ed',
  start_date: NOW + 30 * DAY, end_date: NOW + 90 * DAY, is_tournament: false, available_online: false, display_schedule: false, enable_deposit: false,
  enable_individual: false, teams_count: 0, full_price: 1200,
});
const league = {
  ...leagueRow(5, 'Fall Adult League'), product_id: null, new_product_id: 1, age_group_id: 1, registration_start_date: NOW - DAY, registration_end_date: NOW + 29 * DAY,
  early_bird_start_date: null, early_bird_end_date: null, max_teams: 4, duration: 45, color: '#3f51b5', enable_team: true, enable_early_bird: false,
  require_membership: false, is_container: false, is_e_league: false, tournament_id: null, parent_league_id: null, properties: [], rollover_from: null, rollover_to: null,
  rollover_date: null, force_close: false, CreatedAt: NOW, UpdatedAt: NOW, product_type_id: 3, teams_count: 0, invoiced: 0, paid: 0, balance: 0, expected: 0,
  parent_league: null, tournament: null, divisions: [], leagues: [], fees: [{ kind: 'full', price: 1200, discount: 0 }], teams: [],
};
const classRow = (ID: number, name: string, facility = { ID: 1, name: 'Downtown', time_zone: ZONE }) => ({
  ID, name, description: '', start_date: NOW - DAY, end_date: NOW + 60 * DAY, registration_start_date: null, registration_end_date: null, available_online: true,
  accepts_free_trial: false, require_membership: false, max_kids: 8, fee: null, facility_id: facility.ID, is_camp: false, is_container: false, class_parent_id: null,
  new_product_id: 13, product_id: 40, properties: [], quota: 8, CreatedAt: NOW, UpdatedAt: NOW, facility, participants: 2, class_type: 2, invoiced: 0, paid: 0, balance: 0,
});
const classDetail = {
  ...classRow(8, 'Youth Class U8'), class_parent: null, newProduct: null, price: { price: 90, base: 240, per_event: 30, events_left: 3, fixed: false, prorate: true },
  events: [], divisions: [], attendees: [], waitlists: [], coaches: [], expected: 0, promotions: [],
};
const teamRow = (ID: number, name: string) => ({
  ID, id: ID, name, color: '#f44336', facility_id: 1, age_group_id: 2, facility: { ID: 1, name: 'Downtown' }, age_group: { ID: 2, name: 'Adult' }, captain: null,
  current_league: null, players_count: 5,
});
const LIST = { data: '4711', name: 'Touchline Downtown: Fall Adult League (1a2b3c4d)', contacts: 37, link: 'https://app.hubspot.com/contacts/62515/objectLists/4711' };
const refusal = (statusCode: number, message: string) => json(statusCode, { statusCode, error: statusCode === 409 ? 'Conflict' : 'Bad Request', message });

const baseRoutes: Record<string, FetchHandler> = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/broadcast': () => json(200, []),
  'GET /api/league': () => json(200, [leagueRow(5, 'Fall Adult League'), leagueRow(6, 'Winter League'), leagueRow(7, 'Spring League')], { 'Content-Range': 'league 0-2/3' }),
  'GET /api/league/totals': () => json(200, { leagues: 3, teams: 0 }),
  'GET /api/league/5': () => json(200, league),
  'GET /api/league/5/waitlist': () => json(200, []),
  'GET /api/team': () => json(200, [teamRow(9, 'Red Lions'), teamRow(11, 'Blue Sharks')], { 'Content-Range': 'team 0-1/2' }),
  'GET /api/class': () => json(200, { classes: [classRow(8, 'Youth Class U8'), classRow(12, 'Camp', { ID: 2, name: 'Riverside', time_zone: ZONE })], nb_classes: 2, participants: 4 }),
  'GET /api/class/8': () => json(200, classDetail),
  'GET /api/facility/1/coaches': () => json(200, []),
};

beforeAll(async () => {
  await Promise.all([
    import('../../resources/league/LeagueList'), import('../../resources/league/LeagueShow'), import('../../resources/team/TeamList'),
    import('../../resources/classes/ClassList'), import('../../resources/classes/ClassShow'), import('../../src/kit/components/broadcast/BroadcastDialog'),
  ]);
}, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (path: string, routes: Record<string, FetchHandler> = {}, role: 'admin' | 'manager' | 'mod' = 'manager') =>
  renderApp(path, { role, dataProvider: appDataProvider(), routes: { ...baseRoutes, ...routes } });

/** A list row's tick (react-admin labels the span around it, not the checkbox). */
const tickOf = async (name: string) => within((await screen.findByText(name, {}, { timeout: 15_000 })).closest('tr')!).getByRole('checkbox');

describe('the HubSpot export dialog', () => {
  it("generates the league's list on the Teams tab, then shows its id, the custom-property hint and the link, and closes", async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    render('/league/5', { 'POST /api/customer/hubspot': (call) => { posted.push(call); return json(200, LIST); } });
    await user.click(await screen.findByRole('button', { name: 'Create hubspot list' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to HubSpot' });
    expect(within(dialog).queryByRole('textbox', { name: 'List ID' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('textbox', { name: 'List ID' })).toHaveValue('4711');
    expect(posted.map((c) => c.body)).toEqual([{ league_ids: [5], team_ids: [], class_ids: [] }]);
    expect(within(dialog).getByText('Put this list ID in a custom property to use the list in HubSpot.')).toBeInTheDocument();
    expect(within(dialog).getByText(`37 contacts are in the list "${LIST.name}"`)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the list in HubSpot' })).toHaveAttribute('href', LIST.link);
    expect(within(dialog).queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export to HubSpot' })).not.toBeInTheDocument());
  }, 60_000);

  it.each([
    [409, noHubspot('Touchline Brooklyn')],
    // server/services/hubspot/client.ts's HUBSPOT_RATE_LIMITED, after the adapter's retries of HubSpot's 429.
    [503, 'HubSpot is limiting the requests of this account right now; please try again in a minute'],
  ])("shows the server's %i refusal in the dialog, and keeps Generate to try again", async (status, message) => {
    const user = userEvent.setup();
    render('/classes/8', { 'POST /api/customer/hubspot': () => refusal(status, message) });
    await user.click(await screen.findByRole('button', { name: 'Create hubspot list' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to HubSpot' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  }, 60_000);

  it('sends the ticked leagues from the leagues list', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    render('/leagues', { 'POST /api/customer/hubspot': (call) => { posted.push(call); return json(200, LIST); } });
    await user.click(await tickOf('Fall Adult League'));
    await user.click(await tickOf('Spring League'));
    await user.click(await screen.findByRole('button', { name: 'Export hubspot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to HubSpot' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('textbox', { name: 'List ID' })).toHaveValue('4711');
    expect(posted.map((c) => c.body)).toEqual([{ league_ids: [5, 7], team_ids: [], class_ids: [] }]);
  }, 60_000);

  it('sends the ticked teams from the teams list', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    render('/teams', { 'POST /api/customer/hubspot': (call) => { posted.push(call); return json(200, LIST); } });
    await user.click(await tickOf('Blue Sharks'));
    await user.click(await screen.findByRole('button', { name: 'Export hubspot' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Export to HubSpot' })).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(posted.map((c) => c.body)).toEqual([{ league_ids: [], team_ids: [11], class_ids: [] }]));
  }, 60_000);

  it("sends the ticked classes from the classes list and shows 'one facility' when they are two facilities'", async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    render('/classes', { 'POST /api/customer/hubspot': (call) => { posted.push(call); return refusal(400, HUBSPOT_LIST_MESSAGES.facilities); } }, 'admin');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Export hubspot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to HubSpot' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(HUBSPOT_LIST_MESSAGES.facilities);
    expect(posted.map((c) => c.body)).toEqual([{ league_ids: [], team_ids: [], class_ids: [8, 12] }]);
  }, 60_000);

  it('is not offered to a role that may not export (a mod): no button on the page, no tick on the list', async () => {
    render('/league/5', {}, 'mod');
    expect(await screen.findByRole('button', { name: 'Broadcast message' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create hubspot list' })).not.toBeInTheDocument();
    cleanup();
    render('/leagues', {}, 'mod');
    expect(await screen.findByText('Winter League', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(screen.getByText('Winter League').closest('tr')!).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
  }, 60_000);
});

describe('the broadcast dialog', () => {
  const captains = ['cap1@example.com', 'cap2@example.com'];
  const players = [...captains, 'p3@example.com', 'p4@example.com', 'p5@example.com'];
  const recipients: FetchHandler = (call) => {
    const sendTo = new URL(call.url, 'http://localhost').searchParams.get('send_to');
    const list = sendTo === 'captains' ? captains : players;
    return json(200, { recipients: list, count: list.length, facility_id: 1, unsubscribed: sendTo === 'captains' ? 0 : 1 });
  };

  it('switches a league broadcast to the captains, counts them on the server, refuses a BCC that is not an address, confirms and sends', async () => {
    const user = userEvent.setup();
    const asked: FetchCall[] = [];
    const sent: FetchCall[] = [];
    render('/league/5', {
      'GET /api/broadcast/recipients': (call) => { asked.push(call); return recipients(call); },
      'POST /api/broadcast': (call) => { sent.push(call); return json(201, { ID: 3, recipient_count: 3, unsubscribed: 0 }); },
    });
    await user.click(await screen.findByRole('button', { name: 'Broadcast message' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Broadcast message' });
    expect(await within(dialog).findByText('5 people will receive this message · 1 unsubscribed customer is left out')).toBeInTheDocument();
    // "Send to": two named choices, all players first (issue 41 m25).
    const sendTo = within(dialog).getByRole('radiogroup', { name: 'Send to' });
    expect(within(sendTo).getByRole('radio', { name: 'All players' })).toBeChecked();
    await user.click(within(sendTo).getByRole('radio', { name: 'Captains only' }));
    expect(within(sendTo).getByRole('radio', { name: 'Captains only' })).toBeChecked();
    expect(within(sendTo).getByRole('radio', { name: 'All players' })).not.toBeChecked();
    expect(await within(dialog).findByText('2 people will receive this message')).toBeInTheDocument();
    expect(asked.map((c) => new URL(c.url, 'http://localhost').searchParams.get('send_to'))).toEqual(['players', 'captains']);
    expect(asked.every((c) => new URL(c.url, 'http://localhost').searchParams.get('league_id') === '5')).toBe(true);

    await fill(within(dialog).getByRole('textbox', { name: /^Subject/ }), 'Finals night');
    await fill(within(dialog).getByRole('textbox', { name: /^BCC/ }), 'office@example.com, not-an-address');
    await fill(within(dialog).getByRole('textbox', { name: /^Reply to/ }), 'manager@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not an e-mail address: not-an-address');
    expect(screen.queryByRole('dialog', { name: 'Send broadcast' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await fill(within(dialog).getByRole('textbox', { name: /^BCC/ }), 'Office@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send broadcast' });
    expect(within(confirm).getByText(sentence(BROADCAST_CONFIRMATIONS.captains))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(BROADCAST_MESSAGES.sent)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      subject: 'Finals night', recipients: [...captains, 'office@example.com'], facility_id: 1, reply_to: 'manager@example.com',
      send_to_captains: true, send_to_all_team: false, league_id: 5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Broadcast message' })).not.toBeInTheDocument());
  }, 60_000);

  it("sends a class's broadcast to all participants' parents, without a send-to switch, after the §8 confirmation", async () => {
    const user = userEvent.setup();
    const sent: FetchCall[] = [];
    render('/classes/8', {
      'GET /api/broadcast/recipients': recipients,
      'POST /api/broadcast': (call) => { sent.push(call); return json(201, { ID: 4, recipient_count: 5, unsubscribed: 1 }); },
    });
    await user.click(await screen.findByRole('button', { name: 'Broadcast message' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Broadcast message to class' });
    expect(await within(dialog).findByText(/^5 people will receive this message/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();
    await fill(within(dialog).getByRole('textbox', { name: /^Subject/ }), 'No class on Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send broadcast' });
    expect(within(confirm).getByText(sentence(BROADCAST_CONFIRMATIONS.participants))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(BROADCAST_MESSAGES.sent)).toBeInTheDocument();
    expect(sent[0].body).toMatchObject({ subject: 'No class on Monday', recipients: players, class_id: 8, facility_id: 1 });
    expect(sent[0].body).not.toHaveProperty('send_to_captains');
  }, 60_000);
});
