import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { attendees, childDataConsents, classes, customers, facilities, integrations, leagues, players, teams, teamSignups } from '../../server/db/schema';
import { HUBSPOT_RATE_LIMITED, HUBSPOT_REFUSED, HUBSPOT_UNREACHABLE } from '../../server/services/hubspot';
import { HUBSPOT_LIST_MESSAGES, noHubspot } from '../../core/api/customers';
import { httpHubspotClient } from '../../server/services/hubspot/http';
import { HttpError } from '../../server/http/errors';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';
import { startFakeHubspot, type FakeHubspot } from './support/fakeHubspot';

// The HubSpot adapter against a local HTTP server answering as HubSpot documents, and the profile's
// contact link (GET /customer/hubspot/{id}, spec 1 §2, §7) end to end through it.

const SEARCH = '/crm/v3/objects/contacts/search';
const DETAILS = '/account-info/v3/details';

let fake: FakeHubspot;
beforeAll(async () => { fake = await startFakeHubspot(); });
afterAll(async () => { await fake?.close(); });
beforeEach(() => {
  fake.calls.length = 0;
  fake.contacts.clear();
  fake.lists.clear();
  fake.mode = 'ok';
  fake.rateLimited = 0;
});

/** What a promise was rejected with, as status and message. */
/** A facility's name, as the messages name it. */
async function facilityName(context: TestContext, id: number): Promise<string> {
  const [row] = await context.database.db.select({ name: facilities.name }).from(facilities).where(eq(facilities.ID, id));
  return row.name;
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
}

describe('the HubSpot client', () => {
  it('reads the portal id with the key as a Bearer token, and remembers it per key', async () => {
    const client = httpHubspotClient(fake.url);
    expect(await client.portalId(fake.token)).toBe(4242);
    expect(await client.portalId(fake.token)).toBe(4242);
    expect(fake.calls).toEqual([{ method: 'GET', path: DETAILS, authorization: `Bearer ${fake.token}`, body: undefined }]);

    const expiring = httpHubspotClient(fake.url, { portalCacheMs: 0 });
    await expiring.portalId(fake.token);
    await expiring.portalId(fake.token);
    expect(fake.calls).toHaveLength(3);
  });

  it('finds a contact by email, or null when HubSpot has none', async () => {
    fake.contacts.set('ana@example.com', '501');
    const client = httpHubspotClient(`${fake.url}/`);
    expect(await client.findContactByEmail(fake.token, 'ana@example.com')).toBe('501');
    expect(await client.findContactByEmail(fake.token, 'nobody@example.com')).toBeNull();
    expect(fake.calls[0]).toEqual({
      method: 'POST', path: SEARCH, authorization: `Bearer ${fake.token}`,
      body: { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'ana@example.com' }] }], limit: 1 },
    });
  });

  it('answers 409 when HubSpot refuses the key, without repeating the key', async () => {
    const client = httpHubspotClient(fake.url);
    for (const call of [client.portalId('pat-wrong-secret'), client.findContactByEmail('pat-wrong-secret', 'a@example.com')]) {
      const { status, message } = await failure(call);
      expect(status).toBe(409);
      expect(message).toBe(HUBSPOT_REFUSED);
      expect(message).not.toContain('pat-wrong-secret');
    }
  });

  it('answers 502 when HubSpot fails, does not answer in time, or cannot be reached', async () => {
    fake.mode = 'error';
    expect(await failure(httpHubspotClient(fake.url).portalId(fake.token))).toEqual({ status: 502, message: HUBSPOT_UNREACHABLE });

    fake.mode = 'hang';
    const started = Date.now();
    const slow = httpHubspotClient(fake.url, { timeoutMs: 200 });
    expect(await failure(slow.findContactByEmail(fake.token, 'a@example.com'))).toEqual({ status: 502, message: HUBSPOT_UNREACHABLE });
    expect(Date.now() - started).toBeLessThan(3000);

    const closed = await startFakeHubspot();
    await closed.close();
    expect(await failure(httpHubspotClient(closed.url).portalId(fake.token))).toEqual({ status: 502, message: HUBSPOT_UNREACHABLE });
  });

  it('is pointed at HubSpot unless HUBSPOT_API_URL says otherwise', () => {
    expect(loadConfig({}).hubspotApiUrl).toBe('https://api.hubapi.com');
    expect(loadConfig({ HUBSPOT_API_URL: 'http://127.0.0.1:9/' }).hubspotApiUrl).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ HUBSPOT_API_URL: 'api.hubapi.com' })).toThrow(/HUBSPOT_API_URL/);
  });
});

