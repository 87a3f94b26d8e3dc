import { bearer, defineScenario } from './types';

// GET /api/taxes: the smallest list through the crud helper (session, guard, query, JSON).
export default defineScenario({
  name: 'taxes.list',
  description: 'GET /api/taxes (admin)',
  budgetP95Ms: 50,
  setup: (ctx) => ctx.token('admin'),
  request: (ctx, token) => ctx.call('/api/taxes', bearer(token)),
});
