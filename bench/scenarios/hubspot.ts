import { FAKE_HUBSPOT_TOKEN } from '../../tests/api/support/fakeHubspot';
import { bearer, defineScenario, type BenchContext } from './types';

// The HubSpot export (issue 29 item 5): POST /customer/hubspot of a team of 2,000 players, each a
// contact upserted by e-mail in batches of 100 and added to the team's static list, against the local
// HubSpot fake the bench server talks to (bench/server.ts) — within 10 s. The setup gives facility 1 a
// HubSpot integration with the fake's token and makes the team and its 2,000 players through the API.

const CONTACTS = 2000;
const PARALLEL = 8;

async function post<T>(ctx: BenchContext, token: string, path: string, body: unknown): Promise<T> {
  const res = await ctx.call(path, { method: 'POST', body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' } });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs `work` for 0…n-1, PARALLEL at a time. */
async function each(n: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (next < n) await work(next++);
  }));
}

export const hubspotExport = defineScenario({
  name: 'hubspot.export-2000',
  description: `POST /customer/hubspot of a team of ${CONTACTS} players: contacts upserted in batches and a static list filled, against the local fake (admin)`,
  budgetP95Ms: 10_000,
  maxRequests: 5,
  maxConcurrency: 1,
  setup: async (ctx) => {
    const token = await ctx.token('admin');
    const tag = Date.now().toString(36);
    await post(ctx, token, '/api/integration', { name: `HubSpot bench ${tag}`, type: 'hubspot', facility_id: 1, data: { api_key: FAKE_HUBSPOT_TOKEN } });
    const team = await post<{ ID: number }>(ctx, token, '/api/team', { name: `Bench export ${tag}`, facility_id: 1 });
    await each(CONTACTS, async (i) => {
      const customer = await post<{ ID: number }>(ctx, token, '/api/customer', {
        first_name: 'Bench', last_name: `Player ${i}`, email: `bench-${tag}-${i}@players.touchline.test`, phone: `(646) 55${String(i).padStart(5, '0').slice(0, 1)}-${String(i).padStart(5, '0').slice(1)}`, facility_id: 1,
      });
      await post(ctx, token, '/api/player', { team_id: team.ID, customer_id: customer.ID });
    });
    return { token, team_id: team.ID };
  },
  request: (ctx, state) => ctx.call('/api/customer/hubspot', {
    method: 'POST', body: JSON.stringify({ team_ids: [state.team_id] }), headers: { ...bearer(state.token).headers, 'content-type': 'application/json' },
  }),
});
