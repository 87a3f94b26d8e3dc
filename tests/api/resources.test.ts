import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields, integrations } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// The references and settings calls of spec 1 §7 beyond taxes and fees: fields, field types, age
// groups, seasons, GLs, product types and integrations, with their validation and role checks.

let ctx: TestContext;
type Who = 'admin' | 'manager' | 'manager2' | 'mod' | 'coach' | 'referee';
const tokens = {} as Record<Who, string>;
const as = (who: Who, options: InjectOptions) => ctx.as(tokens[who], options);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'manager', 'manager2', 'mod', 'coach', 'referee'] as const) tokens[who] = await ctx.login(`${who}@touchline.test`);
});
afterAll(async () => { await ctx?.close(); });

const HOURS = {
  weekday_open_time: 16, weekday_close_time: 24, weekend_open_time: 8, weekend_close_time: 23.99,
  weekday_peak_time_start: 18, weekday_peak_time_end: 22.5, weekend_peak_time_start: 10.25, weekend_peak_time_end: 14,
};
const newField = (extra: Record<string, unknown> = {}) => ({ number: 9, name: 'Bombonera', new_field_type_id: 1, facility_id: 2, ...HOURS, ...extra });
const WRITERS_REFUSED = ['mod', 'coach', 'referee'] as const;

/** Expects a 400 whose message contains each of `parts`. */
async function refused(who: Who, options: InjectOptions, ...parts: string[]) {
  const res = await as(who, options);
  expect(res.statusCode, res.body).toBe(400);
  for (const part of parts) expect(res.json().message).toContain(part);
}