describe('GET /customer/hubspot/{id}', () => {
  let ctx: TestContext;
  let admin: string;
  let manager: string;
  let manager2: string;

  beforeAll(async () => {
    ctx = await createTestContext({ env: { HUBSPOT_API_URL: fake.url } });
    ({ admin, manager, manager2 } = await ctx.signInStaff());
  });
  afterAll(async () => { await ctx?.close(); });

  const customer = (values: Partial<typeof customers.$inferInsert> = {}) => insertCustomer(ctx.database.db, values);
  const link = (token: string, id: number) => ctx.as(token, { method: 'GET', url: `/api/customer/hubspot/${id}` });
  const searches = () => fake.calls.filter((c) => c.path === SEARCH);
  const contactLink = (contactId: string) => ({ link: `https://app.hubspot.com/contacts/4242/record/0-1/${contactId}` });

  it('says clearly when the facility has no integration, and uses the network-wide one otherwise', async () => {
    const row = await customer({ facility_id: 3, hubspot_id: '900' });
    const res = await link(admin, row.ID);
    expect(res.statusCode).toBe(409);
    // It names the facility and where an integration is set up (issue 41 m27).
    expect(res.json().message).toBe(`No HubSpot integration is set up for ${await facilityName(ctx, 3)}: an admin or manager adds one under Admin → Resources → Integrations`);
    expect(fake.calls).toEqual([]);
    // The profile tells the page so, and it shows no HubSpot button.
    const profile = async () => (await ctx.as(admin, { method: 'GET', url: `/api/customer/${row.ID}` })).json().hubspot;
    expect(await profile()).toBe(false);

    // Facility 1's own integration wins over the network-wide one, whose key HubSpot refuses.
    await ctx.database.db.insert(integrations).values([
      { name: 'HubSpot (all)', type: 'hubspot', facility_id: 999999, data: JSON.stringify({ api_key: 'pat-stale' }) },
      { name: 'HubSpot Brooklyn', type: 'hubspot', facility_id: 1, data: JSON.stringify({ api_key: fake.token }) },
    ]);
    const refused = await link(admin, row.ID);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HUBSPOT_REFUSED);
    expect(refused.body).not.toContain('pat-stale');
    expect(fake.calls.map((c) => c.authorization)).toEqual(['Bearer pat-stale']);
    expect(await profile()).toBe(true);
  });

  it('links a customer with a known contact id without searching', async () => {
    const row = await customer({ hubspot_id: '901' });
    const res = await link(manager, row.ID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(contactLink('901'));
    expect(searches()).toEqual([]);
    expect(fake.calls.every((c) => c.authorization === `Bearer ${fake.token}`)).toBe(true);
  });

  it('finds the contact by email, links it and remembers its id', async () => {
    const row = await customer({ email: 'Dana@Example.com' });
    fake.contacts.set('dana@example.com', '777');
    const res = await link(manager, row.ID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(contactLink('777'));
    expect(searches().map((c) => c.body)).toEqual([
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'Dana@Example.com' }] }], limit: 1 },
    ]);
    const [stored] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(stored.hubspot_id).toBe('777');

    fake.calls.length = 0;
    expect((await link(manager, row.ID)).json()).toEqual(contactLink('777'));
    expect(fake.calls).toEqual([]); // portal id remembered, contact id stored
  });

  it("searches a child by its parent's email", async () => {
    const child = await customer({ is_kid: true, email: 'parent.kid@example.com##1234' });
    fake.contacts.set('parent.kid@example.com', '808');
    const res = await link(manager, child.ID);
    expect(res.json()).toEqual(contactLink('808'));
    expect(searches().map((c) => c.body)).toEqual([
      { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'parent.kid@example.com' }] }], limit: 1 },
    ]);
  });

  it('answers 404 when HubSpot has no such contact, storing nothing', async () => {
    const row = await customer();
    const res = await link(manager, row.ID);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This customer is not in HubSpot yet');
    const [stored] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(stored.hubspot_id).toBeNull();
  });

  it('answers 502 when HubSpot is down', async () => {
    fake.mode = 'error';
    const down = await link(admin, (await customer()).ID);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe(HUBSPOT_UNREACHABLE);
  });

  it("answers 404 for another facility's customer without calling HubSpot", async () => {
    const row = await customer({ hubspot_id: '902' });
    const res = await link(manager2, row.ID);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Customer not found');
    expect(fake.calls).toEqual([]);
  });
});

describe('HubSpot contact lists through the client', () => {
  const emails = (n: number) => Array.from({ length: n }, (_, i) => `player${i}@example.com`);

  it('upserts 2,000 contacts in batches of 100 and fills one list, within 10 s', async () => {
    const client = httpHubspotClient(fake.url);
    const started = Date.now();
    const ids = await client.upsertContacts(fake.token, emails(2000));
    const listId = await client.ensureList(fake.token, 'Touchline: everyone');
    await client.addToList(fake.token, listId, ids);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(new Set(ids).size).toBe(2000);
    expect(fake.calls.filter((c) => c.path.endsWith('/batch/upsert'))).toHaveLength(20);
    expect(fake.lists.get(listId)!.members.size).toBe(2000);
    // The same name is the same list.
    expect(await client.ensureList(fake.token, 'Touchline: everyone')).toBe(listId);
    expect(fake.lists.size).toBe(1);
  });

  it('waits and tries again when HubSpot rate limits (429), and says so clearly when it lasts', async () => {
    const client = httpHubspotClient(fake.url, { rateLimit: { attempts: 3, baseMs: 5 } });
    fake.rateLimited = 2;
    expect(await client.upsertContacts(fake.token, emails(3))).toHaveLength(3);
    fake.rateLimited = 3;
    expect(await failure(client.ensureList(fake.token, 'Limited'))).toEqual({ status: 503, message: HUBSPOT_RATE_LIMITED });
    expect(fake.lists.size).toBe(0);
  });
});

