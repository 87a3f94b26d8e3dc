import { LEAGUE_PAGE_SIZES } from '../../core/validation/leagues';
import { PRODUCT } from '../../server/db/seed/catalog';
import { bearer, defineScenario, type BenchContext } from './types';

// Leagues and teams (issue 24 item 8), meant for PostgreSQL with `--leagues 2000` (bench/scaleLeagues.ts:
// 20,000 teams, 200,000 players): the /leagues first page across every facility (admin, 50 ms p95), a
// league page with 16 teams (30 ms), a team page of 10 players with its invoices (30 ms), and a team
// sign-up with its invoice (50 ms). Without the league volumes the setups use the demo's leagues, or
// make a league of 16 teams through the API.

const DAY = 86400;
const FIRST_PAGE = `/api/league?${new URLSearchParams({ filter: '{}', sort: '["start_date","DESC"]', range: `[0,${LEAGUE_PAGE_SIZES[0] - 1}]` })}`;

const json = (token: string, method: string, body: unknown): RequestInit => ({
  method, body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' },
});

async function post<T>(ctx: BenchContext, token: string, path: string, body: unknown): Promise<T> {
  const res = await ctx.call(path, json(token, 'POST', body));
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A league the admin makes at facility 1, registration open, at most `max_teams` teams; answers its ID and full price. */
export async function newLeague(ctx: BenchContext, token: string, max_teams: number) {
  const now = Math.floor(Date.now() / 1000);
  const { ID } = await post<{ ID: number }>(ctx, token, '/api/league', {
    name: `Bench sign-ups ${Date.now()}`, description: '', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    start_date: now + 30 * DAY, end_date: now + 100 * DAY, registration_start_date: now - DAY, registration_end_date: now + 29 * DAY, max_teams,
  });
  const detail = (await (await ctx.call(`/api/league/${ID}`, bearer(token))).json()) as { fees: Array<{ kind: string; price: number }> };
  return { ID, fee: detail.fees.find((f) => f.kind === 'full')!.price };
}

/** A league of 16 teams: one of the scale's (the list's first 100 by start), else one made with 16 new teams. */
export async function leagueOf16(ctx: BenchContext, token: string): Promise<number> {
  const res = await ctx.call(`/api/league?${new URLSearchParams({ filter: '{}', sort: '["start_date","DESC"]', range: '[0,99]' })}`, bearer(token));
  const found = ((await res.json()) as Array<{ ID: number; teams_count: number; is_container: boolean }>).find((l) => l.teams_count === 16 && !l.is_container);
  if (found) return found.ID;
  const league = await newLeague(ctx, token, 16);
  for (let i = 0; i < 16; i++) await post(ctx, token, '/api/team/signup', { league_id: league.ID, fee: league.fee, name: `Bench team ${Date.now()}-${i}` });
  return league.ID;
}

export const leaguesList = defineScenario({
  name: 'leagues.list',
  description: `GET /league, the first page of ${LEAGUE_PAGE_SIZES[0]} across every facility, with counts and money (admin)`,
  budgetP95Ms: 50,
  setup: (ctx) => ctx.token('admin'),
  request: (ctx, token) => ctx.call(FIRST_PAGE, bearer(token)),
});

export const leaguePage = defineScenario({
  name: 'leagues.page-16',
  description: 'GET /league/{id}, a league of 16 teams with their invoices (admin)',
  budgetP95Ms: 30,
  setup: async (ctx) => {
    const token = await ctx.token('admin');
    return { token, ID: await leagueOf16(ctx, token) };
  },
  request: (ctx, state) => ctx.call(`/api/league/${state.ID}`, bearer(state.token)),
});

export const teamPage = defineScenario({
  name: 'teams.page',
  description: 'GET /team/{id}, the teams of a league of 16 in turn: roster, paid totals, leagues and invoices (admin)',
  budgetP95Ms: 30,
  setup: async (ctx) => {
    const token = await ctx.token('admin');
    const league = (await (await ctx.call(`/api/league/${await leagueOf16(ctx, token)}`, bearer(token))).json()) as { teams: Array<{ team: { ID: number } }> };
    return { token, ids: league.teams.map((t) => t.team.ID), next: 0 };
  },
  request: (ctx, state) => ctx.call(`/api/team/${state.ids[state.next++ % state.ids.length]}`, bearer(state.token)),
});

export const teamSignup = defineScenario({
  name: 'teams.signup',
  description: 'POST /team/signup, a new team at the full price with its team invoice, into a league of room 200 (admin)',
  budgetP95Ms: 50,
  // Sign-ups into one league queue on its lock: one at a time measures the sign-up, not the queue; the
  // league holds 200 teams at most.
  maxConcurrency: 1,
  maxRequests: 190,
  setup: async (ctx) => {
    const token = await ctx.token('admin');
    return { token, league: await newLeague(ctx, token, 200), next: 0 };
  },
  request: (ctx, state) => ctx.call('/api/team/signup', json(state.token, 'POST', { league_id: state.league.ID, fee: state.league.fee, name: `Bench signup ${Date.now()}-${state.next++}` })),
});
