import { appDataProvider } from './support/app';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { session } from '../../dataProvider/session';
import { UNREACHABLE } from '../../dataProvider/httpClient';
import { json, mockFetch, type FetchHandler } from './support/fetch';

// The browser's dataProvider over a fake network: the spec's paths, the bearer token, ID → id,
// Content-Range totals, only changed fields on update, and failures as HttpError with the server's words.

const TAXES = [
  { ID: 1, name: 'City Tax', value: 4.5, CreatedAt: 1, UpdatedAt: 1 },
  { ID: 2, name: 'State Tax', value: 4, CreatedAt: 1, UpdatedAt: 1 },
];

const provider = () => appDataProvider();
const decoded = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

beforeEach(() => {
  localStorage.clear();
  session.save('secret-token', 'admin', 1);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dataProvider', () => {
  it('lists from the list path with sort, range and filter, adds id and reads the total from Content-Range', async () => {
    const { calls } = mockFetch({ 'GET /api/taxes': () => json(200, TAXES, { 'Content-Range': 'taxes 0-1/12' }) });
    const result = await provider().getList('taxes', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'tax' } });
    expect(result.total).toBe(12);
    expect(result.data).toEqual(TAXES.map((t) => ({ ...t, id: t.ID })));
    expect(calls[0].path).toBe('/api/taxes');
    expect(decoded(calls[0].url)).toEqual({ sort: '["name","ASC"]', range: '[0,1]', filter: '{"q":"tax"}' });
    expect(calls[0].authorization).toBe('Bearer secret-token');
  });

  it('reads, creates, updates and deletes on the item path', async () => {
    const record = { ...TAXES[0], value: 5 };
    const { calls } = mockFetch({
      'GET /api/tax/1': () => json(200, TAXES[0]),
      'POST /api/tax': () => json(201, { ...TAXES[0], ID: 3 }),
      'PUT /api/tax/1': () => json(200, record),
      'DELETE /api/tax/1': () => json(200, TAXES[0]),
    });
    const dp = provider();
    expect((await dp.getOne('taxes', { id: 1 })).data).toMatchObject({ id: 1, ID: 1 });
    expect((await dp.create('taxes', { data: { name: 'City Tax', value: 4.5 } })).data).toMatchObject({ id: 3 });
    const previousData = { ...TAXES[0], id: 1 };
    expect((await dp.update('taxes', { id: 1, data: { ...previousData, value: 5 }, previousData })).data).toMatchObject({ id: 1, value: 5 });
    expect((await dp.delete('taxes', { id: 1, previousData })).data).toMatchObject({ id: 1 });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['GET', '/api/tax/1', undefined],
      ['POST', '/api/tax', { name: 'City Tax', value: 4.5 }],
      // Only what changed: never id, ID or the timestamps, which the API refuses.
      ['PUT', '/api/tax/1', { value: 5 }],
      ['DELETE', '/api/tax/1', undefined],
    ]);
  });

  it('asks the list path for several records by id', async () => {
    const { calls } = mockFetch({ 'GET /api/fees': () => json(200, [{ ID: 7, name: 'Card fee', value: 3 }], { 'Content-Range': 'fees 0-0/1' }) });
    const { data } = await provider().getMany('fees', { ids: [7] });
    expect(data).toEqual([{ ID: 7, id: 7, name: 'Card fee', value: 3 }]);
    expect(decoded(calls[0].url)).toEqual({ filter: '{"id":[7]}' });
  });

  it('sends no Authorization header when signed out', async () => {
    session.clear();
    const { calls } = mockFetch({ 'GET /api/tax/1': () => json(200, TAXES[0]) });
    await provider().getOne('taxes', { id: 1 });
    expect(calls[0].authorization).toBeNull();
  });
});

