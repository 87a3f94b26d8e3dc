import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HUBSPOT_LIST_MESSAGES } from '../../core/api/customers';
import { attendees, changelog, childDataConsents, classes, integrations, leagues, players, teams, teamSignups } from '../../server/db/schema';
import type { StaffTokens, TestContext } from './harness';
import { insertCustomer } from './support/customers';
import { startFakeHubspot, type FakeHubspot } from './support/fakeHubspot';
import { portal, portalContext, type PortalFamily } from './support/portal';

// The parent's consent (issue 43 §7): "Children's data never leaves for HubSpot or broadcasts without the
// parent's consent recorded." Given and withdrawn in the portal with its time; until then a child is in
// no broadcast's recipients (nor mailed by one) and in no HubSpot list; once given, it is. On both databases.

let fake: FakeHubspot;
let ctx: TestContext;
let staff: StaffTokens;
let family: PortalFamily;
const ids: Record<string, number> = {};

beforeAll(async () => {
  fake = await startFakeHubspot();
  ({ ctx, staff, family } = await portalContext({ env: { HUBSPOT_API_URL: fake.url } }));
  const db = ctx.database.db;
  const now = Math.floor(Date.now() / 1000);
  ids.adult = (await insertCustomer(db, { email: 'adult.player@example.com' })).ID;
  [{ ID: ids.league }] = await db.insert(leagues).values({ name: 'Youth Saturday', facility_id: 1, start_date: now, end_date: now + 86_400 * 60 }).returning();
  [{ ID: ids.team }] = await db.insert(teams).values({ name: 'Little Lions', facility_id: 1 }).returning();
  await db.insert(players).values([family.childId, ids.adult].map((customer_id) => ({ team_id: ids.team, customer_id, registration_date: now })));
  await db.insert(teamSignups).values({ team_id: ids.team, league_id: ids.league });
  [{ ID: ids.class }] = await db.insert(classes).values({ name: 'Tiny Kickers', facility_id: 1, start_date: now, end_date: now + 86_400 * 60 }).returning();
  await db.insert(attendees).values({ class_id: ids.class, customer_id: family.childId, parent_id: family.holderId });
  await db.insert(integrations).values({ name: 'HubSpot', type: 'hubspot', facility_id: 1, data: JSON.stringify({ api_key: fake.token }) });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.calls.length = 0;
  fake.contacts.clear();
  fake.lists.clear();
});

const consent = (given: unknown, token = family.token) => portal(ctx, token, 'PUT', '/consent', { given });
const recipients = async (query: string) => (await ctx.api(staff.manager, 'GET', `/broadcast/recipients?${query}`)).json().recipients as string[];
const exportToHubspot = (body: Record<string, unknown>) => ctx.api(staff.manager, 'POST', '/customer/hubspot', body);
const broadcast = (to: string[]) => ctx.api(staff.manager, 'POST', '/broadcast', {
  subject: `News ${to.length}`, html: '<p>Saturday games start at 9</p>', recipients: to, facility_id: 1, reply_to: 'desk@example.com', team_id: ids.team,
});