describe('fields', () => {
  it('lists the fields of the facility asked for to an admin, sorted by number', async () => {
    const res = await as('admin', { method: 'GET', url: '/api/facility/fields?facility_id=2' });
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((f: { facility_id: number }) => f.facility_id))).toEqual(new Set([2]));
    expect(rows.map((f: { number: number }) => f.number)).toEqual([...rows.map((f: { number: number }) => f.number)].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ ID: expect.any(Number), name: expect.any(String), weekday_close_time: 23.99 });
  });

  it("keeps a manager or a referee to their own facility's fields, whatever they ask for", async () => {
    for (const who of ['manager', 'referee'] as const) {
      const res = await as(who, { method: 'GET', url: '/api/facility/fields?facility_id=2' });
      expect(res.statusCode).toBe(200);
      expect(new Set(res.json().map((f: { facility_id: number }) => f.facility_id))).toEqual(new Set([1]));
    }
  });

  it('creates a field closing at 24 or 23.99 (midnight both), storing what it receives', async () => {
    const res = await as('admin', { method: 'POST', url: '/api/field', payload: newField() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...newField(), ID: expect.any(Number) });
    const [row] = await ctx.database.db.select().from(fields).where(eq(fields.ID, res.json().ID));
    expect(row).toMatchObject({ weekday_close_time: 24, weekend_close_time: 23.99, weekday_peak_time_end: 22.5 });
  });

  it('refuses a close time of 25, an off-quarter time, missing values and unknown fields, writing nothing', async () => {
    const before = await ctx.database.db.$count(fields);
    await refused('admin', { method: 'POST', url: '/api/field', payload: newField({ weekday_close_time: 25 }) }, 'weekday_close_time: must be a time from 0 to 24');
    await refused('admin', { method: 'POST', url: '/api/field', payload: newField({ weekend_open_time: 8.1 }) }, 'weekend_open_time: must be a time');
    await refused('admin', { method: 'POST', url: '/api/field', payload: newField({ weekday_open_time: -1 }) }, 'weekday_open_time');
    await refused('admin', { method: 'POST', url: '/api/field', payload: { facility_id: 2 } },
      'number: is required', 'name: is required', 'weekday_open_time: is required', 'weekend_peak_time_end: is required');
    await refused('admin', { method: 'POST', url: '/api/field', payload: newField({ surface: 'grass' }) }, 'unknown field surface');
    await refused('admin', { method: 'PUT', url: '/api/field/1', payload: { weekend_close_time: 25 } }, 'weekend_close_time');
    expect(await ctx.database.db.$count(fields)).toBe(before);
    const [first] = await ctx.database.db.select().from(fields).where(eq(fields.ID, 1));
    expect(first.weekend_close_time).toBe(23.99);
  });

  it('lets a manager add and edit fields of their own facility only', async () => {
    const created = await as('manager', { method: 'POST', url: '/api/field', payload: newField({ number: 10 }) });
    expect(created.statusCode).toBe(201);
    // The manager's own facility, whatever they sent.
    expect(created.json().facility_id).toBe(1);
    const edited = await as('manager', { method: 'PUT', url: `/api/field/${created.json().ID}`, payload: { name: 'La Bombonera' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'La Bombonera', facility_id: 1 });

    const [other] = await ctx.database.db.select().from(fields).where(eq(fields.facility_id, 2));
    expect((await as('manager', { method: 'PUT', url: `/api/field/${other.ID}`, payload: { name: 'Mine now' } })).statusCode).toBe(404);
    expect((await as('manager', { method: 'GET', url: `/api/field/${other.ID}` })).statusCode).toBe(404);
    const [still] = await ctx.database.db.select().from(fields).where(eq(fields.ID, other.ID));
    expect(still.name).toBe(other.name);
  });

  it('refuses a mod, a coach or a referee writing a field', async () => {
    for (const who of WRITERS_REFUSED) {
      expect((await as(who, { method: 'POST', url: '/api/field', payload: newField() })).statusCode).toBe(403);
      expect((await as(who, { method: 'PUT', url: '/api/field/1', payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });
});

describe('field types, age groups and seasons', () => {
  it('creates, lists and edits a field type', async () => {
    const payload = { name: 'Panna cage', capacity: 6, is_outdoors: true, available_online: true, is_soccer: true };
    const created = await as('manager', { method: 'POST', url: '/api/field-type', payload });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject(payload);
    const edited = await as('admin', { method: 'PUT', url: `/api/field-type/${created.json().ID}`, payload: { capacity: 8 } });
    expect(edited.json()).toMatchObject({ ...payload, capacity: 8 });
    const list = await as('referee', { method: 'GET', url: '/api/field-type' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Panna cage', capacity: 8 })]));
  });

  it('needs a field type name and capacity, and refuses the office staff below manager', async () => {
    await refused('admin', { method: 'POST', url: '/api/field-type', payload: { is_outdoors: true } }, 'name: is required', 'capacity: is required');
    await refused('admin', { method: 'POST', url: '/api/field-type', payload: { name: 'X', capacity: -1 } }, 'capacity: cannot be negative');
    for (const who of WRITERS_REFUSED) {
      expect((await as(who, { method: 'POST', url: '/api/field-type', payload: { name: 'X', capacity: 1 } })).statusCode).toBe(403);
    }
  });

  it('creates, lists and edits age groups', async () => {
    const created = await as('admin', { method: 'POST', url: '/api/age-group', payload: { name: 'Seniors' } });
    expect(created.statusCode).toBe(201);
    const edited = await as('manager', { method: 'PUT', url: `/api/age-group/${created.json().ID}`, payload: { name: 'Over 40' } });
    expect(edited.json()).toMatchObject({ ID: created.json().ID, name: 'Over 40' });
    const names = (await as('coach', { method: 'GET', url: '/api/age-group' })).json().map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Adult', 'Youth', 'Over 40']));
    await refused('admin', { method: 'POST', url: '/api/age-group', payload: { name: '  ' } }, 'name: is required');
    expect((await as('mod', { method: 'POST', url: '/api/age-group', payload: { name: 'X' } })).statusCode).toBe(403);
  });

  it('lists the seasons', async () => {
    const res = await as('referee', { method: 'GET', url: '/api/season' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Spring', 'Summer', 'Fall', 'Winter']));
  });
});

describe('GLs and product types', () => {
  it('creates a product type and a GL under it, and lists the GL with its product type and season', async () => {
    const type = { name: 'Futsal League', category: 'league', reporting: 'Adult Leagues', gl: '05000', ranking: 30, color: '#123abc', showInCalendar: true, allow_for_contract: false };
    const createdType = await as('manager', { method: 'POST', url: '/api/product/types', payload: type });
    expect(createdType.statusCode, createdType.body).toBe(201);
    expect(createdType.json()).toMatchObject(type);
    const typeId = createdType.json().ID;

    const createdGl = await as('admin', { method: 'POST', url: '/api/gl', payload: { code: '05000', product_type_id: typeId, season_id: 3 } });
    expect(createdGl.statusCode, createdGl.body).toBe(201);
    expect(createdGl.json()).toMatchObject({ code: '05000', product_type: { ID: typeId, name: 'Futsal League' }, season: { ID: 3, name: 'Fall' } });

    const list = await as('referee', { method: 'GET', url: '/api/gl?q=05000' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ ID: createdGl.json().ID, product_type: expect.objectContaining({ category: 'league' }), season: expect.objectContaining({ name: 'Fall' }) })]);

    const edited = await as('admin', { method: 'PUT', url: `/api/gl/${createdGl.json().ID}`, payload: { season_id: null } });
    expect(edited.json()).toMatchObject({ season_id: null, season: null, product_type: { ID: typeId } });

    const renamed = await as('admin', { method: 'PUT', url: `/api/product/types/${typeId}`, payload: { ranking: 2 } });
    expect(renamed.json()).toMatchObject({ ...type, ranking: 2 });
    expect((await as('referee', { method: 'GET', url: '/api/product/types?category=league' })).json().map((t: { ID: number }) => t.ID)).toContain(typeId);
  });

  it('refuses a GL without code or product type, a product type of unknown category, and the office staff below manager', async () => {
    await refused('admin', { method: 'POST', url: '/api/gl', payload: { season_id: 1 } }, 'code: is required', 'product_type_id: is required');
    await refused('admin', { method: 'POST', url: '/api/product/types', payload: { name: 'X', category: 'party' } }, 'category: must be one of event, aux');
    await refused('admin', { method: 'POST', url: '/api/product/types', payload: { name: 'X', category: 'aux', color: 'red' } }, 'color');
    expect((await as('admin', { method: 'POST', url: '/api/gl', payload: { code: '1', product_type_id: 999999 } })).statusCode).toBe(409);
    for (const who of WRITERS_REFUSED) {
      expect((await as(who, { method: 'POST', url: '/api/gl', payload: { code: '1', product_type_id: 1 } })).statusCode).toBe(403);
      expect((await as(who, { method: 'PUT', url: '/api/product/types/1', payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });
});

describe('taxes and facilities refuse negative rates', () => {
  it('answers 400 to a negative tax value or facility tax rate', async () => {
    await refused('admin', { method: 'POST', url: '/api/tax', payload: { name: 'Negative', value: -1 } }, 'value: cannot be negative');
    await refused('admin', { method: 'PUT', url: '/api/facility/1', payload: { tax_rate: -0.01 } }, 'tax_rate: cannot be negative');
  });

  it('leaves what an update does not send as it is (no defaults filled in)', async () => {
    const res = await as('admin', { method: 'PUT', url: '/api/facility/11', payload: { address: '1 Wacker Dr, Chicago, IL' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address: '1 Wacker Dr, Chicago, IL', time_zone: 'America/Chicago' });
    const type = await as('admin', { method: 'PUT', url: '/api/field-type/3', payload: { capacity: 20 } });
    expect(type.json()).toMatchObject({ capacity: 20, is_outdoors: true, is_soccer: true });
  });
});

describe('integrations', () => {
  const hubspot = { name: 'HubSpot Brooklyn', type: 'hubspot', facility_id: 1, data: { api_key: 'pat-na1-0123456789abcdef' } };

  it('stores an integration of each type and answers its data as an object, in full to an admin', async () => {
    const all = { name: 'Acuity everywhere', type: 'acuity', facility_id: 999999, data: { api_key: 'acuity-secret-key', user_id: 12345, destination_id: '77' } };
    const square = { name: 'Square Queens', type: 'square', facility_id: 2, data: { access_token: 'EAAAsquare-token-9876' } };
    for (const payload of [hubspot, all, square]) {
      const res = await as('admin', { method: 'POST', url: '/api/integration', payload });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = (await as('admin', { method: 'GET', url: '/api/integration' })).json();
    expect(list).toEqual(expect.arrayContaining([
      expect.objectContaining(hubspot),
      expect.objectContaining({ ...all, data: { api_key: 'acuity-secret-key', user_id: '12345', destination_id: '77' } }),
      expect.objectContaining({ ...square, data: { access_token: 'EAAAsquare-token-9876', location_id: '', environment: 'production' } }),
    ]));
    const [stored] = await ctx.database.db.select().from(integrations).where(eq(integrations.name, 'HubSpot Brooklyn'));
    expect(JSON.parse(stored.data)).toEqual(hubspot.data);
  });

  it('validates the data against the type, the facility, and unknown fields', async () => {
    // Settings of another type are dropped.
    const mixed = await as('admin', { method: 'POST', url: '/api/integration', payload: { ...hubspot, name: 'Mixed', data: { api_key: 'k', user_id: 1 } } });
    expect(mixed.json().data).toEqual({ api_key: 'k' });
    await refused('admin', { method: 'POST', url: '/api/integration', payload: { ...hubspot, data: {} } }, 'data.api_key: is required');
    await refused('admin', { method: 'POST', url: '/api/integration', payload: { ...hubspot, type: 'acuity' } }, 'data.user_id', 'data.destination_id');
    await refused('admin', { method: 'POST', url: '/api/integration', payload: { ...hubspot, type: 'mailchimp' } }, 'type: must be one of hubspot, acuity, square');
    await refused('admin', { method: 'POST', url: '/api/integration', payload: { ...hubspot, facility_id: 4242 } }, 'there is no facility 4242');
    await refused('admin', { method: 'POST', url: '/api/integration', payload: { ...hubspot, token: 'x' } }, 'unknown field token');
  });

  it("shows a manager only their facility's integrations with the secrets masked, and keeps a masked secret sent back", async () => {
    const res = await as('manager', { method: 'GET', url: '/api/integration' });
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(new Set(rows.map((r: { facility_id: number }) => r.facility_id))).toEqual(new Set([1]));
    const mine = rows.find((r: { name: string }) => r.name === 'HubSpot Brooklyn');
    expect(mine.data).toEqual({ api_key: '••••cdef' });
    expect(res.body).not.toContain('0123456789abcdef');

    const renamed = await as('manager', { method: 'PUT', url: `/api/integration/${mine.ID}`, payload: { name: 'HubSpot BK', data: mine.data } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'HubSpot BK', data: { api_key: '••••cdef' } });
    const [stored] = await ctx.database.db.select().from(integrations).where(eq(integrations.ID, mine.ID));
    expect(JSON.parse(stored.data)).toEqual(hubspot.data);

    const rekeyed = await as('manager', { method: 'PUT', url: `/api/integration/${mine.ID}`, payload: { data: { api_key: 'pat-na1-new-key-0000' } } });
    expect(rekeyed.statusCode).toBe(200);
    const [after] = await ctx.database.db.select().from(integrations).where(eq(integrations.ID, mine.ID));
    expect(JSON.parse(after.data)).toEqual({ api_key: 'pat-na1-new-key-0000' });
  });

  it("answers 404 to a manager touching another facility's integration, and 403 to the others", async () => {
    const [queens] = await ctx.database.db.select().from(integrations).where(eq(integrations.name, 'Square Queens'));
    expect((await as('manager', { method: 'PUT', url: `/api/integration/${queens.ID}`, payload: { name: 'Mine' } })).statusCode).toBe(404);
    expect((await as('manager', { method: 'GET', url: `/api/integration/${queens.ID}` })).statusCode).toBe(404);
    expect((await as('manager2', { method: 'GET', url: `/api/integration/${queens.ID}` })).json().data).toEqual({ access_token: '••••9876', location_id: '', environment: 'production' });
    for (const who of WRITERS_REFUSED) {
      expect((await as(who, { method: 'GET', url: '/api/integration' })).statusCode).toBe(403);
      expect((await as(who, { method: 'POST', url: '/api/integration', payload: hubspot })).statusCode).toBe(403);
    }
  });
});
