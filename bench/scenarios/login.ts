import { defineScenario } from './types';

// POST /user/login: dominated by scrypt at N=2^17 (128 MiB and a few hundred milliseconds of one core per
// attempt, on purpose), so few requests, one caller per core, and a budget that reflects that cost.
export default defineScenario({
  name: 'login',
  description: 'POST /user/login (admin, scrypt N=2^17)',
  budgetP95Ms: 1500,
  maxRequests: 40,
  maxConcurrency: 2,
  setup: async (ctx) => JSON.stringify(ctx.credentials('admin')),
  request: (ctx, body) => ctx.call('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
});
