import { bearer, defineScenario } from './types';

// GET /check: the session check every page load makes (token hash look-up, idle expiry refresh).
export default defineScenario({
  name: 'check',
  description: 'GET /check (manager session)',
  budgetP95Ms: 50,
  setup: (ctx) => ctx.token('manager'),
  request: (ctx, token) => ctx.call('/check', bearer(token)),
});
