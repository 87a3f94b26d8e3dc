import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { setDayFirst } from '../../core/dateOrder';
import { loadLocale } from '../../src/kit/i18n/i18nProvider';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json, type FetchHandler } from './support/fetch';

// Dates in the reader's order (issue 41 m32): a Spanish reader saw the referee list's "09:00 12/5/2026"
// (12 May?) and a roster's "2/7/2008" (2 July?). Under Spanish both read day first: 05/12/2026 and
// 07/02/2008; in English they stay month first.

const NOW = Math.floor(Date.now() / 1000);
/** 14:00 UTC on 5 December 2026: 09:00 in New York. */
const SATURDAY = Date.UTC(2026, 11, 5, 14) / 1000;
/** A birth date: 7 February 2008 (UTC midnight). */
const BIRTH = Date.UTC(2008, 1, 7) / 1000;

const routes: Record<string, FetchHandler> = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/facility/fields': () => json(200, [], { 'Content-Range': 'fields 0-0/0' }),
  'GET /api/ref/matches': () => json(200, [{
    ID: 1, date: SATURDAY, duration: 50, league: { ID: 5, name: 'Fall Adult League' }, home_team: { name: 'Red Lions' }, away_team: { name: 'Blue Sharks' }, referee: null,
    event: { start_date: SATURDAY, field: { number: 1, name: 'Maracana' }, facility: { ID: 1, name: 'Downtown', time_zone: 'America/New_York' } },
    date_parsed: '12/5/2026', time_parsed: '09:00',
  }]),
  'GET /api/team/9': () => json(200, {
    ID: 9, id: 9, name: 'Red Lions', color: '#f44336', facility_id: 1, age_group_id: 1, captain_id: 20, lock_roster: false, CreatedAt: NOW, UpdatedAt: NOW,
    facility: { ID: 1, name: 'Downtown' }, age_group: { ID: 1, name: 'Adult' }, captain: { ID: 20, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' },
    current_league: null, players_count: 1, leagues: [], current_signup_id: null, suspended_players: 0, balance: 0, deletable: false, public_ref: 'ref', matches: [], standings: [],
    roster: [{ ID: 100, team_id: 9, customer_id: 20, registration_date: NOW, is_coach: false, is_captain: true, suspended: false, paid: 0,
      customer: { ID: 20, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', birthdate: BIRTH, photo: null, is_kid: false } }],
  }),
  'GET /api/facility/1': () => json(200, FACILITIES[0]),
  'GET /api/broadcast': () => json(200, []),
  'POST /api/memberships/active': () => json(200, []),
};

// The team page's calls load their modules lazily: loaded first, so none is left loading when the test ends.
beforeAll(async () => {
  await Promise.all([import('../../src/app/pages/referee/RefereePage'), import('../../dataProvider/broadcasts'), import('../../dataProvider/customerProfile'), loadLocale('es')]);
}, 60_000);
afterEach(() => {
  cleanup();
  setDayFirst(false);
  vi.unstubAllGlobals();
});

describe('dates in the reader\'s order', () => {
  it('the referee list: day first in Spanish, month first in English', async () => {
    renderApp('/referee', { role: 'manager', dataProvider: appDataProvider(), routes, locale: 'es' });
    const row = (await screen.findByText('Red Lions - Blue Sharks', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('05/12/2026 09:00')).toBeInTheDocument();
    expect(row.textContent).not.toContain('12/5/2026');
    cleanup();
    setDayFirst(false);
    renderApp('/referee', { role: 'manager', dataProvider: appDataProvider(), routes, locale: 'en' });
    const english = (await screen.findByText('Red Lions - Blue Sharks', {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(english).getByText('12/5/2026 09:00')).toBeInTheDocument();
  }, 60_000);

  it("a team roster's birth dates: day first in Spanish", async () => {
    renderApp('/team/9', { role: 'manager', dataProvider: appDataProvider(), routes, locale: 'es' });
    const row = (await screen.findByText(/Ana Lopez/, {}, { timeout: 15_000 })).closest('tr')!;
    expect(within(row).getByText('07/02/2008')).toBeInTheDocument();
    expect(row.textContent).not.toContain('2/7/2008');
    // The roster's membership check has answered (its call loads with the page).
    expect(await within(row).findByTitle('Sin membresía activa')).toBeInTheDocument();
  }, 60_000);
});
