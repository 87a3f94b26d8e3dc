import dayjs from 'dayjs';
import '../core/time';
import { percentile } from './load';
import { bigClass, demoChildren, newClass } from './scenarios/classes';
import { invoiceIds } from './scenarios/invoices';
import { leagueOf16, newLeague } from './scenarios/leagues';
import { bearer, type Answer, type BenchContext } from './scenarios/types';

// `npm run bench -- --soak` (issue 42 item 7): many staff sessions at once for minutes, each a person at
// the front desk — a page, a pause, another page — mixing the day's reads (calendar week, customer
// search and profile, invoices, class and league pages) with its writes (bookings, payments, class
// registrations, team sign-ups). Judged on: no error, p99 ≤ 1 s, and neither the server's memory nor
// its waits for a database connection growing from the middle third of the run to the last (both read
// off GET /metrics every few seconds).

export interface SoakOptions {
  sessions: number;
  durationMs: number;
  /** The bearer token of GET /metrics (the server was started with it as METRICS_TOKEN). */
  metricsToken: string;
}

/** What a session does next: a request and how often it comes up. */
interface Action {
  name: string;
  kind: 'read' | 'write';
  weight: number;
  request(token: string): Promise<Answer>;
}

/** A staff member's pause between two pages: 0.5 to 3 seconds. */
const THINK_MS = [500, 3000] as const;
/** A GET /metrics every this many milliseconds. */
const SAMPLE_MS = 5000;
export const SOAK_P99_BUDGET_MS = 1000;
/** How much the last third's peak may exceed the middle third's before the run counts as growing. */
const MEMORY_GROWTH = 1.15;
/** The mix's weights in all (the actions below), and the class registrations' among them. */
const TOTAL_WEIGHT = 100;
const REGISTRATION_WEIGHT = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const post = (token: string, body: unknown): RequestInit => ({
  method: 'POST', body: JSON.stringify(body), headers: { ...bearer(token).headers, 'content-type': 'application/json' },
});

