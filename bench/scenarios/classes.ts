import dayjs from 'dayjs';
import '../../core/time';
import { bearer, defineScenario, type BenchContext } from './types';

// Classes (issue 26 item 9): the classes list (GET /class, a page of 10 of every facility's, budget
// 50 ms p95), a class page with 60 attendees, 40 events and 20 free trials (GET /class/{id}, 40 ms),
// and a registration with its invoice (POST /class/registration, 50 ms). The children are the demo
// classes' attendees (each with a parent on record); the setup books its class's events at 21:00 in a
// far year, kept, so that a re-run on the same database never fails on its own earlier events.

const json = (token: string, method: string, body: unknown): RequestInit => ({
  method, body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' },
});

async function ok<T>(ctx: BenchContext, path: string, init: RequestInit): Promise<T> {
  const res = await ctx.call(path, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Children of the demo classes the token sees, each once (the seasons' attendees are their divisions'). Classes the
 * bench made are skipped: on a kept database an admin's run may have put other facilities' children in
 * them, whom Brooklyn's manager may not register.
 */
export async function demoChildren(ctx: BenchContext, token: string): Promise<number[]> {
  const { classes } = await ok<{ classes: Array<{ ID: number; name: string }> }>(ctx, '/api/class?limit=100', bearer(token));
  const kids = new Set<number>();
  for (const c of classes.filter((c) => !/^(Bench|Soak) /.test(c.name))) {
    const detail = await ok<{ attendees: Array<{ customer_id: number }> }>(ctx, `/api/class/${c.ID}`, bearer(token));
    for (const a of detail.attendees) kids.add(a.customer_id);
  }
  return [...kids];
}

export async function newClass(ctx: BenchContext, token: string, name: string, max_kids: number) {
  const now = Math.floor(Date.now() / 1000);
  return ok<{ ID: number }>(ctx, '/api/class', json(token, 'POST', {
    name: `${name} ${Date.now()}`, description: 'Bench', facility_id: 1, new_product_id: 13, accepts_free_trial: true, max_kids,
    start_date: now, end_date: now + 60 * 365 * 86_400, registration_start_date: now, registration_end_date: now + 365 * 86_400,
  }));
}

export async function bigClass(ctx: BenchContext) {
  const token = await ctx.token('admin');
  const kids = await demoChildren(ctx, token);
  if (kids.length < 80) throw new Error(`only ${kids.length} demo children: the class page needs 80`);
  const { ID } = await newClass(ctx, token, 'Bench class page', 60);
  const first = dayjs.tz(`${2040 + Math.floor(Math.random() * 40)}-01-01 21:00`, 'America/New_York');
  const events: number[] = [];
  for (let i = 0; i < 40; i++) {
    const start = first.add(i * 7, 'day').unix();
    events.push((await ok<{ ID: number }>(ctx, '/api/class/event/keep', json(token, 'POST', { class_id: ID, field_id: 1, start_date: start, end_date: start + 3600 }))).ID);
  }
  for (const customer_id of kids.slice(0, 60)) await ok(ctx, '/api/class/registration', json(token, 'POST', { price: 90, attendee: { class_id: ID, customer_id } }));
  for (const [i, customer_id] of kids.slice(60, 80).entries()) {
    await ok(ctx, '/api/class/trial', json(token, 'POST', { class_id: ID, event_id: events[i], customer_id }));
  }
  return { token, ID };
}

export const classList = defineScenario({
  name: 'classes-list',
  description: 'GET /class: a page of 10 classes of every facility with counts and money (admin)',
  budgetP95Ms: 50,
  setup: async (ctx) => ({ token: await ctx.token('admin') }),
  request: (ctx, state) => ctx.call('/api/class?limit=10&offset=0', bearer(state.token)),
});

export const classPage = defineScenario({
  name: 'class-page-60',
  description: 'GET /class/{id}: 60 attendees, 40 events, 20 free trials (admin)',
  budgetP95Ms: 40,
  setup: bigClass,
  request: (ctx, state) => ctx.call(`/api/class/${state.ID}`, bearer(state.token)),
});

export const classRegistration = defineScenario({
  name: 'class-registration',
  description: 'POST /class/registration: a child with its invoice (admin; one registration per demo child)',
  budgetP95Ms: 50,
  // One registration per child: the demo at scale 1 has about 170 children in classes. Registrations
  // into one class queue on its lock (as teams.signup's on their league): one at a time measures the
  // registration, not the queue.
  maxRequests: 150,
  maxConcurrency: 1,
  setup: async (ctx) => {
    const token = await ctx.token('admin');
    const kids = await demoChildren(ctx, token);
    const { ID } = await newClass(ctx, token, 'Bench registrations', 500);
    return { token, ID, kids, next: 0 };
  },
  request: (ctx, state) => {
    const customer_id = state.kids[state.next++];
    return ctx.call('/api/class/registration', json(state.token, 'POST', { price: 90, attendee: { class_id: state.ID, customer_id }, waitlist: true }));
  },
});