async function mailedTo(address: string, subject: string): Promise<boolean> {
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    if (ctx.outbox.some((m) => m.to === address && m.subject === subject)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('the consent in the portal', () => {
  it('is not given at first; given, it is recorded with its time, IP and user agent, and in the changelog', async () => {
    expect((await portal(ctx, family.token, 'GET', '/me')).json().child_data_consent).toBeNull();
    const t0 = Math.floor(Date.now() / 1000);
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/portal/consent', headers: { authorization: `Bearer ${family.token}`, 'user-agent': 'ConsentTest/1.0' }, payload: { given: true } });
    expect(res.statusCode).toBe(200);
    const given = res.json().child_data_consent;
    expect(given.given_at).toBeGreaterThanOrEqual(t0);
    const [row] = await ctx.database.db.select().from(childDataConsents).where(eq(childDataConsents.customer_id, family.holderId));
    expect(row).toMatchObject({ given_at: given.given_at, ip: '127.0.0.1', user_agent: 'ConsentTest/1.0' });
    // Given again: the first time stands.
    expect((await consent(true)).json().child_data_consent).toEqual(given);
    const logged = await ctx.database.db.select().from(changelog).where(and(eq(changelog.object_type, 'customer'), eq(changelog.object_id, family.holderId)));
    expect(logged.filter((c) => c.new_value.includes('child_data_consent'))).toHaveLength(1);
  });

  it('is withdrawn: nothing recorded any more', async () => {
    const res = await consent(false);
    expect(res.statusCode).toBe(200);
    expect(res.json().child_data_consent).toBeNull();
    expect(await ctx.database.db.select().from(childDataConsents).where(eq(childDataConsents.customer_id, family.holderId))).toEqual([]);
  });

  it('refuses a bad body (400) and a staff token (401)', async () => {
    expect((await consent('yes')).statusCode).toBe(400);
    expect((await portal(ctx, family.token, 'PUT', '/consent', {})).statusCode).toBe(400);
    expect((await consent(true, staff.admin)).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(childDataConsents).where(eq(childDataConsents.customer_id, family.holderId))).toEqual([]);
  });

  it('is read by staff on the parent\'s profile, when given; another facility\'s manager and a portal token get none of it', async () => {
    const read = (token: string, id = family.holderId) => ctx.api(token, 'GET', `/customer/${id}/child-data-consent`);
    expect((await read(staff.manager)).json()).toEqual({ given_at: null });
    const given = (await consent(true)).json().child_data_consent.given_at as number;
    for (const token of [staff.admin, staff.manager]) {
      const res = await read(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ given_at: given });
    }
    // The child's own profile: the consent is the parent's, not theirs.
    expect((await read(staff.manager, family.childId)).json()).toEqual({ given_at: null });
    const walled = await read(staff.manager2);
    expect(walled.statusCode).toBe(404);
    expect(walled.body).not.toContain(String(given));
    expect((await read(family.token)).statusCode).toBe(401);
    expect((await read(staff.manager, 99_999)).statusCode).toBe(404);
    expect((await read(staff.manager, 0)).statusCode).toBe(400);
    expect((await consent(false)).statusCode).toBe(200);
    expect((await read(staff.manager)).json()).toEqual({ given_at: null });
  });
});

describe('without the parent\'s consent', () => {
  it('the child is in no broadcast\'s recipients, and a broadcast to the parent\'s address from its team is refused', async () => {
    expect(await recipients(`team_id=${ids.team}&send_to=players`)).toEqual(['adult.player@example.com']);
    expect(await recipients(`league_id=${ids.league}&send_to=players`)).toEqual(['adult.player@example.com']);
    expect(await recipients(`class_id=${ids.class}`)).toEqual([]);
    const refused = await broadcast([family.email]);
    expect(refused.statusCode).toBe(403);
    const sent = await broadcast(['adult.player@example.com']);
    expect(sent.statusCode).toBe(201);
    expect(await mailedTo('adult.player@example.com', 'News 1')).toBe(true);
    expect(ctx.outbox.filter((m) => m.to === family.email && m.subject.startsWith('News'))).toEqual([]);
  });

  it('the child is not sent to HubSpot: the team\'s export has the adult alone, the class\'s nobody', async () => {
    const team = await exportToHubspot({ team_ids: [ids.team] });
    expect(team.statusCode, team.body).toBe(200);
    expect([...fake.contacts.keys()]).toEqual(['adult.player@example.com']);
    const cls = await exportToHubspot({ class_ids: [ids.class] });
    expect(cls.statusCode).toBe(400);
    expect(cls.json().message).toBe(HUBSPOT_LIST_MESSAGES.nobody);
    expect(JSON.stringify(fake.calls)).not.toContain(family.email);
  });
});

describe('with the parent\'s consent', () => {
  it('the child is reached at the parent\'s address by a broadcast, and mailed', async () => {
    expect((await consent(true)).statusCode).toBe(200);
    expect(await recipients(`team_id=${ids.team}&send_to=players`)).toEqual(['adult.player@example.com', family.email].sort());
    expect(await recipients(`class_id=${ids.class}`)).toEqual([family.email]);
    const sent = await broadcast([family.email, 'adult.player@example.com']);
    expect(sent.statusCode).toBe(201);
    expect(await mailedTo(family.email, 'News 2')).toBe(true);
  });

  it('the child\'s parent is sent to HubSpot with the team and the class', async () => {
    const res = await exportToHubspot({ team_ids: [ids.team], class_ids: [ids.class] });
    expect(res.statusCode, res.body).toBe(200);
    expect([...fake.contacts.keys()].sort()).toEqual(['adult.player@example.com', family.email].sort());
  });
});
