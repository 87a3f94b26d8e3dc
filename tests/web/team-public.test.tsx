import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderApp } from './support/app';
import { json } from './support/fetch';

// The public team page (issue 24 item 6) signed out: the team, its league, its schedule in every
// league and tournament it plays in (issue 41) in the facility's time zone, each one's standings when
// shown, the calendar feed to subscribe to; an unknown link says so.

const REF = '3f2b8c1e-4a5d-4e6f-8a9b-0c1d2e3f4a5b';
const KICK_OFF = 1_747_263_600; // 2025-05-14 23:00 UTC: 19:00 in New York
const team = {
  name: 'Red Lions', color: '#f44336', facility: { name: 'Downtown', time_zone: 'America/New_York' },
  league: { name: 'Fall Adult League', start_date: KICK_OFF - 86_400, end_date: KICK_OFF + 60 * 86_400 },
  players: [{ name: 'Ana L.', is_captain: true, is_coach: false }, { name: 'Ben O.', is_captain: false, is_coach: true }],
  leagues: [
    { name: 'Spring Cup', start_date: KICK_OFF + 7 * 86_400, end_date: KICK_OFF + 7 * 86_400, is_tournament: true,
      standings: [{ rank: 1, group: 1, team: 'Green Owls', games: 1, won: 1, draw: 0, lost: 0, gf: 2, ga: 0, gd: 2, points: 3 }, { rank: 2, group: 1, team: 'Red Lions', games: 1, won: 0, draw: 0, lost: 1, gf: 0, ga: 2, gd: -2, points: 0 }] },
    { name: 'Fall Adult League', start_date: KICK_OFF - 86_400, end_date: KICK_OFF + 60 * 86_400, is_tournament: false,
      standings: [{ rank: 1, group: null, team: 'Red Lions', games: 1, won: 1, draw: 0, lost: 0, gf: 3, ga: 1, gd: 2, points: 3 }] },
    { name: 'Summer League', start_date: KICK_OFF - 90 * 86_400, end_date: KICK_OFF - 30 * 86_400, is_tournament: false, standings: null },
  ],
  matches: [
    { ID: 7, league: 'Fall Adult League', date: KICK_OFF, duration: 50, field: 'Field 1', home: 'Red Lions', away: 'Blue Sharks', home_score: 3, away_score: 1, match_type: 'regular', is_bye: false },
    { ID: 9, league: 'Spring Cup', date: KICK_OFF + 7 * 86_400, duration: 45, field: 'Field 2', home: 'Green Owls', away: 'Red Lions', home_score: 2, away_score: 0, match_type: 'regular', is_bye: false },
  ],
};

beforeAll(async () => { await import('../../resources/team/PublicTeamPage'); }, 60_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the public team page', () => {
  it('shows the team, its schedule in the facility\'s zone, the standings and the feed, signed out', async () => {
    renderApp(`/public/team?ref=${REF}`, { role: null, routes: { [`GET /api/public/team/${REF}`]: () => json(200, team) } });
    expect(await screen.findByRole('heading', { name: 'Red Lions', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/^Fall Adult League · /)).toBeInTheDocument();
    expect(screen.getByText('Ana L. (C)')).toBeInTheDocument();
    expect(screen.getByText('Ben O. (coach)')).toBeInTheDocument();
    const schedule = screen.getByRole('table', { name: 'Schedule and results' });
    const rows = within(schedule).getAllByTestId('public-match').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['5/14/2025 19:00', 'Fall Adult League', 'Field 1', 'Red Lions', 'Blue Sharks', '3 – 1'],
      ['5/21/2025 19:00', 'Spring Cup', 'Field 2', 'Green Owls', 'Red Lions', '2 – 0'],
    ]);
    // Each league and tournament that shows its standings online has its table; the summer league does not.
    expect(screen.getAllByTestId('public-standings')).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: 'Standings: Spring Cup' })).getAllByRole('row')).toHaveLength(3);
    expect(within(screen.getByRole('table', { name: 'Standings: Fall Adult League' })).getByText('Red Lions')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Standings: Summer League' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add to my calendar' }).getAttribute('href')).toBe(`webcal://localhost:3000/api/public/team/${REF}/calendar.ics`);
  });

  it('says the link is not valid when the server does not know it', async () => {
    renderApp(`/public/team?ref=${REF}`, { role: null, routes: { [`GET /api/public/team/${REF}`]: () => json(404, { statusCode: 404, message: 'Team not found' }) } });
    expect(await screen.findByText('This team link is not valid. Ask the facility for a new one.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
