import { expect } from 'vitest';
import { nowSeconds } from '../../../core/time';
import { PRODUCT } from '../../../server/db/seed/catalog';
import type { TestContext } from '../harness';

// A league division of facility 1 open online now, for the portal teams tests: the adult league product
// ($1,200 team fee, $300 deposit, $1,050 early bird, $120 a player), registration open, play in 10 days.

const DAY = 86_400;
let serial = 0;

export async function onlineDivision(ctx: TestContext, staffToken: string, overrides: Record<string, unknown> = {}): Promise<{ ID: number; name: string }> {
  const now = nowSeconds();
  serial += 1;
  const name = `Online League ${serial}`;
  const res = await ctx.api(staffToken, 'POST', '/league', {
    name, description: 'Open online', facility_id: 1, new_product_id: PRODUCT.ADULT_LEAGUE, age_group_id: 1, gender: 'Co-Ed',
    start_date: now + 10 * DAY, end_date: now + 90 * DAY, registration_start_date: now - DAY, registration_end_date: now + 9 * DAY,
    available_online: true, max_teams: 4, ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ID: res.json().ID as number, name };
}
