import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// GET /facility, POST /facility, PUT /facility/{id}: the list behind the admin's facility selector, and
// the scope that keeps everyone else to their own facility.

let ctx: TestContext;
let admin: string;
let manager: string;
let referee: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, referee] = await Promise.all(
    ['admin@touchline.test', 'manager@touchline.test', 'referee@touchline.test'].map((email) => ctx.login(email)),
  );
});
afterAll(async () => { await ctx?.close(); });

const ids = (rows: Array<{ ID: number }>) => rows.map((r) => r.ID);

describe('facilities', () => {
  it('lists every facility, with its time zone and hidden ones, to an admin', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: '/api/facility' });
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(ids(rows)).toEqual(expect.arrayContaining([1, 2, 5, 11, 13, 997]));
    expect(rows.find((f: { ID: number }) => f.ID === 11)).toMatchObject({ time_zone: 'America/Chicago', tax_rate: expect.any(Number) });
  });

  it('shows a manager or referee only their own facility, whatever facility they ask for', async () => {
    for (const token of [manager, referee]) {
      const res = await ctx.as(token, { method: 'GET', url: '/api/facility?ID=2' });
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual([1]);
    }
    expect((await ctx.as(manager, { method: 'GET', url: '/api/facility/2' })).statusCode).toBe(404);
  });

  it('lets an admin add a facility with the tax rate as a fraction', async () => {
    const payload = { name: 'Touchline Hoboken', nickname: 'Hoboken', address: '1 River St, Hoboken, NJ', tax_rate: 0.08875 };
    const res = await ctx.as(admin, { method: 'POST', url: '/api/facility', payload });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(facilities).where(eq(facilities.ID, res.json().ID));
    expect(row).toMatchObject({ ...payload, time_zone: 'America/New_York', processing_fee: 0 });
  });

  it('refuses a negative tax, a missing nickname, an unknown time zone, and writes nothing', async () => {
    const before = await ctx.database.db.$count(facilities);
    const bad = [
      [{ name: 'X', nickname: 'X', address: 'A', tax_rate: -0.01 }, 'tax_rate: cannot be negative'],
      [{ name: 'X', address: 'A', tax_rate: 0.05 }, 'nickname: is required'],
      [{ name: 'X', nickname: 'X', address: 'A', tax_rate: 0.05, time_zone: 'Mars/Olympus' }, 'time_zone: must be a time zone'],
    ] as const;
    for (const [payload, message] of bad) {
      const res = await ctx.as(admin, { method: 'POST', url: '/api/facility', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await ctx.database.db.$count(facilities)).toBe(before);
  });

  it('lets a manager edit their own facility but not create one or touch another', async () => {
    const own = await ctx.as(manager, { method: 'PUT', url: '/api/facility/1', payload: { address: '220 Kent Ave, Brooklyn, NY 11249' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().address).toBe('220 Kent Ave, Brooklyn, NY 11249');
    expect((await ctx.as(manager, { method: 'PUT', url: '/api/facility/2', payload: { address: 'x' } })).statusCode).toBe(404);
    expect((await ctx.as(manager, { method: 'POST', url: '/api/facility', payload: { name: 'N', nickname: 'N', address: 'A', tax_rate: 0 } })).statusCode).toBe(403);
    expect((await ctx.as(referee, { method: 'PUT', url: '/api/facility/1', payload: { address: 'x' } })).statusCode).toBe(403);
  });
});
