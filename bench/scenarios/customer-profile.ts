import { bearer, defineScenario } from './types';

// GET /api/customer/{id}: the profile page's one call (customer, facility, invoice totals, family,
// e-player, memberships, suspensions), for customers of the manager's facility found by the search,
// so that the generated customers with invoices and families are among them.
const SEEDS = ['garcia', 'smith', 'nguyen', 'okafor', 'rossi', 'kim', 'lopez', 'park'];

export default defineScenario({
  name: 'customers.profile',
  description: 'GET /api/customer/{id} (manager, up to 200 customers of the facility)',
  budgetP95Ms: 50,
  setup: async (ctx) => {
    const token = await ctx.token('manager');
    const ids = new Set<number>();
    for (const seed of SEEDS) {
      const res = await ctx.call(`/api/customer/search/${seed}`, bearer(token));
      if (!res.ok) throw new Error(`customer search failed: HTTP ${res.status}`);
      for (const customer of (await res.json()) as Array<{ ID: number }>) if (ids.size < 200) ids.add(customer.ID);
    }
    if (ids.size === 0) throw new Error('no customers to load: seed the benchmark database first');
    return { token, ids: [...ids], next: 0 };
  },
  request: (ctx, state) => ctx.call(`/api/customer/${state.ids[state.next++ % state.ids.length]}`, bearer(state.token)),
});