describe("the admin's facility scope", () => {
  const list = (resource: string, path: string, filter: Record<string, unknown> = {}) => {
    const { calls } = mockFetch({ [`GET ${path}`]: () => json(200, [], { 'Content-Range': `${resource} */0` }) });
    return provider()
      .getList(resource, { pagination: { page: 1, perPage: 25 }, sort: { field: 'ID', order: 'ASC' }, filter })
      .then(() => JSON.parse(decoded(calls[0].url).filter));
  };

  it('adds the selected facility to the lists that belong to a facility, unless the screen chose one', async () => {
    session.selectFacility(2);
    expect(await list('scoreboards', '/api/scoreboard')).toEqual({ facility_id: 2 });
    expect(await list('discount_rules', '/api/discount/rule', { q: 'x' })).toEqual({ q: 'x', facility_id: 2 });
    expect(await list('discount_rules', '/api/discount/rule', { facility_id: 3 })).toEqual({ facility_id: 3 });
    // Shared records (taxes) and the facility list itself are never scoped.
    expect(await list('taxes', '/api/taxes')).toEqual({});
    expect(await list('facilities', '/api/facility')).toEqual({});
  });

  it("adds nothing for 'All facilities' (0), nor for other roles (the server pins them)", async () => {
    session.selectFacility(0);
    expect(session.facilityScope()).toBeNull();
    expect(session.selectedFacility()).toBe(1);
    expect(await list('scoreboards', '/api/scoreboard')).toEqual({});
    session.save('secret-token', 'manager', 2);
    session.selectFacility(3);
    expect(await list('scoreboards', '/api/scoreboard')).toEqual({});
  });
});

describe('dataProvider failures', () => {
  async function failure(handler: FetchHandler): Promise<HttpError> {
    mockFetch({ 'POST /api/tax': handler });
    const error = await provider().create('taxes', { data: { name: 'x', value: -1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }

  it("rejects with the server's message, status and body", async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'value: cannot be negative' };
    const error = await failure(() => json(400, body));
    expect(error.message).toBe('value: cannot be negative');
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
  });

  it('passes a 401 on for authProvider.checkError', async () => {
    const error = await failure(() => json(401, { statusCode: 401, error: 'Unauthorized', message: 'Please sign in again', code: 401 }));
    expect(error.status).toBe(401);
    expect(error.body.code).toBe(401);
  });

  it('falls back to the status text, then to the status', async () => {
    expect((await failure(() => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }))).message).toBe('Bad Gateway');
    expect((await failure(() => new Response('', { status: 503 }))).message).toBe('The request failed (HTTP 503)');
  });

  it('says so when the server cannot be reached', async () => {
    const error = await failure(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(error.message).toBe(UNREACHABLE);
  });
});

