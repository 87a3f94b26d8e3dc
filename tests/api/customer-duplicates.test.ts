import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// GET /customer/duplicates (issue 8 item 7): the likely duplicates the wizard shows before creating a
// customer — same email, same phone by its digits, or same name and birth date — within the user's
// facility (an admin's chosen one), never deleted customers, and 400 for bad input.

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, manager2] = await Promise.all(
    ['admin@touchline.test', 'manager@touchline.test', 'manager2@touchline.test'].map((email) => ctx.login(email)),
  );
  const make = async (key: string, token: string, payload: object) => {
    const res = await ctx.as(token, { method: 'POST', url: '/api/customer', payload });
    expect(res.statusCode).toBe(201);
    ids[key] = res.json().ID;
  };
  await make('ana', manager, { first_name: 'Ana', last_name: 'Duplessis', email: 'Ana.Dup@Example.com', phone: '(212) 555-0188' });
  await make('kid', manager, { first_name: 'Leo', last_name: 'Duplessis', is_kid: true, birthdate: '3/4/2016', gender: 'Boy' });
  await make('other', manager2, { first_name: 'Ana', last_name: 'Duplessis', email: 'ana.dup@example.com', phone: '212 555 0188' });
  await make('gone', manager, { first_name: 'Gone', last_name: 'Duplessis', email: 'gone.dup@example.com', phone: '212 555 0199' });
  await ctx.database.db.update(customers).set({ deleted_at: 1 }).where(eq(customers.ID, ids.gone));
});
afterAll(async () => { await ctx?.close(); });

const find = (token: string, query: Record<string, string>) =>
  ctx.as(token, { method: 'GET', url: `/api/customer/duplicates?${new URLSearchParams(query)}` });
const idsOf = (body: Array<{ ID: number }>) => body.map((c) => c.ID);

describe('GET /customer/duplicates', () => {
  it('finds the same email whatever its case, and says what matched', async () => {
    const res = await find(manager, { first_name: 'Someone', last_name: 'Else', email: 'ANA.DUP@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ ID: ids.ana, matched: ['email'], facility: expect.objectContaining({ ID: 1 }) })]);
  });

  it('finds the same phone by its digits, however it is typed', async () => {
    for (const phone of ['212.555.0188', '+1 (212) 555 0188', '2125550188']) {
      const res = await find(manager, { phone });
      expect(idsOf(res.json())).toEqual([ids.ana]);
      expect(res.json()[0].matched).toEqual(['phone']);
    }
  });

  it('finds the same first and last name with the same birth date, not a name alone', async () => {
    const same = await find(manager, { first_name: 'leo', last_name: 'DUPLESSIS', birthdate: '03/04/2016' });
    expect(same.json()).toEqual([expect.objectContaining({ ID: ids.kid, matched: ['name_birthdate'] })]);
    expect((await find(manager, { first_name: 'Leo', last_name: 'Duplessis', birthdate: '3/5/2016' })).json()).toEqual([]);
    expect((await find(manager, { first_name: 'Leo', last_name: 'Duplessis' })).json()).toEqual([]);
  });

  it('lists every criterion a customer matches, once', async () => {
    const res = await find(manager, { email: 'ana.dup@example.com', phone: '212-555-0188' });
    expect(res.json()).toEqual([expect.objectContaining({ ID: ids.ana, matched: ['email', 'phone'] })]);
  });

  it('keeps a manager to their facility and an admin to the facility asked for', async () => {
    const query = { email: 'ana.dup@example.com' };
    expect(idsOf((await find(manager2, query)).json())).toEqual([ids.other]);
    expect(idsOf((await find(admin, { ...query, facility_id: '1' })).json())).toEqual([ids.ana]);
    expect(idsOf((await find(admin, { ...query, facility_id: '0' })).json()).sort()).toEqual([ids.ana, ids.other].sort());
    expect(idsOf((await find(manager, { ...query, facility_id: '2' })).json())).toEqual([ids.ana]);
  });

  it('leaves deleted customers out and answers nothing for nothing to compare', async () => {
    expect((await find(manager, { email: 'gone.dup@example.com', phone: '2125550199' })).json()).toEqual([]);
    expect((await find(manager, { first_name: 'Ana' })).json()).toEqual([]);
  });

  it('refuses bad input with 400 and unauthenticated calls with 401', async () => {
    const bad: Array<Record<string, string>> = [{ birthdate: '2/30/2016' }, { email: 'x'.repeat(300) }, { facility_id: '0x1' }, { nickname: 'Ana' }];
    for (const query of bad) {
      const res = await find(manager, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/customer/duplicates?email=a@b.co' })).statusCode).toBe(401);
  });
});
