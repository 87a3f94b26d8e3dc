import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSignupPayload } from '../../core/signupLink';
import { buildApp } from '../../server/app';
import { hashToken } from '../../server/auth/tokens';
import { sessions, userTokens, users } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../server/db/seed/staff';
import { createTestContext, type TestContext } from './harness';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const { email } of DEMO_STAFF) {
    const role = email.split('@')[0];
    tokens[role] = await ctx.login(email);
    ids[role] = (await ctx.as(tokens[role], { method: 'GET', url: '/check' })).json().ID;
  }
});
afterAll(async () => { await ctx?.close(); });

const as = (role: string, options: InjectOptions) => ctx.as(tokens[role], options);
const presignup = (role: string, payload: unknown) => as(role, { method: 'POST', url: '/user/presignup', payload: payload as object });
const update = (role: string, payload: unknown) => as(role, { method: 'PUT', url: '/user', payload: payload as object });
const list = (role: string, query = '') => as(role, { method: 'GET', url: `/user${query}` });
const remove = (role: string, id: number | string) => as(role, { method: 'DELETE', url: `/user/${id}` });

let made = 0;
const newEmail = () => `member${++made}@example.test`;

/** A staff member created through the API by `role`. */
async function create(role: string, fields: Record<string, unknown> = {}) {
  const res = await presignup(role, { email: newEmail(), user_type: 'referee', facility_id: 1, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0].n;
const rowOf = async (id: number) => (await ctx.database.db.select().from(users).where(eq(users.ID, id)))[0];

describe('POST /user/presignup', () => {
  it('creates a staff member without a password and mails the signup link', async () => {
    const email = newEmail();
    const res = await presignup('admin', {
      email: ` ${email.toUpperCase()} `, user_type: 'mod', first_name: ' Lia ', last_name: 'Lopez', phone: '718.555.0142', facility_id: 2,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      ID: expect.any(Number), email, user_type: 'mod', first_name: 'Lia', last_name: 'Lopez', phone: '+17185550142',
      facility_id: 2, facility: { ID: 2, name: 'Touchline Queens' }, password_set: false,
    });
    expect((await rowOf(body.ID)).password_hash).toBeNull();

    const mail = ctx.outbox.at(-1)!;
    expect(mail).toMatchObject({ to: email, subject: 'Your Touchline staff account' });
    const link = new URL(/\S+\/signup\?\S+/.exec(mail.text)![0]);
    expect(link.origin + link.pathname).toBe('http://touchline.test/signup');
    expect(link.searchParams.get('reset')).toBeNull();
    const payload = decodeSignupPayload(link.searchParams.get('token'));
    expect(payload).toEqual({ id: body.ID, token: expect.any(String), first_name: 'Lia', last_name: 'Lopez', email, phone: '+17185550142' });
    const [stored] = await ctx.database.db.select().from(userTokens).where(eq(userTokens.user_id, body.ID));
    expect(stored).toMatchObject({ purpose: 'signup', token_hash: hashToken(payload!.token) });
  });

  it("puts a manager's new staff in the manager's own facility, whatever they send", async () => {
    const body = await create('manager', { facility_id: 2, user_type: 'coach' });
    expect(body).toMatchObject({ facility_id: 1, user_type: 'coach' });
    const without = await create('manager', { facility_id: undefined, user_type: 'mod' });
    expect(without.facility_id).toBe(1);
  });

  it('lets admins create admins and managers, and refuses those to managers', async () => {
    expect((await create('admin', { user_type: 'admin' })).user_type).toBe('admin');
    expect((await create('admin', { user_type: 'manager', facility_id: 5 })).facility_id).toBe(5);
    const before = await userCount();
    for (const user_type of ['admin', 'manager']) {
      const res = await presignup('manager', { email: newEmail(), user_type });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only admins can create or manage admin and manager accounts');
    }
    expect(await userCount()).toBe(before);
  });

  it.each(['mod', 'coach', 'referee'])("refuses a %s with the spec's message", async (role) => {
    const res = await presignup(role, { email: newEmail(), user_type: 'referee' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only admins can create staff members');
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/user/presignup', payload: { email: newEmail(), user_type: 'mod' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad input with 400, writing and mailing nothing', async () => {
    const before = await userCount();
    const mails = ctx.outbox.length;
    const good = { email: newEmail(), user_type: 'mod', facility_id: 1 };
    const cases: Array<[unknown, string | RegExp]> = [
      [{ ...good, user_type: undefined }, 'Please select a valid user type'],
      [{ ...good, user_type: 'owner' }, 'Please select a valid user type'],
      [{ ...good, phone: '555-0142' }, 'The phone number must have format: 111-222-3333'],
      [{ ...good, phone: '212-555-01OO' }, 'The phone number must have format: 111-222-3333'],
      [{ ...good, email: 'no at sign' }, 'Invalid email'],
      [{ ...good, email: undefined }, 'Invalid email'],
      [{ ...good, facility_id: undefined }, 'Please select a facility'],
      [{ ...good, facility_id: 4242 }, 'Please select a facility'],
      [{ ...good, facility_id: '1' }, /^facility_id: /],
      [{ ...good, first_name: 7 }, /^first_name: /],
      [{ ...good, password: 'letmein1' }, /unknown field password/],
    ];
    for (const [payload, message] of cases) {
      const res = await presignup('admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const broken = await as('admin', { method: 'POST', url: '/user/presignup', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
    expect(ctx.outbox.length).toBe(mails);
  });

  it('refuses an email already used by a live account, in any case', async () => {
    const res = await presignup('admin', { email: 'Manager2@Touchline.test', user_type: 'mod', facility_id: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A staff member with this email already exists');
  });

  it('lets the email of a deleted account be used again', async () => {
    const first = await create('admin');
    expect((await remove('admin', first.ID)).statusCode).toBe(200);
    const again = await create('admin', { email: first.email });
    expect(again.ID).not.toBe(first.ID);
  });

  it('answers 502 when the signup mail cannot be sent, keeping the account for a later reset link', async () => {
    const failing = await buildApp({ config: ctx.config, db: ctx.database.db, mailer: { send: async () => { throw new Error('SMTP down'); } }, hubspot: ctx.app.deps.hubspot, square: ctx.app.deps.square, storage: ctx.app.deps.storage });
    try {
      const res = await failing.inject({
        method: 'POST', url: '/user/presignup', headers: { authorization: `Bearer ${tokens.admin}` },
        payload: { email: 'late@example.test', user_type: 'mod', facility_id: 1 },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/created, but the signup e-mail could not be sent/);
      const listed = await list('admin', '?filter={"q":"late@example"}');
      expect(listed.json()).toMatchObject([{ email: 'late@example.test', password_set: false }]);
    } finally {
      await failing.close();
    }
  });
});

describe('GET /user', () => {
  const emails = (res: { json(): Array<{ email: string }> }) => res.json().map((u) => u.email);

  it('lists every live account for an admin, with the facility and whether a password is set', async () => {
    const res = await list('admin');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(emails(res)).toEqual(expect.arrayContaining(DEMO_STAFF.map((s) => s.email)));
    expect(rows.find((u: { email: string }) => u.email === 'admin@touchline.test')).toEqual({
      ID: ids.admin, email: 'admin@touchline.test', user_type: 'admin', first_name: 'Ada', last_name: 'Admin', phone: '+12125550100',
      facility_id: 1, facility: { ID: 1, name: 'Touchline Brooklyn' }, password_set: true,
    });
    expect(JSON.stringify(rows)).not.toMatch(/password_hash|scrypt/);
    expect(res.headers['content-range']).toBe(`user 0-${rows.length - 1}/${rows.length}`);
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(await list('admin', '?facility_id=0').then(emails)).toEqual(emails(res));
  });

  it("narrows an admin's list to one facility", async () => {
    const rows = (await list('admin', '?facility_id=2')).json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((u: { facility_id: number }) => u.facility_id === 2)).toBe(true);
    expect(rows.map((u: { email: string }) => u.email)).toContain('manager2@touchline.test');
  });

  it("shows a manager only their facility's staff, never an admin account, whatever they ask", async () => {
    await create('admin', { user_type: 'admin', facility_id: 1 });
    for (const query of ['', '?facility_id=0', '?facility_id=2', '?filter={"facility_id":2}', '?filter={"user_type":"admin"}']) {
      const rows = (await list('manager', query)).json();
      expect(rows.every((u: { facility_id: number; user_type: string }) => u.facility_id === 1 && u.user_type !== 'admin'), query).toBe(true);
    }
    const own = await list('manager').then(emails);
    expect(own).toEqual(expect.arrayContaining(['manager@touchline.test', 'mod@touchline.test', 'coach@touchline.test', 'referee@touchline.test']));
    expect(own).not.toContain('admin@touchline.test');
    expect(own).not.toContain('manager2@touchline.test');
  });

  it("takes react-admin's sort, range and filter", async () => {
    const all = (await list('admin', '?filter={"facility_id":1}&sort=["email","DESC"]')).json();
    const sorted = [...all].map((u: { email: string }) => u.email).sort().reverse();
    expect(all.map((u: { email: string }) => u.email)).toEqual(sorted);

    const page = await list('admin', `?filter={"facility_id":1}&sort=["email","DESC"]&range=[1,2]`);
    expect(page.json().map((u: { email: string }) => u.email)).toEqual(sorted.slice(1, 3));
    expect(page.headers['content-range']).toBe(`user 1-2/${all.length}`);

    const empty = await list('admin', '?range=[900,909]');
    expect(empty.json()).toEqual([]);
    expect(empty.headers['content-range']).toMatch(/^user \*\/\d+$/);

    expect(await list('admin', '?filter={"q":"carla COACH"}').then(emails)).toEqual(['coach@touchline.test']);
    expect(await list('admin', '?filter={"q":"5550105"}').then(emails)).toEqual(['referee@touchline.test']);
    expect(await list('admin', `?filter=${encodeURIComponent('{"q":"%"}')}`).then(emails)).toEqual([]);
    expect(await list('admin', '?filter={"user_type":"manager","q":"@touchline.test"}').then(emails)).toEqual(['manager@touchline.test', 'manager2@touchline.test']);
    expect(await list('admin', `?filter={"id":[${ids.mod},${ids.coach}]}`).then(emails)).toEqual(['mod@touchline.test', 'coach@touchline.test']);
    expect((await list('admin', '?sort=["id","DESC"]')).json()[0].ID).toBeGreaterThan(ids.referee);
  });

  it('refuses bad list parameters with 400', async () => {
    for (const query of ['?sort=["password_hash","ASC"]', '?range=[5,1]', '?filter={"q":', '?filter={"deleted":true}', '?facility_id=-1', '?page=2']) {
      const res = await list('admin', query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it.each(['mod', 'coach', 'referee'])('refuses a %s with 403', async (role) => {
    expect((await list(role)).statusCode).toBe(403);
  });
});

describe('GET /user/{id}', () => {
  it('answers one account as the list shows it', async () => {
    const res = await as('admin', { method: 'GET', url: `/user/${ids.mod}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ID: ids.mod, email: 'mod@touchline.test', user_type: 'mod', first_name: expect.any(String), last_name: expect.any(String), phone: expect.any(String),
      facility_id: 1, facility: { ID: 1, name: 'Touchline Brooklyn' }, password_set: true,
    });
  });

  it("answers 404 to a manager for another facility's account and for an admin's, 403 to a mod", async () => {
    expect((await as('manager', { method: 'GET', url: `/user/${ids.referee}` })).statusCode).toBe(200);
    for (const id of [ids.manager2, ids.admin]) {
      const res = await as('manager', { method: 'GET', url: `/user/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Staff member not found');
    }
    expect((await as('mod', { method: 'GET', url: `/user/${ids.referee}` })).statusCode).toBe(403);
    expect((await as('admin', { method: 'GET', url: '/user/0x1' })).statusCode).toBe(400);
  });
});

describe('PUT /user', () => {
  it('lets an admin change any field, and answers the updated row', async () => {
    const member = await create('admin', { user_type: 'referee', facility_id: 1 });
    const email = newEmail();
    const res = await update('admin', {
      id: member.ID, email: email.toUpperCase(), user_type: 'manager', first_name: 'Rae', last_name: 'Renamed', phone: '1 (646) 555-0177', facility_id: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ID: member.ID, email, user_type: 'manager', first_name: 'Rae', last_name: 'Renamed', phone: '+16465550177',
      facility_id: 3, facility: { ID: 3, name: 'Touchline Bronx' }, password_set: false,
    });
  });

  it('changes only what is sent', async () => {
    const member = await create('admin', { first_name: 'Keep', last_name: 'Me', phone: '2125550111' });
    const res = await update('admin', { id: member.ID, last_name: 'Changed' });
    expect(res.json()).toMatchObject({ first_name: 'Keep', last_name: 'Changed', phone: '+12125550111', user_type: 'referee' });
    expect((await update('admin', { id: member.ID })).json()).toMatchObject({ last_name: 'Changed' });
  });

  it('saves a member created without a phone: a blank or cleared (null) phone or name is accepted as blank, as on create', async () => {
    const member = await create('admin', { first_name: 'No', last_name: 'Phone' });
    expect(member.phone).toBe('');
    // What the edit form sends for an input left empty: null (react-admin's emptied field).
    const res = await update('admin', { id: member.ID, phone: null, last_name: 'Phoneless' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ last_name: 'Phoneless', phone: '' });
    const withPhone = await create('admin', { phone: '2125550111', first_name: 'Has' });
    const cleared = await update('admin', { id: withPhone.ID, phone: null, first_name: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ phone: '', first_name: '' });
    expect((await update('admin', { id: member.ID, phone: '' })).statusCode).toBe(200);
  });

  it("lets a manager edit their facility's mods, coaches and referees, within that facility", async () => {
    const member = await create('manager', { user_type: 'referee' });
    const res = await update('manager', { id: member.ID, user_type: 'mod', first_name: 'Promoted', facility_id: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_type: 'mod', first_name: 'Promoted', facility_id: 1 });
  });

  it("hides other facilities' staff and admin accounts from a manager (404), and refuses manager roles (403)", async () => {
    const elsewhere = await create('admin', { facility_id: 2 });
    const before = await rowOf(elsewhere.ID);
    expect((await update('manager', { id: elsewhere.ID, first_name: 'Nope' })).statusCode).toBe(404);
    expect((await update('manager', { id: ids.admin, first_name: 'Nope' })).statusCode).toBe(404);
    expect((await update('manager', { id: ids.manager2, first_name: 'Nope' })).statusCode).toBe(404);
    const self = await update('manager', { id: ids.manager, first_name: 'Nope' });
    expect(self.statusCode).toBe(403);
    const member = await create('manager');
    const promote = await update('manager', { id: member.ID, user_type: 'manager' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe('Only admins can create or manage admin and manager accounts');
    expect(await rowOf(elsewhere.ID)).toEqual(before);
    expect((await rowOf(member.ID)).user_type).toBe('referee');
    expect((await rowOf(ids.manager)).first_name).toBe('Marta');
  });

  it('refuses bad input with 400 or 409, writing nothing', async () => {
    const member = await create('admin', { first_name: 'Same' });
    const before = await rowOf(member.ID);
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ id: member.ID, phone: '12345' }, 400, 'The phone number must have format: 111-222-3333'],
      [{ id: member.ID, user_type: 'boss' }, 400, 'Please select a valid user type'],
      [{ id: member.ID, email: 'bad email' }, 400, 'Invalid email'],
      [{ id: member.ID, facility_id: 4242 }, 400, 'Please select a facility'],
      [{ id: member.ID, first_name: 'X', password_hash: 'x' }, 400, /unknown field password_hash/],
      [{ id: String(member.ID), first_name: 'X' }, 400, /^id: /],
      [{ first_name: 'X' }, 400, /^id: /],
      [{ id: member.ID, email: 'Mod@Touchline.test' }, 409, 'A staff member with this email already exists'],
      [{ id: 999999, first_name: 'X' }, 404, 'Staff member not found'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await update('admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await rowOf(member.ID)).toEqual(before);
  });

  it.each(['mod', 'coach', 'referee'])('refuses a %s with 403', async (role) => {
    expect((await update(role, { id: ids.referee, first_name: 'X' })).statusCode).toBe(403);
  });
});

describe('DELETE /user/{id}', () => {
  it('soft-deletes the account and ends all its sessions', async () => {
    const member = await create('admin', { user_type: 'mod' });
    const payload = decodeSignupPayload(new URL(/\S+\/signup\?\S+/.exec(ctx.outbox.at(-1)!.text)![0]).searchParams.get('token'))!;
    const signedUp = await ctx.app.inject({
      method: 'POST', url: '/user/confirm',
      payload: { id: member.ID, token: payload.token, first_name: 'Del', last_name: 'Eted', phone: '2125550123', password: 'password one' },
    });
    const sessionA = signedUp.json().token;
    const sessionB = (await ctx.app.inject({
      method: 'POST', url: '/user/login', payload: { email: member.email, password: 'password one', user_type: 'mod' },
    })).json().token;
    expect((await ctx.as(sessionB, { method: 'GET', url: '/check' })).statusCode).toBe(200);

    const res = await remove('admin', member.ID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ID: member.ID, email: member.email });
    for (const token of [sessionA, sessionB]) expect((await ctx.as(token, { method: 'GET', url: '/check' })).statusCode).toBe(401);
    const open = await ctx.database.db.select().from(sessions).where(eq(sessions.user_id, member.ID));
    expect(open.every((s) => s.revoked_at !== null)).toBe(true);
    expect((await rowOf(member.ID)).deleted_at).toBeGreaterThan(0);
    const login = await ctx.app.inject({ method: 'POST', url: '/user/login', payload: { email: member.email, password: 'password one', user_type: 'mod' } });
    expect(login.statusCode).toBe(401);
    expect(await list('admin').then((r) => r.json().map((u: { ID: number }) => u.ID))).not.toContain(member.ID);
    expect((await remove('admin', member.ID)).statusCode).toBe(404);
  });

  it("lets a manager delete their facility's referee, not other facilities' staff, admins or managers", async () => {
    const own = await create('manager');
    const elsewhere = await create('admin', { facility_id: 2 });
    expect((await remove('manager', elsewhere.ID)).statusCode).toBe(404);
    expect((await remove('manager', ids.admin)).statusCode).toBe(404);
    expect((await remove('manager', ids.manager2)).statusCode).toBe(404);
    expect((await rowOf(elsewhere.ID)).deleted_at).toBeNull();
    expect((await remove('manager', own.ID)).statusCode).toBe(200);
    expect((await ctx.as(tokens.admin, { method: 'GET', url: '/check' })).statusCode).toBe(200);
  });

  it('refuses to delete yourself', async () => {
    for (const role of ['admin', 'manager']) {
      const res = await remove(role, ids[role]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You cannot delete your own account');
      expect((await rowOf(ids[role])).deleted_at).toBeNull();
    }
  });

  it('refuses a malformed id', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) expect((await remove('admin', id)).statusCode).toBe(400);
  });

  it.each(['mod', 'coach', 'referee'])('refuses a %s with 403', async (role) => {
    expect((await remove(role, ids.referee)).statusCode).toBe(403);
    expect((await rowOf(ids.referee)).deleted_at).toBeNull();
  });

  it('keeps demo logins working after all of the above', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/user/login', payload: { email: 'referee@touchline.test', password: DEMO_PASSWORD, user_type: 'referee' } });
    expect(res.statusCode).toBe(200);
  });
});
