import { bearer, defineScenario } from './types';

// GET /api/customer/search/{query}: the /customer search box and every participant picker. Queries
// as staff type them — a last name, first and last name, a name and a street, phone digits, part of
// an email — each word a LIKE on the trigram-indexed `search` column, in a manager's facility and,
// for an admin, across every facility.
const QUERIES = ['garcia', 'smith daniel', 'nguyen maple', 'okafor 555', '5550123', 'rossi oak st', 'maria.lopez', 'kim s'];

export default defineScenario({
  name: 'customers.search',
  description: 'GET /api/customer/search/{query} (manager and admin, 8 queries of 1–3 words)',
  budgetP95Ms: 50,
  setup: async (ctx) => ({ tokens: [await ctx.token('manager'), await ctx.token('admin')], next: 0 }),
  request: (ctx, state) => {
    const n = state.next++;
    const query = QUERIES[n % QUERIES.length];
    return ctx.call(`/api/customer/search/${encodeURIComponent(query)}`, bearer(state.tokens[Math.floor(n / QUERIES.length) % 2]));
  },
});