async function json<T>(answer: Promise<Answer>, what: string): Promise<T> {
  const res = await answer;
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

function firstMonday(year: number) {
  const day = dayjs.tz(`${year}-01-05 16:00`, 'America/New_York');
  return day.add((8 - day.day()) % 7, 'day');
}

/** The ids and records the mix reads and writes, made or found once before the sessions start (facility 1, Brooklyn). */
async function prepare(ctx: BenchContext, options: SoakOptions) {
  const admin = await ctx.token('admin');
  const manager = await ctx.token('manager');
  const customers = new Set<number>();
  for (const seed of ['garcia', 'smith', 'nguyen', 'okafor', 'rossi', 'kim', 'lopez', 'park']) {
    for (const c of await json<Array<{ ID: number }>>(ctx.call(`/api/customer/search/${seed}`, bearer(manager)), 'customer search')) customers.add(c.ID);
  }
  const league = await leagueOf16(ctx, admin);
  const teams = (await json<{ teams: Array<{ team: { ID: number } }> }>(ctx.call(`/api/league/${league}`, bearer(admin)), 'league page')).teams.map((t) => t.team.ID);
  // Brooklyn's children, whom its manager may register as well as the admin.
  const kids = await demoChildren(ctx, manager);
  // Each child once per class: as many classes as the registrations the run may make (twice the weight's
  // share of the requests at the shortest pause) need.
  const registrations = Math.ceil(((2 * options.sessions * options.durationMs) / THINK_MS[0]) * (REGISTRATION_WEIGHT / TOTAL_WEIGHT));
  const registrationClasses: number[] = [];
  for (let i = 0; i < Math.ceil(registrations / kids.length); i++) registrationClasses.push((await newClass(ctx, admin, `Soak registrations ${i}`, 500)).ID);
  const signupLeagues: Array<{ ID: number; fee: number }> = [];
  for (let i = 0; i < 10; i++) signupLeagues.push(await newLeague(ctx, admin, 200));
  return {
    customers: [...customers],
    invoices: await invoiceIds(ctx, manager),
    // A league's invoice takes a payment for one of its players: the front desk's cash goes to the others.
    owing: await invoiceIds(ctx, manager, 50, (row) => row.team_id === null),
    classPage: (await bigClass(ctx)).ID,
    league,
    teams,
    kids,
    registrationClasses,
    signupLeagues,
    // Bookings go to weekday evenings of a far year drawn per run, from its first Monday after January 4,
    // so a kept database never meets an earlier run's.
    firstEvening: firstMonday(2060 + Math.floor(Math.random() * 60)),
  };
}

function actions(ctx: BenchContext, data: Awaited<ReturnType<typeof prepare>>): Action[] {
  const counter = () => {
    let n = 0;
    return () => n++;
  };
  const [nextBooking, nextRegistration, nextSignup] = [counter(), counter(), counter()];
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
  const monday = () => dayjs().tz('America/New_York').startOf('week').add(1, 'day').unix();
  const week = () => `/api/event?facility_id=1&start=${monday()}&end=${monday() + 7 * 86400}`;
  const searches = ['garcia', 'smith daniel', 'nguyen maple', 'okafor 555', '5550123', 'rossi oak st', 'maria.lopez', 'kim s'];
  return [
    { name: 'calendar week', kind: 'read', weight: 22, request: (t) => ctx.call(week(), bearer(t)) },
    { name: 'customer search', kind: 'read', weight: 15, request: (t) => ctx.call(`/api/customer/search/${encodeURIComponent(pick(searches))}`, bearer(t)) },
    { name: 'customer profile', kind: 'read', weight: 12, request: (t) => ctx.call(`/api/customer/${pick(data.customers)}`, bearer(t)) },
    { name: 'invoice search', kind: 'read', weight: 10, request: (t) => ctx.call('/api/invoice/search/new', post(t, { query: { facility_id: 0 }, range: [0, 24] })) },
    { name: 'invoice', kind: 'read', weight: 10, request: (t) => ctx.call(`/api/invoice/${pick(data.invoices)}`, bearer(t)) },
    { name: 'class page', kind: 'read', weight: 6, request: (t) => ctx.call(`/api/class/${data.classPage}`, bearer(t)) },
    { name: 'league page', kind: 'read', weight: 4, request: (t) => ctx.call(`/api/league/${data.league}`, bearer(t)) },
    { name: 'team page', kind: 'read', weight: 5, request: (t) => ctx.call(`/api/team/${pick(data.teams)}`, bearer(t)) },
    {
      name: 'booking', kind: 'write', weight: 6,
      request: (t) => {
        // An hour of a weekday evening (16:00–24:00), each booking its own, on Brooklyn's first field.
        const hour = nextBooking();
        const day = Math.floor(hour / 8);
        // The day's 16:00 is taken in the zone again (not added to January's offset), so March's clock change
        // does not move the evening an hour outside the opening hours.
        const date = data.firstEvening.add(7 * Math.floor(day / 5) + (day % 5), 'day').format('YYYY-MM-DD');
        const start = dayjs.tz(`${date} 16:00`, 'America/New_York').add(hour % 8, 'hour').unix();
        return ctx.call('/api/event', post(t, { field_id: 1, product_type_id: 1, start_date: start, end_date: start + 3600 }));
      },
    },
    { name: 'payment', kind: 'write', weight: 6, request: (t) => ctx.call('/api/payment', post(t, { invoice_id: pick(data.owing), amount: 0.01, type: 'cash' })) },
    {
      name: 'class registration', kind: 'write', weight: REGISTRATION_WEIGHT,
      request: (t) => {
        // Each child once per class: child i of class k is registration k·children + i.
        const r = nextRegistration();
        const classId = data.registrationClasses[Math.floor(r / data.kids.length)];
        return ctx.call('/api/class/registration', post(t, { price: 90, attendee: { class_id: classId, customer_id: data.kids[r % data.kids.length] }, waitlist: true }));
      },
    },
    {
      name: 'team sign-up', kind: 'write', weight: 2,
      request: (t) => {
        const s = nextSignup();
        const league = data.signupLeagues[s % data.signupLeagues.length];
        return ctx.call('/api/team/signup', post(t, { league_id: league.ID, fee: league.fee, name: `Soak team ${s}` }));
      },
    },
  ];
}

interface Sample { at: number; rss: number; heap: number; waiting: number }

/** The gauges the soak watches, read off Prometheus' text format. */
function sampleOf(text: string, at: number): Sample {
  const value = (name: string) => Number(text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm'))?.[1] ?? NaN);
  return { at, rss: value('process_resident_memory_bytes'), heap: value('nodejs_heap_size_used_bytes'), waiting: value('touchline_db_waiting') };
}

export interface SoakResult {
  sessions: number;
  seconds: number;
  requests: number;
  errors: number;
  firstErrors: string[];
  p50: number;
  p95: number;
  p99: number;
  max: number;
  byAction: Array<{ name: string; kind: string; requests: number; errors: number; p50: number; p95: number; p99: number }>;
  memory: { middleThirdPeakMb: number; lastThirdPeakMb: number; heapMiddleThirdPeakMb: number; heapLastThirdPeakMb: number; heapMiddleThirdLowMb: number; heapLastThirdLowMb: number };
  waiting: { middleThirdMean: number; lastThirdMean: number; max: number };
  /** Every sample of the gauges, for the curve (seconds from the start, MB, queries waiting). */
  series: Array<{ s: number; heapMb: number; rssMb: number; waiting: number }>;
  verdict: string[];
}

const round = (v: number) => Math.round(v * 10) / 10;

export async function runSoak(ctx: BenchContext, options: SoakOptions): Promise<SoakResult> {
  console.log('Preparing the soak: customers, invoices, a class page of 60, a league of 16, classes and leagues to register into');
  const data = await prepare(ctx, options);
  const mix = actions(ctx, data);
  const totalWeight = mix.reduce((sum, a) => sum + a.weight, 0);
  if (totalWeight !== TOTAL_WEIGHT) throw new Error(`the soak's weights add up to ${totalWeight}, not ${TOTAL_WEIGHT}`);
  const draw = () => {
    let r = Math.random() * totalWeight;
    return mix.find((a) => (r -= a.weight) < 0) ?? mix[0];
  };

  // Each session is a sign-in of its own: two in five as the admin, the rest as Brooklyn's manager.
  console.log(`Signing in ${options.sessions} staff sessions`);
  const tokens: string[] = [];
  for (let i = 0; i < options.sessions; i += 4) {
    tokens.push(...(await Promise.all(Array.from({ length: Math.min(4, options.sessions - i) }, (_, j) => ctx.token((i + j) % 5 < 2 ? 'admin' : 'manager')))));
  }

  const latencies = new Map<string, number[]>(mix.map((a) => [a.name, []]));
  const errors = new Map<string, number>();
  const firstErrors: string[] = [];
  const samples: Sample[] = [];
  const begin = performance.now();
  const deadline = begin + options.durationMs;

  const sampler = (async () => {
    while (performance.now() < deadline) {
      const res = await ctx.call('/metrics', bearer(options.metricsToken));
      if (!res.ok) throw new Error(`GET /metrics: HTTP ${res.status} (was the server started with METRICS_TOKEN?)`);
      samples.push(sampleOf(await res.text(), performance.now() - begin));
      await sleep(SAMPLE_MS);
    }
  })();

  const session = async (token: string) => {
    // Sessions start spread over the first think time, not all in the same millisecond.
    await sleep(Math.random() * THINK_MS[1]);
    while (performance.now() < deadline) {
      const action = draw();
      const t0 = performance.now();
      let failure: string | null = null;
      try {
        const res = await action.request(token);
        const body = await res.text();
        if (!res.ok) failure = `${action.name}: HTTP ${res.status} ${body.slice(0, 200)}`;
      } catch (error) {
        failure = `${action.name}: ${error instanceof Error ? error.message : String(error)}`;
      }
      latencies.get(action.name)!.push(performance.now() - t0);
      if (failure) {
        errors.set(action.name, (errors.get(action.name) ?? 0) + 1);
        if (!firstErrors.some((e) => e.startsWith(`${action.name}:`))) firstErrors.push(failure);
      }
      await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
    }
  };
  await Promise.all([...tokens.map(session), sampler]);
  const seconds = (performance.now() - begin) / 1000;

  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? 0) };
  };
  const all = [...latencies.values()].flat();
  const overall = stats(all);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);

  const third = (k: number) => samples.filter((s) => s.at >= (k * options.durationMs) / 3 && s.at < ((k + 1) * options.durationMs) / 3);
  const peak = (list: Sample[], key: 'rss' | 'heap') => Math.max(...list.map((s) => s[key])) / 2 ** 20;
  const mean = (list: Sample[]) => list.reduce((sum, s) => sum + s.waiting, 0) / Math.max(1, list.length);
  // The first third holds the warm-up (caches, JIT, the pool filling): growth is judged from the middle third on.
  const [first, last] = [third(1), third(2)];
  // The heap is judged on its low points: between two collections it climbs by whatever was allocated (a
  // saw of 70 to 270 MB in the runs of 12/06), and what a leak raises is the level each collection
  // comes back down to.
  const low = (list: Sample[]) => Math.min(...list.map((s) => s.heap)) / 2 ** 20;
  const memory = {
    middleThirdPeakMb: round(peak(first, 'rss')), lastThirdPeakMb: round(peak(last, 'rss')),
    heapMiddleThirdPeakMb: round(peak(first, 'heap')), heapLastThirdPeakMb: round(peak(last, 'heap')),
    heapMiddleThirdLowMb: round(low(first)), heapLastThirdLowMb: round(low(last)),
  };
  const waiting = { middleThirdMean: round(mean(first)), lastThirdMean: round(mean(last)), max: Math.max(0, ...samples.map((s) => s.waiting)) };

  const verdict: string[] = [];
  if (errorCount) verdict.push(`${errorCount} errors`);
  if (overall.p99 > SOAK_P99_BUDGET_MS) verdict.push(`p99 ${overall.p99} ms > ${SOAK_P99_BUDGET_MS} ms`);
  if (memory.heapLastThirdLowMb > memory.heapMiddleThirdLowMb * MEMORY_GROWTH) verdict.push(`the heap grew: its low point ${memory.heapMiddleThirdLowMb} MB in the middle third, ${memory.heapLastThirdLowMb} MB in the last`);
  if (waiting.lastThirdMean > waiting.middleThirdMean + 1) verdict.push(`connection waits grew: mean ${waiting.middleThirdMean} in the middle third, ${waiting.lastThirdMean} in the last`);

  return {
    sessions: options.sessions, seconds: round(seconds), requests: all.length, errors: errorCount, firstErrors, ...overall,
    byAction: mix.map((a) => ({ name: a.name, kind: a.kind, requests: latencies.get(a.name)!.length, errors: errors.get(a.name) ?? 0, ...stats(latencies.get(a.name)!) })),
    memory, waiting, verdict,
    series: samples.map((x) => ({ s: round(x.at / 1000), heapMb: round(x.heap / 2 ** 20), rssMb: round(x.rss / 2 ** 20), waiting: x.waiting })),
  };
}

