import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../core/api/portal';
import { STAFF_MESSAGES } from '../../core/validation/staff';
import { LOGIN_LIMIT, TOO_MANY_ATTEMPTS } from '../../server/auth/loginLimit';
import { portalPasswords } from '../../server/db/schema';
import type { StaffTokens, TestContext } from './harness';
import { portal, portalContext, signedInFamily, type PortalFamily } from './support/portal';

// The portal's optional password (issue 43 §2): set from the portal by the staff's strength rule,
// stored as a scrypt hash; POST /portal/login/password opens a portal session (never a staff one),
// with the staff sign-in's limits per address. The mailed link keeps working. On both databases.

let ctx: TestContext;
let staff: StaffTokens;
let family: PortalFamily;
beforeAll(async () => {
  ({ ctx, staff, family } = await portalContext());
});
afterAll(async () => { await ctx?.close(); });

const setPassword = (token: string, password: unknown) => portal(ctx, token, 'POST', '/password', { password });
const signIn = (email: string, password: string, remoteAddress?: string) => ctx.app.inject({ method: 'POST', url: '/api/portal/login/password', payload: { email, password }, remoteAddress });

describe('setting the password', () => {
  it('refuses a short password (the staff rule), a bad body, and any but a portal session', async () => {
    const short = await setPassword(family.token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(STAFF_MESSAGES.passwordTooShort);
    expect((await setPassword(family.token, 12345678)).statusCode).toBe(400);
    expect((await portal(ctx, family.token, 'POST', '/password', { password: 'long enough', extra: 1 })).statusCode).toBe(400);
    expect((await setPassword(staff.admin, 'long enough')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/portal/password', payload: { password: 'long enough' } })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(portalPasswords)).toEqual([]);
    expect((await portal(ctx, family.token, 'GET', '/me')).json().has_password).toBe(false);
  });

  it('stores a scrypt hash, never the password, and says the holder has one', async () => {
    expect((await setPassword(family.token, 'correct horse')).statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(portalPasswords).where(eq(portalPasswords.customer_id, family.holderId));
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('correct horse');
    expect((await portal(ctx, family.token, 'GET', '/me')).json().has_password).toBe(true);
  });
});

describe('signing in with it', () => {
  it('opens a portal session with the right password, in any case of the address', async () => {
    const res = await signIn(family.email.toUpperCase(), 'correct horse');
    expect(res.statusCode).toBe(200);
    expect(res.json().customer.ID).toBe(family.holderId);
    const token = res.json().token as string;
    expect((await portal(ctx, token, 'GET', '/me')).json().holder.ID).toBe(family.holderId);
    // A portal session opens no staff call.
    expect((await ctx.api(token, 'GET', '/customer/1')).statusCode).toBe(401);
  });

  it('answers 401 with the same words for a wrong password, an unknown address and a staff member\'s own password', async () => {
    for (const [email, password] of [[family.email, 'wrong horse'], ['nobody@example.com', 'correct horse'], ['admin@touchline.test', 'touchline']]) {
      const res = await signIn(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(PORTAL_MESSAGES.wrongCredentials);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/portal/login/password', payload: { email: 'not an address', password: 'x' } })).statusCode).toBe(400);
  });

  it('changes: the old password no longer opens, the new one does, and the mailed link still works', async () => {
    expect((await setPassword(family.token, 'battery staple')).statusCode).toBe(204);
    expect((await signIn(family.email, 'correct horse')).statusCode).toBe(401);
    expect((await signIn(family.email, 'battery staple')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: family.email } })).statusCode).toBe(202);
  });

  it('refuses an address after 10 failures in 15 minutes (429), even with the right password; other addresses still sign in', async () => {
    const other = await signedInFamily(ctx, staff.admin);
    expect((await setPassword(other.token, 'other family pw')).statusCode).toBe(204);
    for (let i = 0; i < 10; i++) expect([401, 429]).toContain((await signIn(family.email, `wrong ${i}`)).statusCode);
    const refused = await signIn(family.email, 'battery staple');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_ATTEMPTS);
    expect((await signIn(other.email, 'other family pw')).statusCode).toBe(200);
  });

  it('slows a client down after 30 failures on any addresses, and still takes a right password from it', async () => {
    const ip = '10.43.0.7';
    const timed = async (email: string, password: string) => {
      const started = performance.now();
      const res = await signIn(email, password, ip);
      return { status: res.statusCode, ms: performance.now() - started };
    };
    for (let i = 0; i < LOGIN_LIMIT.perIp; i++) {
      const wrong = await timed(`guess${i}@example.com`, 'guess guess');
      expect(wrong.status).toBe(401);
      expect(wrong.ms).toBeLessThan(LOGIN_LIMIT.ipPauseMs);
    }
    const other = await signedInFamily(ctx, staff.admin);
    expect((await setPassword(other.token, 'shared desk pw')).statusCode).toBe(204);
    expect((await timed(other.email, 'shared desk pw')).status).toBe(200);
    const slowed = await timed('guess-more@example.com', 'guess guess');
    expect(slowed.status).toBe(401);
    expect(slowed.ms).toBeGreaterThanOrEqual(LOGIN_LIMIT.ipPauseMs - 50);
  });
});
