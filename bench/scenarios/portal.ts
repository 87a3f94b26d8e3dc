import type { PortalMe } from '../../core/api/portal';
import type { PortalWaiver } from '../../core/api/waivers';
import { simulatorToken } from '../../core/square';
import { demoParent, portalSession } from '../portalSession';
import { bearer, defineScenario, type BenchContext } from './types';

// Online registration (issue 44 item 9): the offerings of a demo parent's facility (GET
// /portal/offerings, budget 50 ms p95; with `--classes 10000` on PostgreSQL), a seat held (POST
// /portal/holds, 50 ms) and a hold checked out on the Square simulator (POST /portal/holds/{id}/checkout,
// 150 ms). The write scenarios make what they consume in their setup — a new family signed in the same
// way, its children (with the facility's waiver signed for checkout), a class of their own and, for
// checkout, the holds — so a run on a kept database never meets an earlier run's, and the demo parent's
// offerings stay as they were. One caller each: holds and checkouts of one
// class queue on its row lock, which would measure the queue rather than the call.

const VISA = simulatorToken('4111 1111 1111 1111');
/** Requests of each write scenario: one child (and hold) each; the setup makes room for the default warm-up's too. */
const WRITES = 100;
const MADE = WRITES + 10;

/** The next item the setup made, or an error (counted by the run) once they are used up. */
function next(state: { made: number[]; next: number }): number {
  const item = state.made[state.next++];
  if (item === undefined) throw new Error(`the setup made ${state.made.length}: lower --warmup`);
  return item;
}

const json = (token: string, body: unknown): RequestInit => ({
  method: 'POST', body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' },
});

async function ok<T>(ctx: BenchContext, path: string, init: RequestInit): Promise<T> {
  const res = await ctx.call(path, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The demo parent's portal session, signed in once per server (each sign-in mails a link). */
const sessions = new Map<string, Promise<{ token: string; me: PortalMe }>>();
function parentSession(ctx: BenchContext) {
  if (!sessions.has(ctx.baseUrl)) {
    sessions.set(ctx.baseUrl, (async () => {
      const token = await portalSession(ctx, ctx.dataDir, await demoParent(ctx));
      return { token, me: await ok<PortalMe>(ctx, '/api/portal/me', bearer(token)) };
    })());
  }
  return sessions.get(ctx.baseUrl)!;
}

/** A new family at facility 1 signed in to the portal with `count` children (the facility's waiver signed when asked), and a class open online with room for them all. */
async function classAndChildren(ctx: BenchContext, count: number, signWaiver: boolean) {
  const staff = await ctx.token('admin');
  const stamp = Date.now().toString(36);
  const email = `bench.family.${stamp}@example.com`;
  await ok(ctx, '/api/customer', json(staff, { first_name: 'Bench', last_name: `Family${stamp}`, email, phone: '555 555 0101', facility_id: 1 }));
  const token = await portalSession(ctx, ctx.dataDir, email);
  const me = await ok<PortalMe>(ctx, '/api/portal/me', bearer(token));
  const now = Math.floor(Date.now() / 1000);
  const cls = await ok<{ ID: number }>(ctx, '/api/class', json(staff, {
    name: `Bench online ${stamp}`, description: 'Bench', facility_id: 1, new_product_id: 14, max_kids: 500, available_online: true,
    start_date: now + 30 * 86_400, end_date: now + 100 * 86_400, registration_start_date: now - 86_400, registration_end_date: now + 29 * 86_400,
  }));
  const children: number[] = [];
  for (let i = 0; i < count; i++) {
    const child = await ok<{ ID: number }>(ctx, '/api/portal/children', json(token, { first_name: `Bench${stamp}`, last_name: `Child${i}`, birth_date: '2016-05-20', gender: 'Girl' }));
    children.push(child.ID);
  }
  if (signWaiver) {
    const waivers = await ok<PortalWaiver[]>(ctx, '/api/portal/waivers', bearer(token));
    for (const w of waivers.filter((x) => children.includes(x.customer_id) && x.facility.ID === 1 && !x.signed)) {
      await ok(ctx, '/api/portal/waivers/sign', json(token, { customer_id: w.customer_id, version_id: w.version.ID, full_name: `${me.holder.first_name} ${me.holder.last_name}`, consent: true }));
    }
  }
  return { token, classId: cls.ID, children };
}

export const portalOfferings = defineScenario({
  name: 'portal-offerings',
  description: 'GET /portal/offerings: what a demo parent\'s facility has open online, with prices, places and eligibility (portal session)',
  budgetP95Ms: 50,
  setup: async (ctx) => {
    const { token, me } = await parentSession(ctx);
    return { token, facility: me.holder.facility_id };
  },
  request: (ctx, state) => ctx.call(`/api/portal/offerings?facility_id=${state.facility}`, bearer(state.token)),
});

export const portalHold = defineScenario({
  name: 'portal-hold',
  description: 'POST /portal/holds: a place held for a child of a new family (one caller: holds of a class queue on its lock)',
  budgetP95Ms: 50,
  maxRequests: WRITES,
  maxConcurrency: 1,
  setup: async (ctx) => {
    const { token, classId, children } = await classAndChildren(ctx, MADE, false);
    return { token, classId, made: children, next: 0 };
  },
  request: async (ctx, state) => ctx.call('/api/portal/holds', json(state.token, { offering: { type: 'class', id: state.classId }, participant_ids: [next(state)] })),
});

export const portalCheckout = defineScenario({
  name: 'portal-checkout',
  description: 'POST /portal/holds/{id}/checkout: a held place paid on the Square simulator — attendee, invoice, card payment (one caller)',
  budgetP95Ms: 150,
  maxRequests: WRITES,
  maxConcurrency: 1,
  setup: async (ctx) => {
    const { token, classId, children } = await classAndChildren(ctx, MADE, true);
    const holds: number[] = [];
    for (const child of children) holds.push((await ok<{ ID: number }>(ctx, '/api/portal/holds', json(token, { offering: { type: 'class', id: classId }, participant_ids: [child] }))).ID);
    return { token, made: holds, next: 0, stamp: Date.now().toString(36) };
  },
  request: async (ctx, state) => {
    const id = next(state);
    return ctx.call(`/api/portal/holds/${id}/checkout`, json(state.token, { idempotency_key: `bench-${state.stamp}-${id}`, source_id: VISA }));
  },
});