export function printSoak(result: SoakResult): void {
  console.log(`Soak: ${result.sessions} sessions, ${result.seconds} s, ${result.requests} requests (${round(result.requests / result.seconds)} req/s), ${result.errors} errors`);
  console.log(`  all: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms (budget ${SOAK_P99_BUDGET_MS}), max ${result.max} ms`);
  for (const a of result.byAction) console.log(`  ${a.kind.padEnd(5)} ${a.name.padEnd(20)} ${String(a.requests).padStart(6)} requests  ${String(a.errors).padStart(3)} errors  p50 ${a.p50}  p95 ${a.p95}  p99 ${a.p99} ms`);
  console.log(`  memory: RSS peak ${result.memory.middleThirdPeakMb} MB in the middle third, ${result.memory.lastThirdPeakMb} MB in the last; heap low point ${result.memory.heapMiddleThirdLowMb} → ${result.memory.heapLastThirdLowMb} MB (peak ${result.memory.heapMiddleThirdPeakMb} → ${result.memory.heapLastThirdPeakMb})`);
  console.log(`  heap every 30 s (MB): ${result.series.filter((_, i) => i % 6 === 0).map((x) => x.heapMb).join(' ')}`);
  console.log(`  connection waits: mean ${result.waiting.middleThirdMean} in the middle third, ${result.waiting.lastThirdMean} in the last, at most ${result.waiting.max}`);
  for (const e of result.firstErrors) console.log(`  error: ${e}`);
  console.log(result.verdict.length ? `Soak FAILED: ${result.verdict.join('; ')}` : 'Soak held: no error, p99 within budget, no growth of memory or connection waits');
}
