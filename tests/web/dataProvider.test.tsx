import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { session } from '../../dataProvider/session';
import { createDataProvider } from '../../dataProvider';
import { UNREACHABLE } from '../../dataProvider/httpClient';
import { json, mockFetch, type FetchHandler } from './support/fetch';

// The browser's dataProvider over a fake network: the spec's paths, the bearer token, ID → id,
// Content-Range totals, only changed fields on update, and failures as HttpError with the server's words.

const TAXES = [
  { ID: 1, name: 'City Tax', value: 4.5, CreatedAt: 1, UpdatedAt: 1 },
  { ID: 2, name: 'State Tax', value: 4, CreatedAt: 1, UpdatedAt: 1 },
];

const provider = () => createDataProvider('/api');
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

  it('uses the resource name as the path of a resource missing from the map', async () => {
    const { calls } = mockFetch({ 'GET /api/discount': () => json(200, [], { 'Content-Range': 'discount */0' }) });
    expect(await provider().getList('discount', { pagination: { page: 1, perPage: 10 }, sort: { field: 'ID', order: 'DESC' }, filter: {} }))
      .toEqual({ data: [], total: 0 });
    expect(calls[0].path).toBe('/api/discount');
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

describe('dataProvider paths and custom calls (core/entities.ts)', () => {
  it('reaches staff at the root paths: list, one account through the id filter, presignup and PUT /user', async () => {
    const moe = { ID: 11, email: 'moe@touchline.test' };
    const { calls } = mockFetch({
      'GET /user': () => json(200, [moe], { 'Content-Range': 'user 0-0/1' }),
      'POST /user/presignup': () => json(200, { ...moe, ID: 12 }),
      'PUT /user': () => json(200, { ...moe, first_name: 'Moe' }),
    });
    const dp = provider();
    expect((await dp.getList('staff', { pagination: { page: 1, perPage: 25 }, sort: { field: 'ID', order: 'ASC' }, filter: {} })).total).toBe(1);
    expect((await dp.getOne('staff', { id: 11 })).data).toMatchObject({ id: 11 });
    await dp.create('staff', { data: { email: 'new@touchline.test' } });
    await dp.update('staff', { id: 11, data: { ...moe, id: 11, first_name: 'Moe' }, previousData: { ...moe, id: 11 } });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['GET', '/user', undefined],
      ['GET', '/user', undefined],
      ['POST', '/user/presignup', { email: 'new@touchline.test' }],
      ['PUT', '/user', { first_name: 'Moe', id: 11 }],
    ]);
    expect(decoded(calls[1].url)).toMatchObject({ filter: '{"id":[11]}' });
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

  it('expires a discount, resets a scoreboard, reads the changelog and sends a password reset as typed methods', async () => {
    const { calls } = mockFetch({
      'PUT /api/discount/4': () => json(200, { ID: 4, expired: true }),
      'POST /api/send': () => json(200, { ID: 2, game: null }),
      'GET /api/changelog': () => json(200, []),
      'POST /user/reset': () => json(200, { message: 'Sent' }),
    });
    const dp = provider();
    await dp.expireDiscount(4);
    expect(await dp.resetScoreboard(2)).toMatchObject({ ID: 2, game: null });
    expect(await dp.getChangelog('facility', 1)).toEqual([]);
    expect(await dp.sendPasswordReset('moe@touchline.test')).toBe('Sent');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/discount/4?expired=1', undefined],
      ['POST', '/api/send', { id: 2, action: 'reset', origin: 'scoreboard' }],
      ['GET', '/api/changelog?object=facility&id=1', undefined],
      ['POST', '/user/reset?email=moe%40touchline.test', undefined],
    ]);
  });

  it('refuses a resource without API paths rather than guessing one', async () => {
    mockFetch({});
    await expect(async () => provider().getList('lockers', { pagination: { page: 1, perPage: 5 }, sort: { field: 'ID', order: 'ASC' }, filter: {} }))
      .rejects.toThrow(/core\/entities\.ts/);
  });
});
