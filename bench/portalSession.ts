import type { FamilyLink } from '../core/api/customers';
import { waitForMail } from '../tests/e2e/support/mail';
import { bearer, type BenchContext } from './scenarios/types';

// A demo parent signed in to the families' portal as the site signs one in (the mailed link read from
// the server's outbox): for the portal's paint and its API scenarios.

/** A demo customer who is some child's parent: the lowest customer ID with a family link as its parent. */
export async function demoParent(ctx: BenchContext): Promise<string> {
  const token = await ctx.token('admin');
  for (let id = 1; id <= 200; id++) {
    const res = await ctx.call(`/api/family/${id}`, bearer(token));
    if (!res.ok) continue;
    const link = ((await res.json()) as FamilyLink[]).find((l) => l.parent_id === id);
    if (link) return link.parent.email;
  }
  throw new Error('no demo parent among customers 1 to 200');
}

/** Signs `email` in as the site does: asks for a link, takes it from the outbox, exchanges it for a session token. */
export async function portalSession(ctx: BenchContext, dataDir: string, email: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const asked = await ctx.call('/api/portal/login', { method: 'POST', headers: json, body: JSON.stringify({ email }) });
  if (asked.status !== 202) throw new Error(`portal login: ${asked.status} ${await asked.text()}`);
  const mail = await waitForMail(dataDir, email);
  const link = mail.bodies.join('\n').match(/\/my\/login\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!link) throw new Error(`no sign-in link in ${mail.file}`);
  const res = await ctx.call('/api/portal/session', { method: 'POST', headers: json, body: JSON.stringify({ token: link }) });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`portal session: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}
