import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../core/constants';
import { decodeSignupPayload, type SignupPayload } from '../../core/signupLink';
import { nowSeconds } from '../../core/time';
import { buildApp } from '../../server/app';
import { openPostgres } from '../../server/db/client';
import { LOGIN_LIMIT } from '../../server/auth/loginLimit';
import { hashPassword } from '../../server/auth/password';
import { hashToken } from '../../server/auth/tokens';
import { loginAttempts, sessions, userTokens, users } from '../../server/db/schema';
import { DEMO_PASSWORD } from '../../server/db/seed/staff';
import type { MailMessage } from '../../server/services/mail/mailer';
import { createTestContext, TEST_SCRYPT_LOG_N, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(async () => { await ctx?.close(); });

const WRONG = 'Wrong email/password combination';
const wrongBody = { statusCode: 401, error: 'Unauthorized', message: WRONG, errors: { msg: WRONG } };

// Each test signs in from addresses of its own, so the per-IP limit of one test never touches another.
let lastIp = 0;
const freshIp = () => `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

function login(payload: unknown, ip = freshIp()) {
  return ctx.app.inject({ method: 'POST', url: '/user/login', payload: payload as object, remoteAddress: ip });
}

let lastUser = 0;
/** A live staff member with a password, straight in the database. */
async function newStaff(user_type: Role, password: string | null = 'correct horse') {
  const email = `staff${++lastUser}@example.test`;
  const [row] = await ctx.database.db.insert(users).values({
    email, user_type, facility_id: 1, first_name: 'Sam', last_name: `Staff${lastUser}`, phone: '+12125550199',
    password_hash: password === null ? null : await hashPassword(password, TEST_SCRYPT_LOG_N),
  }).returning({ ID: users.ID });
  return { ID: row.ID, email, password: password ?? '' };
}

const countRows = async (table: typeof loginAttempts | typeof sessions | typeof userTokens) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0].n;

/** The signup/reset link of the last mail to `to` (waiting for it: reset links are mailed after answering). */
async function linkMailedTo(to: string, reset: boolean): Promise<SignupPayload> {
  const mail = await vi.waitFor(() => {
    const found = ctx.outbox.findLast((m: MailMessage) => m.to === to);
    if (!found) throw new Error(`no mail to ${to} yet`);
    return found;
  });
  const url = new URL(/http:\/\/touchline\.test\/signup\S+/.exec(mail.text)![0]);
  expect(url.searchParams.get('reset')).toBe(reset ? '1' : null);
  expect(mail.html).toContain(url.search.replace(/&/g, '&amp;'));
  return decodeSignupPayload(url.searchParams.get('token'))!;
}

const confirm = (payload: object) => ctx.app.inject({ method: 'POST', url: '/user/confirm', payload });
const signupFields = { first_name: 'Nia', last_name: 'New', phone: '(917) 555-0123', password: 'a new password' };

describe('POST /user/login', () => {
  it.each([
    ['admin@touchline.test', 'admin', 'admin', 1],
    ['manager@touchline.test', 'manager', 'manager', 1],
    ['manager2@touchline.test', 'manager', 'manager', 2],
    ['mod@touchline.test', 'mod', 'mod', 1],
    ['referee@touchline.test', 'referee', 'referee', 1],
    ['coach@touchline.test', 'referee', 'coach', 1],
    // The radio picks a group: office roles sign in with any office choice.
    ['manager@touchline.test', 'admin', 'manager', 1],
    ['admin@touchline.test', 'mod', 'admin', 1],
  ])('signs %s in with the %s radio as %s', async (email, user_type, type, facility_id) => {
    const res = await login({ email, password: DEMO_PASSWORD, user_type });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/), type, facility_id,
      user: { ID: expect.any(Number), email, first_name: expect.any(String), last_name: expect.any(String) },
    });
    const check = await ctx.as(body.token, { method: 'GET', url: '/check' });
    expect(check.json()).toMatchObject({ ID: body.user.ID, email, type, facility_id });
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await login({ email: '  Admin@Touchline.TEST ', password: DEMO_PASSWORD, user_type: 'admin' });
    expect(res.statusCode).toBe(200);
  });

  it('stores only the hash of the session token', async () => {
    const { token } = (await login({ email: 'mod@touchline.test', password: DEMO_PASSWORD, user_type: 'mod' })).json();
    const stored = await ctx.database.db.select().from(sessions).where(eq(sessions.token_hash, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await ctx.database.db.select().from(sessions))).not.toContain(token);
  });

  it('answers every failure the same way, whether or not the email exists', async () => {
    const unsigned = await newStaff('mod', null);
    const deleted = await newStaff('mod');
    await ctx.database.db.update(users).set({ deleted_at: nowSeconds() }).where(eq(users.ID, deleted.ID));
    const failures = [
      { email: 'nobody@touchline.test', password: DEMO_PASSWORD, user_type: 'admin' },
      { email: 'admin@touchline.test', password: 'not the password', user_type: 'admin' },
      { email: unsigned.email, password: 'anything at all', user_type: 'mod' },
      { email: deleted.email, password: deleted.password, user_type: 'mod' },
      // Wrong group: right password, but the radio of the other group.
      { email: 'admin@touchline.test', password: DEMO_PASSWORD, user_type: 'referee' },
      { email: 'coach@touchline.test', password: DEMO_PASSWORD, user_type: 'manager' },
      { email: 'referee@touchline.test', password: DEMO_PASSWORD, user_type: 'mod' },
    ];
    for (const payload of failures) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(res.json()).toEqual(wrongBody);
    }
  });

  it('takes as long for an unknown email as for a wrong password', async () => {
    // A production-like hashing cost makes the difference a skipped hash check would show unmistakable.
    const scryptLogN = 15;
    const slow = await buildApp({ config: { ...ctx.config, scryptLogN }, db: ctx.database.db, mailer: ctx.app.deps.mailer, hubspot: ctx.app.deps.hubspot, square: ctx.app.deps.square, storage: ctx.app.deps.storage });
    try {
      const email = `slow${++lastUser}@example.test`;
      await ctx.database.db.insert(users).values({ email, user_type: 'admin', facility_id: 1, password_hash: await hashPassword('the password', scryptLogN) });
      const time = async (who: string) => {
        const started = performance.now();
        const res = await slow.inject({ method: 'POST', url: '/user/login', payload: { email: who, password: 'not it', user_type: 'admin' }, remoteAddress: freshIp() });
        expect(res.statusCode).toBe(401);
        return performance.now() - started;
      };
      await time('nobody@touchline.test'); // the decoy hash is made on first use
      const known = Math.min(await time(email), await time(email));
      const unknown = Math.min(await time('nobody@touchline.test'), await time('someone@touchline.test'));
      expect(unknown).toBeGreaterThan(known * 0.5);
    } finally {
      await slow.close();
    }
  });

  it('refuses malformed sign-ins with 400 and records nothing', async () => {
    const attempts = await countRows(loginAttempts);
    const openSessions = await countRows(sessions);
    const cases: Array<[unknown, string | RegExp]> = [
      [{ email: 'admin@touchline.test', user_type: 'admin' }, 'Please fill out all the fields'],
      [{ email: '', password: 'x', user_type: 'admin' }, 'Please fill out all the fields'],
      [{ email: 'admin@touchline.test', password: DEMO_PASSWORD }, 'Please select a valid user type'],
      [{ email: 'admin@touchline.test', password: DEMO_PASSWORD, user_type: 'owner' }, 'Please select a valid user type'],
      [{ email: 'not an email', password: DEMO_PASSWORD, user_type: 'admin' }, 'Invalid email'],
      [{ email: 'admin@touchline.test', password: 12345678, user_type: 'admin' }, 'Please fill out all the fields'],
      [{ email: 'admin@touchline.test', password: DEMO_PASSWORD, user_type: 'admin', remember: true }, /unknown field remember/],
    ];
    for (const [payload, message] of cases) {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const broken = await ctx.app.inject({
      method: 'POST', url: '/user/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "admin@', remoteAddress: freshIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(await countRows(loginAttempts)).toBe(attempts);
    expect(await countRows(sessions)).toBe(openSessions);
  });
});

describe('sign-in rate limit', () => {
  it('refuses an email after 10 failed attempts, even with the right password, from any address', async () => {
    const staff = await newStaff('mod');
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: staff.email, password: 'wrong one', user_type: 'mod' })).statusCode).toBe(401);
    }
    const refused = await login({ email: staff.email, password: staff.password, user_type: 'mod' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(/wait 15 minutes/) });
    // Other accounts are unaffected; the limit lifts when the failures leave the 15-minute window.
    expect((await login({ email: 'mod@touchline.test', password: DEMO_PASSWORD, user_type: 'mod' })).statusCode).toBe(200);
    await ctx.database.db.update(loginAttempts).set({ CreatedAt: nowSeconds() - 15 * 60 - 1 }).where(eq(loginAttempts.email, staff.email));
    expect((await login({ email: staff.email, password: staff.password, user_type: 'mod' })).statusCode).toBe(200);
  });

  it('counts an unknown email exactly like a known one', async () => {
    for (let i = 0; i < 10; i++) await login({ email: 'ghost@touchline.test', password: 'guess', user_type: 'admin' });
    expect((await login({ email: 'ghost@touchline.test', password: 'guess', user_type: 'admin' })).statusCode).toBe(429);
  });

  it('slows an address down after 30 failed attempts on any emails, and still takes a correct password from it', async () => {
    const ip = freshIp();
    const timed = async (payload: object) => {
      const started = performance.now();
      const res = await login(payload, ip);
      return { status: res.statusCode, ms: performance.now() - started };
    };
    for (let i = 0; i < LOGIN_LIMIT.perIp; i++) {
      const wrong = await timed({ email: `guess${i}@touchline.test`, password: 'guess', user_type: 'admin' });
      expect(wrong.status).toBe(401);
      expect(wrong.ms).toBeLessThan(LOGIN_LIMIT.ipPauseMs);
    }
    // A front desk behind one shared address signs in although someone there mistyped 30 times …
    expect((await timed({ email: 'admin@touchline.test', password: DEMO_PASSWORD, user_type: 'admin' })).status).toBe(200);
    // … while each further wrong guess from it waits.
    const slowed = await timed({ email: 'guess-more@touchline.test', password: 'guess', user_type: 'admin' });
    expect(slowed.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(LOGIN_LIMIT.ipPauseMs - 50);
  });

  it('never counts a successful sign-in', async () => {
    const ip = freshIp();
    for (let i = 0; i < 35; i++) {
      expect((await login({ email: 'referee@touchline.test', password: DEMO_PASSWORD, user_type: 'referee' }, ip)).statusCode).toBe(200);
    }
  });

  it('holds across server processes: the count lives in the database, not in the app', async () => {
    const staff = await newStaff('manager');
    for (let i = 0; i < 10; i++) await login({ email: staff.email, password: 'wrong one', user_type: 'manager' });
    expect(await ctx.database.db.$count(loginAttempts, eq(loginAttempts.email, staff.email))).toBe(10);
    // A second app, as a second process has it: on PostgreSQL with a connection pool of its own (as the
    // scoreboard cluster test does); on PGlite, one connection by design, a second app on the same one.
    const pool = ctx.databaseUrl ? openPostgres(ctx.databaseUrl, 2) : null;
    const other = await buildApp({ config: ctx.config, db: pool?.db ?? ctx.database.db, mailer: { send: async () => {} }, hubspot: ctx.app.deps.hubspot, square: ctx.app.deps.square, storage: ctx.app.deps.storage });
    try {
      const res = await other.inject({ method: 'POST', url: '/user/login', payload: { email: staff.email, password: staff.password, user_type: 'manager' } });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
      await pool?.close();
    }
  });
});

describe('GET /check and sessions', () => {
  it('answers the signed-in user', async () => {
    const token = await ctx.login('manager2@touchline.test');
    const res = await ctx.as(token, { method: 'GET', url: '/check' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ID: expect.any(Number), email: 'manager2@touchline.test', type: 'manager', facility_id: 2, first_name: 'Quinn', last_name: 'Queens' });
  });

  it.each([
    ['no token', undefined],
    ['a forged token', 'Bearer forged-token-that-was-never-issued'],
    ['a malformed header', 'Token abc'],
  ])('answers 401 with code 401 to %s', async (_what, authorization) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/check', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 401 });
  });

  it('refuses a session past its absolute expiry', async () => {
    const token = await ctx.login('mod@touchline.test');
    await ctx.database.db.update(sessions).set({ expires_at: nowSeconds() - 1 }).where(eq(sessions.token_hash, hashToken(token)));
    expect((await ctx.as(token, { method: 'GET', url: '/check' })).statusCode).toBe(401);
  });

  it('refuses a session idle for longer than allowed, and keeps an active one alive', async () => {
    const idle = await ctx.login('mod@touchline.test');
    const active = await ctx.login('mod@touchline.test');
    const limit = ctx.config.sessionIdleSeconds;
    await ctx.database.db.update(sessions).set({ last_seen_at: nowSeconds() - limit - 1 }).where(eq(sessions.token_hash, hashToken(idle)));
    await ctx.database.db.update(sessions).set({ last_seen_at: nowSeconds() - limit + 120 }).where(eq(sessions.token_hash, hashToken(active)));
    expect((await ctx.as(idle, { method: 'GET', url: '/check' })).statusCode).toBe(401);
    expect((await ctx.as(active, { method: 'GET', url: '/check' })).statusCode).toBe(200);
    const [seen] = await ctx.database.db.select({ at: sessions.last_seen_at }).from(sessions).where(eq(sessions.token_hash, hashToken(active)));
    expect(seen.at).toBeGreaterThanOrEqual(nowSeconds() - 5);
  });
});

describe('POST /user/logout', () => {
  it('revokes the current session only', async () => {
    const token = await ctx.login('manager@touchline.test');
    const other = await ctx.login('manager@touchline.test');
    const res = await ctx.as(token, { method: 'POST', url: '/user/logout' });
    expect(res.statusCode).toBe(204);
    expect((await ctx.as(token, { method: 'GET', url: '/check' })).statusCode).toBe(401);
    expect((await ctx.as(token, { method: 'GET', url: '/api/taxes' })).statusCode).toBe(401);
    expect((await ctx.as(other, { method: 'GET', url: '/check' })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/user/logout' })).statusCode).toBe(401);
  });
});

describe('POST /user/confirm (signup link)', () => {
  async function invite(first_name = 'Nia') {
    const admin = await ctx.login('admin@touchline.test');
    const email = `invite${++lastUser}@example.test`;
    const res = await ctx.as(admin, { method: 'POST', url: '/user/presignup', payload: { email, user_type: 'referee', first_name, facility_id: 3 } });
    expect(res.statusCode).toBe(200);
    return { email, link: await linkMailedTo(email, false) };
  }

  it('sets the names, phone and password, spends the token and signs in', async () => {
    const { email, link } = await invite();
    expect(link).toMatchObject({ first_name: 'Nia', last_name: '', email, phone: '' });
    const res = await confirm({ id: link.id, token: link.token, ...signupFields });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), type: 'referee', facility_id: 3 });
    expect((await ctx.as(res.json().token, { method: 'GET', url: '/check' })).json()).toMatchObject({ email, first_name: 'Nia', last_name: 'New' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.ID, link.id));
    expect(row).toMatchObject({ phone: '+19175550123', last_name: 'New' });
    expect(row.password_hash).toMatch(/^scrypt\$10\$/);
    expect(row.password_hash).not.toContain(signupFields.password);
    expect((await login({ email, password: signupFields.password, user_type: 'referee' })).statusCode).toBe(200);

    const again = await confirm({ id: link.id, token: link.token, ...signupFields, password: 'another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or was already used/);
    expect((await login({ email, password: 'another password', user_type: 'referee' })).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous confirms spend the token', async () => {
    const { link } = await invite();
    const answers = await Promise.all(['first password', 'second password'].map((password) =>
      confirm({ id: link.id, token: link.token, ...signupFields, password })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect((await ctx.as(winner.json().token, { method: 'GET', url: '/check' })).statusCode).toBe(200);
  });

  it('stores only the hash of the link token', async () => {
    const { link } = await invite();
    const [stored] = await ctx.database.db.select().from(userTokens).where(eq(userTokens.user_id, link.id));
    expect(stored).toMatchObject({ purpose: 'signup', token_hash: hashToken(link.token), used_at: null });
    expect(stored.expires_at - stored.CreatedAt).toBe(7 * 24 * 3600);
  });

  it('refuses an expired link, a wrong token and a token of another user', async () => {
    const first = await invite();
    const second = await invite();
    await ctx.database.db.update(userTokens).set({ expires_at: nowSeconds() - 1 }).where(eq(userTokens.user_id, first.link.id));
    for (const payload of [
      { id: first.link.id, token: first.link.token },
      { id: second.link.id, token: `${second.link.token}x` },
      { id: first.link.id, token: second.link.token },
      { id: 999999, token: second.link.token },
    ]) {
      const res = await confirm({ ...payload, ...signupFields });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This link has expired or was already used: please ask for a new one');
    }
    expect((await confirm({ id: second.link.id, token: second.link.token, ...signupFields })).statusCode).toBe(200);
  });

  it("refuses incomplete or malformed input with the spec's messages and writes nothing", async () => {
    const { link } = await invite();
    const base = { id: link.id, token: link.token, ...signupFields };
    const cases: Array<[object, string | RegExp]> = [
      [{ ...base, first_name: '' }, 'Please fill out all the fields'],
      [{ ...base, last_name: undefined }, 'Please fill out all the fields'],
      [{ ...base, phone: '   ' }, 'Please fill out all the fields'],
      [{ ...base, password: '' }, 'Please fill out all the fields'],
      [{ ...base, phone: '555-0123' }, 'The phone number must have format: 111-222-3333'],
      [{ ...base, password: 'short' }, 'The password must be at least 8 characters long'],
      [{ ...base, id: String(link.id) }, /^id: /],
      [{ ...base, is_admin: true }, /unknown field is_admin/],
    ];
    for (const [payload, message] of cases) {
      const res = await confirm(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.ID, link.id));
    expect(row.password_hash).toBeNull();
    expect((await confirm(base)).statusCode).toBe(200);
  });

  it('refuses the link of a deleted staff member', async () => {
    const { link } = await invite();
    const admin = await ctx.login('admin@touchline.test');
    expect((await ctx.as(admin, { method: 'DELETE', url: `/user/${link.id}` })).statusCode).toBe(200);
    expect((await confirm({ id: link.id, token: link.token, ...signupFields })).statusCode).toBe(400);
  });
});

describe('POST /user/reset', () => {
  const reset = (email: string, ip = freshIp()) =>
    ctx.app.inject({ method: 'POST', url: `/user/reset?email=${encodeURIComponent(email)}`, remoteAddress: ip });
  const SENT = { message: 'Please check your email for a link to reset your password' };

  it('mails a reset link that sets a new password and ends the old sessions', async () => {
    const staff = await newStaff('manager');
    const before = (await login({ email: staff.email, password: staff.password, user_type: 'manager' })).json().token;
    const res = await reset(staff.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    const link = await linkMailedTo(staff.email, true);
    expect(link).toMatchObject({ id: staff.ID, email: staff.email, first_name: 'Sam', phone: '+12125550199' });

    const done = await confirm({ id: link.id, token: link.token, ...signupFields });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ token: expect.any(String), type: 'manager', facility_id: 1 });
    expect((await ctx.as(before, { method: 'GET', url: '/check' })).statusCode).toBe(401);
    expect((await ctx.as(done.json().token, { method: 'GET', url: '/check' })).statusCode).toBe(200);
    expect((await login({ email: staff.email, password: staff.password, user_type: 'manager' })).statusCode).toBe(401);
    expect((await login({ email: staff.email, password: signupFields.password, user_type: 'manager' })).statusCode).toBe(200);
  });

  it('expires reset links after 24 hours, and a newer link voids the older one', async () => {
    const staff = await newStaff('mod');
    await reset(staff.email);
    const first = await linkMailedTo(staff.email, true);
    const [stored] = await ctx.database.db.select().from(userTokens).where(eq(userTokens.token_hash, hashToken(first.token)));
    expect(stored.expires_at - stored.CreatedAt).toBe(24 * 3600);
    const mails = ctx.outbox.length;
    await reset(staff.email);
    await vi.waitFor(() => expect(ctx.outbox.length).toBe(mails + 1));
    const second = await linkMailedTo(staff.email, true);
    expect(second.token).not.toBe(first.token);
    expect((await confirm({ id: staff.ID, token: first.token, ...signupFields })).statusCode).toBe(400);
    expect((await confirm({ id: staff.ID, token: second.token, ...signupFields })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly the same, and mails nothing', async () => {
    const known = await newStaff('coach');
    const mails = ctx.outbox.length;
    const res = await reset('nobody-here@touchline.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    // A known email asked next: once its link is mailed, the background work of the unknown one (asked
    // first, and only a lookup) has run too — and it must have sent nothing.
    await reset(known.email);
    await linkMailedTo(known.email, true);
    expect(ctx.outbox.slice(mails).map((m) => m.to)).toEqual([known.email]);
  });

  it('asks for the email, and refuses a malformed one', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/user/reset' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please fill out your email');
    expect((await reset('')).json().message).toBe('Please fill out your email');
    expect((await reset('not-an-email')).json().message).toBe('Invalid email');
    const extra = await ctx.app.inject({ method: 'POST', url: '/user/reset?email=a@b.co&admin=1' });
    expect(extra.statusCode).toBe(400);
  });

  it('is rate limited like sign-in, whether or not the email exists', async () => {
    for (const email of ['mod@touchline.test', 'nobody-either@touchline.test']) {
      for (let i = 0; i < 10; i++) expect((await reset(email)).statusCode).toBe(200);
      const refused = await reset(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/wait 15 minutes/);
    }
  });
});
