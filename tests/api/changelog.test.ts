import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changelog, fields } from '../../server/db/schema';
import { recordChange } from '../../server/services/changelog';
import { createTestContext, type TestContext } from './harness';

// The changelog: audited writes record a row in the same transaction, and GET /changelog?object=&id=
// answers them newest first to admins and managers (a manager only for their own facility's records).

let ctx: TestContext;
type Who = 'admin' | 'manager' | 'manager2' | 'mod' | 'coach' | 'referee';
const tokens = {} as Record<Who, string>;
const as = (who: Who, options: InjectOptions) => ctx.as(tokens[who], options);
const changes = (who: Who, object: string, id: number) => as(who, { method: 'GET', url: `/api/changelog?object=${object}&id=${id}` });

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'manager', 'manager2', 'mod', 'coach', 'referee'] as const) tokens[who] = await ctx.login(`${who}@touchline.test`);
});
afterAll(async () => { await ctx?.close(); });

const FIELD = {
  number: 7, name: 'Camp Nou', new_field_type_id: 2, facility_id: 1,
  weekday_open_time: 16, weekday_close_time: 24, weekend_open_time: 8, weekend_close_time: 24,
  weekday_peak_time_start: 18, weekday_peak_time_end: 22, weekend_peak_time_start: 10, weekend_peak_time_end: 14,
};

describe('the changelog', () => {
  let fieldId: number;

  it('records the creation and each update of a field, answered newest first with who did it', async () => {
    const created = await as('admin', { method: 'POST', url: '/api/field', payload: FIELD });
    expect(created.statusCode).toBe(201);
    fieldId = created.json().ID;
    expect((await as('manager', { method: 'PUT', url: `/api/field/${fieldId}`, payload: { name: 'Spotify Camp Nou' } })).statusCode).toBe(200);

    const res = await changes('admin', 'field', fieldId);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows).toEqual([
      { ID: expect.any(Number), action: 'update', user: { ID: expect.any(Number), first_name: 'Marta', last_name: 'Manager' }, CreatedAt: expect.any(Number), new_value: expect.any(String) },
      { ID: expect.any(Number), action: 'create', user: { ID: expect.any(Number), first_name: 'Ada', last_name: 'Admin' }, CreatedAt: expect.any(Number), new_value: expect.any(String) },
    ]);
    expect(JSON.parse(rows[0].new_value)).toMatchObject({ ...FIELD, ID: fieldId, name: 'Spotify Camp Nou' });
    expect(JSON.parse(rows[1].new_value)).toMatchObject({ ...FIELD, ID: fieldId });
  });

  it('writes nothing when the change is refused', async () => {
    const before = await ctx.database.db.$count(changelog);
    expect((await as('admin', { method: 'PUT', url: `/api/field/${fieldId}`, payload: { weekday_close_time: 25 } })).statusCode).toBe(400);
    expect((await as('mod', { method: 'PUT', url: `/api/field/${fieldId}`, payload: { name: 'X' } })).statusCode).toBe(403);
    expect(await ctx.database.db.$count(changelog)).toBe(before);
  });

  it('records changes to facilities, taxes, fees, GLs, product types, field types and age groups', async () => {
    const writes: Array<[string, string, Record<string, unknown>]> = [
      ['facility', '/api/facility', { name: 'Touchline Jersey City', nickname: 'JC', address: '1 Newark Ave', tax_rate: 0.06625 }],
      ['tax', '/api/tax', { name: 'NJ Sales Tax', value: 6.625 }],
      ['fee', '/api/fee', { name: 'Late fee', value: 2 }],
      ['product_type', '/api/product/types', { name: 'Walking football', category: 'event' }],
      ['gl', '/api/gl', { code: '16000', product_type_id: 5 }],
      ['field_type', '/api/field-type', { name: 'Rooftop', capacity: 12 }],
      ['age_group', '/api/age-group', { name: 'Toddlers' }],
    ];
    for (const [object, url, payload] of writes) {
      const created = await as('admin', { method: 'POST', url, payload });
      expect(created.statusCode, created.body).toBe(201);
      const rows = (await changes('admin', object, created.json().ID)).json();
      expect(rows.map((r: { action: string }) => r.action), object).toEqual(['create']);
      expect(JSON.parse(rows[0].new_value)).toMatchObject(payload);
    }
  });

  it("never keeps an integration's secret in full", async () => {
    const created = await as('admin', { method: 'POST', url: '/api/integration', payload: { name: 'HubSpot', type: 'hubspot', facility_id: 1, data: { api_key: 'pat-secret-abcd' } } });
    const rows = (await changes('manager', 'integration', created.json().ID)).json();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].new_value).data).toEqual({ api_key: '••••abcd' });
    expect(rows[0].new_value).not.toContain('pat-secret');
  });

  it('answers what other domains record through recordChange, and an empty list for a record without changes', async () => {
    await ctx.database.db.transaction((tx) => recordChange(tx, { object: 'customer', object_id: 4242, action: 'merge', user_id: null, new_value: '{"merged":[1,2]}' }));
    expect((await changes('admin', 'customer', 4242)).json()).toEqual([
      { ID: expect.any(Number), action: 'merge', user: null, CreatedAt: expect.any(Number), new_value: '{"merged":[1,2]}' },
    ]);
    expect((await changes('admin', 'customer', 4243)).json()).toEqual([]);
  });

  it("answers 404 to a manager asking for another facility's field, and 403 to the other roles", async () => {
    const [queens] = await ctx.database.db.select().from(fields).where(eq(fields.facility_id, 2));
    expect((await changes('manager', 'field', queens.ID)).statusCode).toBe(404);
    expect((await changes('manager2', 'field', fieldId)).statusCode).toBe(404);
    expect((await changes('manager', 'facility', 2)).statusCode).toBe(404);
    expect((await changes('manager', 'field', fieldId)).statusCode).toBe(200);
    for (const who of ['mod', 'coach', 'referee'] as const) expect((await changes(who, 'field', fieldId)).statusCode).toBe(403);
  });

  it("keeps a manager out of another facility's customer changes", async () => {
    const payload = { first_name: 'Lina', last_name: 'Queens', email: 'lina.queens@example.com', phone: '718 555 0199', facility_id: 2 };
    const created = await as('manager2', { method: 'POST', url: '/api/customer', payload });
    expect(created.statusCode).toBe(201);
    expect((await changes('manager', 'customer', created.json().ID)).statusCode).toBe(404);
    expect((await changes('manager2', 'customer', created.json().ID)).statusCode).toBe(200);
  });

  it('refuses a query without an object or a record ID', async () => {
    for (const url of ['/api/changelog', '/api/changelog?object=field', '/api/changelog?object=Field;drop&id=1', '/api/changelog?object=field&id=x', '/api/changelog?object=field&id=1&extra=1']) {
      const res = await as('admin', { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
