import type { HTTPMethods } from 'fastify';
import { createTestContext, type StaffTokens, type TestContext } from '../harness';
import { insertCustomer } from './customers';

// Signing a family in to the portal the way a parent does: ask for a link, take the token from the
// mailed link, exchange it for a portal session.

/** The token of the last sign-in link mailed to `email`. */
export function mailedPortalToken(ctx: TestContext, email: string): string {
  const mail = ctx.outbox.filter((m) => m.to === email && m.text.includes('/my/login/')).at(-1);
  const token = mail?.text.match(/\/my\/login\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no portal link mailed to ${email}`);
  return token;
}

export interface PortalFamily {
  holderId: number;
  childId: number;
  email: string;
  token: string;
}

/** A parent (facility `facility_id`) with one child linked by POST /family, signed in to the portal. */
export async function signedInFamily(ctx: TestContext, staffToken: string, facility_id = 1): Promise<PortalFamily> {
  const holder = await insertCustomer(ctx.database.db, { facility_id, phone: '+15555550100' });
  const child = await insertCustomer(ctx.database.db, { facility_id, is_kid: true, email: '', birthdate: 1_420_070_400, gender: 'Girl' });
  const linked = await ctx.api(staffToken, 'POST', '/family', { parent_id: holder.ID, child_id: child.ID });
  if (linked.statusCode >= 300) throw new Error(`family: ${linked.body}`);
  const token = await portalSignIn(ctx, holder.email);
  return { holderId: holder.ID, childId: child.ID, email: holder.email, token };
}

/** A test context with the staff signed in and a family signed in to the portal (the portal tests' start). */
export async function portalContext(options: Parameters<typeof createTestContext>[0] = {}): Promise<{ ctx: TestContext; staff: StaffTokens; family: PortalFamily }> {
  const ctx = await createTestContext(options);
  const staff = await ctx.signInStaff();
  return { ctx, staff, family: await signedInFamily(ctx, staff.admin) };
}

/** Asks a link for `email` and exchanges it: the portal session token. */
export async function portalSignIn(ctx: TestContext, email: string): Promise<string> {
  const asked = await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email } });
  if (asked.statusCode !== 202) throw new Error(`portal login: ${asked.body}`);
  const opened = await ctx.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token: mailedPortalToken(ctx, email) } });
  if (opened.statusCode !== 200) throw new Error(`portal session: ${opened.body}`);
  return opened.json().token as string;
}

/** A portal call with the portal bearer token. */
export const portal = (ctx: TestContext, token: string, method: HTTPMethods, url: string, payload?: unknown) =>
  ctx.api(token, method, `/portal${url}`, payload);

/** Waits for a mail to `to` sent after `from` (the outbox's length then); its text. */
export async function mailTo(ctx: TestContext, to: string, from: number): Promise<string> {
  const end = Date.now() + 10_000;
  for (;;) {
    const mail = ctx.outbox.slice(from).find((m) => m.to === to);
    if (mail) return mail.text;
    if (Date.now() > end) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