describe('dataProvider verbs derived from the entity declarations (core/api/entity.ts)', () => {
  it('reaches staff at the root paths: list, presignup and PUT /user with the id in the body', async () => {
    const moe = { ID: 11, email: 'moe@touchline.test' };
    const { calls } = mockFetch({
      'GET /user': () => json(200, [moe], { 'Content-Range': 'user 0-0/1' }),
      'POST /user/presignup': () => json(200, { ...moe, ID: 12 }),
      'PUT /user': () => json(200, { ...moe, first_name: 'Moe' }),
    });
    const dp = provider();
    expect((await dp.getList('staff', { pagination: { page: 1, perPage: 25 }, sort: { field: 'ID', order: 'ASC' }, filter: {} })).total).toBe(1);
    await dp.create('staff', { data: { email: 'new@touchline.test' } });
    await dp.update('staff', { id: 11, data: { ...moe, id: 11, first_name: 'Moe' }, previousData: { ...moe, id: 11 } });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['GET', '/user', undefined],
      ['POST', '/user/presignup', { email: 'new@touchline.test' }],
      ['PUT', '/user', { first_name: 'Moe', id: 11 }],
    ]);
  });

  it('pages a limit-and-offset list (the classes) and reads its page and total from the keys it declares', async () => {
    const { calls } = mockFetch({ 'GET /api/class': () => json(200, { classes: [{ ID: 7, name: 'U8' }], nb_classes: 31 }) });
    const result = await provider().getList('classes', { pagination: { page: 3, perPage: 10 }, sort: { field: 'ID', order: 'ASC' }, filter: { active: true } });
    expect(result).toEqual({ data: [{ ID: 7, id: 7, name: 'U8' }], total: 31 });
    expect(decoded(calls[0].url)).toEqual({ active: 'true', limit: '10', offset: '20' });
  });

  it('sends the version a record was read with as If-Match, never as a field', async () => {
    const { calls } = mockFetch({
      'GET /api/customer/5': () => json(200, { ID: 5, first_name: 'Ann' }, { ETag: '"7"' }),
      'PUT /api/customer/5': () => json(200, { ID: 5, first_name: 'Anna' }, { ETag: '"8"' }),
    });
    const dp = provider();
    const { data: read } = await dp.getOne('customer', { id: 5 });
    const { data: written } = await dp.update('customer', { id: 5, data: { ...read, first_name: 'Anna' }, previousData: read });
    expect(written).toEqual({ ID: 5, id: 5, first_name: 'Anna', version: '"8"' });
    expect(calls[1].body).toEqual({ first_name: 'Anna' });
    expect(calls[1].headers.get('If-Match')).toBe('"7"');
  });

  it('changes and deletes several records one after another', async () => {
    const { calls } = mockFetch({
      'PUT /api/tax/1': () => json(200, TAXES[0]),
      'PUT /api/tax/2': () => json(200, TAXES[1]),
      'DELETE /api/tax/1': () => json(200, TAXES[0]),
      'DELETE /api/tax/2': () => json(409, { message: 'Tax 2 is in use' }),
    });
    const dp = provider();
    expect((await dp.updateMany('taxes', { ids: [1, 2], data: { value: 6 } })).data).toEqual([1, 2]);
    await expect(dp.deleteMany('taxes', { ids: [1, 2] })).rejects.toThrow('Tax 2 is in use');
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/tax/1', { value: 6 }],
      ['PUT', '/api/tax/2', { value: 6 }],
      ['DELETE', '/api/tax/1', undefined],
      ['DELETE', '/api/tax/2', undefined],
    ]);
  });

  it('refuses a verb its entity does not declare', async () => {
    mockFetch({});
    await expect(provider().update('discount', { id: 4, data: { name: 'x' }, previousData: { id: 4 } })).rejects.toMatchObject({ status: 405 });
  });

  it('calls any declared endpoint through `call`, typed by its declaration', async () => {
    const { calls } = mockFetch({ 'GET /api/team/3': () => json(200, { ID: 3, name: 'Wolves' }) });
    const { getTeam } = await import('../../core/api/teams');
    const team = await provider().call(getTeam, { params: { id: 3 } });
    expect(team.name).toBe('Wolves');
    expect(calls.map((c) => c.url)).toEqual(['/api/team/3']);
  });

  it('searches customers through getList with q, in the path', async () => {
    const { calls } = mockFetch({ 'GET /api/customer/search/ann%20lee': () => json(200, [{ ID: 3, first_name: 'Ann' }]) });
    const result = await provider().getList('customer', { pagination: { page: 1, perPage: 50 }, sort: { field: 'ID', order: 'ASC' }, filter: { q: ' ann lee ', facility_id: 2 } });
    expect(result).toEqual({ data: [{ ID: 3, id: 3, first_name: 'Ann' }], total: 1 });
    expect(calls[0].url).toBe('/api/customer/search/ann%20lee?facility_id=2');
  });

  it('answers the customer list without words with no customer, asking nothing', async () => {
    const { calls } = mockFetch({});
    const result = await provider().getList('customer', { pagination: { page: 1, perPage: 50 }, sort: { field: 'ID', order: 'ASC' }, filter: { q: '  ' } });
    expect(result).toEqual({ data: [], total: 0 });
    expect(calls).toEqual([]);
  });

  it('reads a customer (getOne) as the profile, with the version its ETag carries', async () => {
    const { calls } = mockFetch({ 'GET /api/customer/5': () => json(200, { ID: 5, first_name: 'Ann' }, { ETag: '"7"' }) });
    const { data } = await provider().getOne('customer', { id: '5' });
    expect(data).toEqual({ ID: 5, id: 5, first_name: 'Ann', version: '"7"' });
    expect(calls.map((c) => [c.method, c.path])).toEqual([['GET', '/api/customer/5']]);
  });

  it('resets a scoreboard, reads the changelog and sends a password reset as typed methods', async () => {
    const { calls } = mockFetch({
      'POST /api/send': () => json(200, { ID: 2, game: null }),
      'GET /api/changelog': () => json(200, []),
      'POST /user/reset': () => json(200, { message: 'Sent' }),
    });
    const dp = provider();
    expect(await dp.resetScoreboard(2)).toMatchObject({ ID: 2, game: null });
    expect(await dp.getChangelog('facility', 1)).toEqual([]);
    expect(await dp.sendPasswordReset('moe@touchline.test')).toBe('Sent');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/send', { id: 2, action: 'reset', origin: 'scoreboard' }],
      ['GET', '/api/changelog?object=facility&id=1', undefined],
      ['POST', '/user/reset?email=moe%40touchline.test', undefined],
    ]);
  });

  it('refuses a resource without an entity declaration rather than guessing its paths', async () => {
    mockFetch({});
    await expect(async () => provider().getList('lockers', { pagination: { page: 1, perPage: 5 }, sort: { field: 'ID', order: 'ASC' }, filter: {} }))
      .rejects.toThrow(/No entity declaration for the resource "lockers"/);
  });
});