describe('POST /customer/hubspot', () => {
  let ctx: TestContext;
  let tokens: Awaited<ReturnType<TestContext['signInStaff']>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext({ env: { HUBSPOT_API_URL: fake.url } });
    tokens = await ctx.signInStaff();
    const db = ctx.database.db;
    const person = async (key: string, values: Partial<typeof customers.$inferInsert> = {}) => {
      ids[key] = (await insertCustomer(db, { email: `${key}@example.com`, ...values })).ID;
    };
    await person('cap'); await person('p1'); await person('parent'); await person('quiet', { unsubscribed_at: 1_700_000_000 });
    await person('kid', { is_kid: true, email: 'parent@example.com##0', parent_email: 'parent@example.com' });
    const now = Math.floor(Date.now() / 1000);
    [{ ID: ids.league }] = await db.insert(leagues).values({ name: 'Monday Men', facility_id: 1, start_date: now, end_date: now + 86_400 * 60 }).returning();
    [{ ID: ids.team }] = await db.insert(teams).values({ name: 'Red Lions', facility_id: 1, captain_id: ids.cap }).returning();
    [{ ID: ids.elsewhere }] = await db.insert(teams).values({ name: 'Queens Team', facility_id: 2 }).returning();
    await db.insert(players).values([ids.cap, ids.p1, ids.quiet].map((customer_id) => ({ team_id: ids.team, customer_id, registration_date: now })));
    await db.insert(teamSignups).values({ team_id: ids.team, league_id: ids.league });
    [{ ID: ids.class }] = await db.insert(classes).values({ name: 'Little Kickers', facility_id: 1, start_date: now, end_date: now + 86_400 * 60 }).returning();
    await db.insert(attendees).values({ class_id: ids.class, customer_id: ids.kid, parent_id: ids.parent });
    // The parent consented in the portal: the child's class reaches HubSpot (tests/api/portal-consent.test.ts: not without).
    await db.insert(childDataConsents).values({ customer_id: ids.parent, given_at: now, ip: '127.0.0.1', user_agent: 'test' });
    await db.insert(integrations).values({ name: 'HubSpot Brooklyn', type: 'hubspot', facility_id: 1, data: JSON.stringify({ api_key: fake.token }) });
  });
  afterAll(async () => { await ctx?.close(); });

  const post = (token: string, body: unknown) => ctx.as(token, { method: 'POST', url: '/api/customer/hubspot', payload: body as Record<string, unknown> });

  it("puts a league's players and a class's parents in one list, answers its id, and adds to the same list next time", async () => {
    const res = await post(tokens.manager, { league_ids: [ids.league], class_ids: [ids.class] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ contacts: 3, link: `https://app.hubspot.com/contacts/4242/objectLists/${answer.data}` });
    expect(answer.name).toMatch(/^Touchline .+: Monday Men, Little Kickers \([0-9a-f]{8}\)$/);
    // Players (the unsubscribed one left out) and the child's parent, by e-mail.
    expect([...fake.contacts.keys()].sort()).toEqual(['cap@example.com', 'p1@example.com', 'parent@example.com']);
    expect(fake.lists.get(answer.data)!.members.size).toBe(3);
    const again = await post(tokens.manager, { class_ids: [ids.class], league_ids: [ids.league] });
    expect(again.json().data).toBe(answer.data);
    expect(fake.lists.size).toBe(1);
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/crm/v3/lists')).toHaveLength(1);
  });

  it('refuses a bad or empty selection, another facility\'s team and mixed facilities, calling HubSpot for none', async () => {
    const empty = await post(tokens.manager, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(HUBSPOT_LIST_MESSAGES.none);
    expect((await post(tokens.manager, { team_ids: ['x'] })).statusCode).toBe(400);
    expect((await post(tokens.manager, { team_ids: [ids.elsewhere] })).statusCode).toBe(404);
    const mixed = await post(tokens.admin, { team_ids: [ids.team, ids.elsewhere] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(HUBSPOT_LIST_MESSAGES.facilities);
    expect((await post(tokens.coach, { team_ids: [ids.team] })).statusCode).toBe(403);
    expect(fake.calls).toEqual([]);
  });

  it('says when the facility has no integration, and turns a lasting rate limit into a clear 503', async () => {
    const noKey = await post(tokens.admin, { team_ids: [ids.elsewhere] });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().message).toBe(noHubspot(await facilityName(ctx, 2)));
    expect(noKey.json().message).toContain('Admin → Resources → Integrations');
    fake.rateLimited = 100;
    const limited = await post(tokens.manager, { team_ids: [ids.team] });
    expect(limited.statusCode).toBe(503);
    expect(limited.json().message).toBe(HUBSPOT_RATE_LIMITED);
  }, 30_000);
});
