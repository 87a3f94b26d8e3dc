import { bearer, defineScenario } from './types';

// Broadcast e-mail (issue 29 item 5): POST /broadcast of a league-sized message, 600 recipients (40 teams
// × 15 players), must be accepted within 300 ms p95: the answer comes once the broadcast and its 600
// mail jobs are recorded, and sending continues as jobs (into the bench server's outbox). The
// recipients are sent as the dialog sends them, a list of addresses; made-up ones, so that every
// request is the full 600 whatever the demo's leagues hold. So it is sent as the admin: a manager's
// broadcast reaches only the people of the league, team or class it is sent from (a made-up address is
// refused 403). Few requests, one at a time: each leaves 600 mails for the job runner to send behind the
// measurement.

const RECIPIENTS = 600;

export const broadcastAccept = defineScenario({
  name: 'broadcasts.accept-600',
  description: `POST /broadcast to ${RECIPIENTS} recipients, answered once recorded and queued as mail jobs (admin)`,
  budgetP95Ms: 300,
  maxRequests: 20,
  maxConcurrency: 1,
  setup: async (ctx) => ({ token: await ctx.token('admin'), next: 0 }),
  request: (ctx, state) => {
    const run = state.next++;
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => `bench-${run}-${i}@players.touchline.test`);
    return ctx.call('/api/broadcast', {
      method: 'POST',
      headers: { ...bearer(state.token).headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: `Bench broadcast ${run}`, html: '<p>The <strong>finals</strong> are on Friday at 7 pm.</p>', recipients,
        facility_id: 1, reply_to: 'office@touchline.test', sender: 'Bench', send_to_captains: false, send_to_all_team: true,
      }),
    });
  },
});
