import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFEREE_MESSAGES, refereeBusy } from '../../core/api/referees';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// /referee (spec 3 §2.17, issue 27 item 1): the matches of the dates, a row click selects it, Assign
// Referee opens the dialog of the facility's referees and posts the selection; clearing a date clears both.

const NOW = Math.floor(Date.now() / 1000);
const match = (ID: number, home: string, referee: { ID: number; first_name: string; last_name: string } | null = null) => ({
  ID, date: NOW + ID * 3600, duration: 50,
  event: { start_date: NOW + ID * 3600, field: { number: 1, name: 'Maracana' }, facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' } },
  league: { ID: 5, name: 'Fall Adult League' }, home_team: { name: home }, away_team: { name: 'Blue Sharks' }, referee, date_parsed: '5/14/2025', time_parsed: '19:00',
});

beforeAll(async () => { await import('../../src/app/pages/referee/RefereePage'); }, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the referee page', () => {
  it('selects matches by row, assigns a referee in the dialog and reloads', async () => {
    const user = userEvent.setup();
    const posted: FetchCall[] = [];
    let assigned = false;
    renderApp('/referee', {
      role: 'manager',
      dataProvider: appDataProvider(),
      routes: {
        'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
        'GET /api/facility/fields': () => json(200, [{ ID: 1, id: 1, name: 'Maracana', number: 1, facility_id: 1 }], { 'Content-Range': 'fields 0-0/1' }),
        'GET /api/ref/matches': () => json(200, [match(1, 'Red Lions', assigned ? { ID: 30, first_name: 'Rafa', last_name: 'Referee' } : null), match(2, 'Green Hornets')]),
        'GET /api/ref/all': () => json(200, [{ ID: 30, first_name: 'Rafa', last_name: 'Referee', email: 'referee@touchline.test', phone: '+12125550105', facility: { name: 'Downtown' } }]),
        'POST /api/ref/assign': (call) => { posted.push(call); assigned = true; return json(200, { referee_id: 30, match_ids: [1] }); },
      },
    });
    const row = (await screen.findByText('Red Lions - Blue Sharks', {}, { timeout: 15_000 })).closest('tr')!;
    const assign = screen.getByRole('button', { name: 'Assign Referee' });
    expect(assign).toBeDisabled();
    await user.click(row);
    expect(within(row).getByRole('checkbox')).toBeChecked();
    await user.click(assign);
    const dialog = await screen.findByRole('dialog', { name: 'Assign Referee' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    // The declaration's reason, under the referee's choice, and nothing sent.
    const choice = within(dialog).getByRole('combobox', { name: 'Select Referee' });
    expect(await within(choice.closest('.MuiFormControl-root') as HTMLElement).findByText(REFEREE_MESSAGES.selectValid)).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: /Rafa Referee.*referee@touchline\.test/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({ referee_id: 30, match_ids: [1] });
    expect(await screen.findByText('Rafa Referee')).toBeInTheDocument();
  }, 60_000);

  it("shows the server's refusal (the referee is busy then) in the dialog, which stays open", async () => {
    const user = userEvent.setup();
    const busy = refereeBusy('Red Lions vs Blue Sharks', '5/14/2025 19:00', 'Maracana');
    renderApp('/referee', {
      role: 'manager',
      dataProvider: appDataProvider(),
      routes: {
        'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
        'GET /api/facility/fields': () => json(200, [], { 'Content-Range': 'fields */0' }),
        'GET /api/ref/matches': () => json(200, [match(1, 'Red Lions')]),
        'GET /api/ref/all': () => json(200, [{ ID: 30, first_name: 'Rafa', last_name: 'Referee', email: 'referee@touchline.test', phone: '', facility: { name: 'Downtown' } }]),
        'POST /api/ref/assign': () => json(409, { statusCode: 409, error: 'Conflict', message: busy }),
      },
    });
    await user.click((await screen.findByText('Red Lions - Blue Sharks', {}, { timeout: 15_000 })).closest('tr')!);
    await user.click(screen.getByRole('button', { name: 'Assign Referee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Referee' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Select Referee' }));
    await user.click(await screen.findByRole('option', { name: /Rafa Referee/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(busy);
    expect(screen.getByRole('dialog', { name: 'Assign Referee' })).toBeInTheDocument();
  }, 60_000);

  it('clears both dates when one is cleared, and cannot search without them', async () => {
    renderApp('/referee', { role: 'manager', dataProvider: appDataProvider(), routes: {
      'GET /api/facility/fields': () => json(200, [], { 'Content-Range': 'fields */0' }),
      'GET /api/ref/matches': () => json(200, []),
    } });
    const start = await screen.findByLabelText('Start date', {}, { timeout: 15_000 });
    fireEvent.change(start, { target: { value: '' } });
    expect(screen.getByLabelText('End date')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  }, 60_000);
});
