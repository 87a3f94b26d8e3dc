import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Role } from '../core/constants';
import { DEMO_PASSWORD, DEMO_STAFF } from '../server/db/seed/staff';
import { call } from './client';
import { measureFirstLoad, printFirstLoad, type FirstLoadResult } from './firstLoad';
import { runScenario, type ScenarioResult } from './load';
import { medianOfRuns, type MedianResult } from './median';
import { measureCalendarPaint, measureEventPage, PAINT_FIELDS, type PaintResult } from './paint';
import { measureScheduleReview } from './paintSchedule';
import { measurePortalPaint, type PortalPaintResult } from './portalPaint';
import { printTable, writeResults } from './report';
import { scenarios } from './scenarios';
import { printSoak, runSoak } from './soak';
import type { BenchContext } from './scenarios/types';
import type { ServerReady } from './server';

// `npm run bench -- [--scale N] [--db pglite|postgres] [--events N] [--invoices N] [--keep] [--duration S]
// [--requests N] [--concurrency N] [--runs N] [--only name[,name]]`: starts the real HTTP server in a child process on 127.0.0.1 with the demo
// network generated at the given scale, and measures each scenario through HTTP from this process.
// Each scenario runs --runs times (`check` first, always, to say how loaded the machine is) and its
// budget is judged on the median p95 of the runs (bench/median.ts). Without --only it also measures the first load of the built app (bench/firstLoad.ts; build it first
// with \`npm run build\`). Exits non-zero when a scenario errs or goes over its p95 budget, or a first
// load over its byte budget.

/** The name that selects the first-load measurement in --only. */
const FIRST_LOAD = 'first-load';
/** The name that selects the families' site's largest paint (bench/portalPaint.ts) in --only; --paint measures it too. */
const PORTAL_PAINT = 'portal-paint';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const USAGE = `Usage: npm run bench -- [options]
  --scale N          network size multiplier for the seed (default 1: about 1,200 customers)
  --db KIND          pglite (default) or postgres (BENCH_DATABASE_URL, else
                     postgres://postgres@127.0.0.1:5432/test; a database of its own, dropped at the end)
  --events N         add about N events over the years (and as many invoices as --invoices, each with
                     about two payments) to the demo network, set-based (bench/scale.ts); postgres only
  --invoices N       invoices among those events (default: as many as --events)
  --leagues N        add N leagues with about 10 teams each, 10 players a team, their sign-ups, invoices
                     and payments (bench/scaleLeagues.ts; issue 24: 2000); postgres only
  --classes N        add N classes (a season per 10) with about 15 attendees each, their invoices and
                     payments (bench/scaleClasses.ts; issue 26: 10000); postgres only
  --keep             keep the database after the run, and reuse it on the next run seeded the same
                     way (same --scale, --events, --invoices) instead of seeding again
  --paint            also measure the calendar week's paint, the event page's cold load and the schedule
                     review of 80 matches in Chromium (bench/paint.ts, bench/paintSchedule.ts; needs dist/),
                     and the families' site's largest paint (as --only portal-paint)
  --duration S       time limit per scenario in seconds (default 10)
  --requests N       request limit per scenario (default 2000)
  --concurrency N    concurrent callers (default 4)
  --warmup N         unmeasured requests before each scenario (default 5)
  --runs N           runs of each scenario; its budget is judged on the median p95 (default 3 with
                     --db postgres, where the scale budgets are judged, else 1)
  --soak             instead of the scenarios, a soak (bench/soak.ts): --sessions staff sessions for
                     --duration seconds (default 300), reads and writes mixed as a front desk's day,
                     judged on errors, p99 and the growth of memory and connection waits
  --sessions N       staff sessions of the soak (default 200)
  --only NAMES       comma-separated scenarios (${scenarios.map((s) => s.name).join(', ')}),
                     leaving out the first-load measurement of the built app (dist/) unless
                     first-load is one of the names; portal-paint: the largest paint of /my's
                     sign-in and of a signed-in family page, 5 cold loads each at 390×844 with a 4×
                     CPU slowdown (bench/portalPaint.ts; budget 1.5 s, issue 43)`;

function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got "${value}"`);
  return n;
}

function options() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      db: { type: 'string', default: 'pglite' },
      duration: { type: 'string' },
      requests: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '4' },
      warmup: { type: 'string', default: '5' },
      runs: { type: 'string' },
      only: { type: 'string' },
      events: { type: 'string', default: '0' },
      invoices: { type: 'string' },
      leagues: { type: 'string', default: '0' },
      classes: { type: 'string', default: '0' },
      keep: { type: 'boolean', default: false },
      paint: { type: 'boolean', default: false },
      soak: { type: 'boolean', default: false },
      sessions: { type: 'string', default: '200' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.db !== 'pglite' && values.db !== 'postgres') throw new Error(`--db must be pglite or postgres, got "${values.db}"`);
  const only = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
  // The machine's `check` runs first, whatever --only says: the figures are read beside its p95.
  const selected = (only ? scenarios.filter((s) => s.name === 'check' || only.includes(s.name)) : [...scenarios])
    .sort((a, b) => Number(b.name === 'check') - Number(a.name === 'check'));
  const unknown = only?.filter((name) => name !== FIRST_LOAD && name !== PORTAL_PAINT && !scenarios.some((s) => s.name === name)) ?? [];
  if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${scenarios.map((s) => s.name).join(', ')}`);
  const events = values.events === '0' ? 0 : Math.floor(positive('events', values.events));
  const leagues = values.leagues === '0' ? 0 : Math.floor(positive('leagues', values.leagues));
  const classes = values.classes === '0' ? 0 : Math.floor(positive('classes', values.classes));
  if ((events || leagues || classes || values.keep) && values.db !== 'postgres') throw new Error('--events, --leagues, --classes and --keep need --db postgres');
  return {
    scale: positive('scale', values.scale),
    db: values.db,
    events,
    invoices: values.invoices === undefined ? events : Math.floor(positive('invoices', values.invoices)),
    leagues,
    classes,
    keep: values.keep,
    paint: values.paint,
    soak: values.soak ? { sessions: Math.floor(positive('sessions', values.sessions)) } : null,
    runs: values.runs === undefined ? (values.db === 'postgres' ? 3 : 1) : Math.floor(positive('runs', values.runs)),
    limits: {
      durationMs: positive('duration', values.duration ?? (values.soak ? '300' : '10')) * 1000,
      requests: Math.floor(positive('requests', values.requests)),
      concurrency: Math.floor(positive('concurrency', values.concurrency)),
      warmup: Math.max(0, Math.floor(Number(values.warmup) || 0)),
    },
    selected,
    firstLoad: !values.soak && (!only || only.includes(FIRST_LOAD)),
    portalPaint: !values.soak && (values.paint || !!only?.includes(PORTAL_PAINT)),
  };
}

function credentials(role: Role) {
  const staff = DEMO_STAFF.find((s) => s.user_type === role);
  if (!staff) throw new Error(`no demo staff member with role ${role}`);
  // Coaches sign in with the Referee choice of the login page.
  return { email: staff.email, password: DEMO_PASSWORD, user_type: role === 'coach' ? 'referee' : role };
}

/** One line of a Chromium measurement; over its budget, the run fails. */
function printPaint(label: string, result: PaintResult): void {
  console.log(`${label}: p50 ${result.p50} ms, p95 ${result.p95} ms, max ${result.max} ms (budget ${result.budgetMs} ms)${result.overBudget ? '  OVER BUDGET' : ''}`);
  if (result.overBudget) process.exitCode = 1;
}

type ServerOptions = Pick<ReturnType<typeof options>, 'scale' | 'db' | 'events' | 'invoices' | 'leagues' | 'classes' | 'keep'> & { metricsToken?: string };

function startServer({ scale, db, events, invoices, leagues, classes, keep, metricsToken }: ServerOptions): { child: ChildProcess; ready: Promise<ServerReady> } {
  const child = fork(path.join(HERE, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env, BENCH_SCALE: String(scale), BENCH_DB: db, BENCH_EVENTS: String(events), BENCH_INVOICES: String(invoices), BENCH_LEAGUES: String(leagues), BENCH_CLASSES: String(classes), BENCH_KEEP: keep ? '1' : '0',
      ...(metricsToken && { BENCH_METRICS_TOKEN: metricsToken }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ServerReady));
    child.once('exit', (code) => reject(new Error(`the bench server exited (code ${code}) before it was ready`)));
  });
  return { child, ready };
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

async function main() {
  const opts = options();
  const startedAt = new Date().toISOString();
  // GET /metrics is served (and its figures collected) only for the soak, which watches it.
  const metricsToken = opts.soak ? randomBytes(24).toString('hex') : undefined;
  const { child, ready } = startServer({ ...opts, metricsToken });
  try {
    const server = await ready;
    const totalRows = server.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`${server.database}: ${totalRows} rows in ${server.tables.length} tables (seeding took ${server.seedSeconds.toFixed(1)} s); largest: ${server.tables.slice(0, 5).map((t) => `${t.table} ${t.rows}`).join(', ')}`);

    const { baseUrl } = server;
    const ctx: BenchContext = {
      baseUrl,
      databaseUrl: server.databaseUrl,
      dataDir: server.dataDir,
      call: (p, init) => call(`${baseUrl}${p}`, init),
      credentials,
      async token(role) {
        const res = await ctx.call('/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials(role)) });
        const body = (await res.json()) as { token?: string };
        if (!res.ok || !body.token) throw new Error(`login as ${role} failed: ${res.status} ${JSON.stringify(body)}`);
        return body.token;
      },
    };

    if (opts.soak && metricsToken) {
      const soak = await runSoak(ctx, { ...opts.soak, durationMs: opts.limits.durationMs, metricsToken });
      console.log('');
      printSoak(soak);
      const file = writeResults(path.join(HERE, 'results'), {
        startedAt, finishedAt: new Date().toISOString(), kind: 'soak',
        options: { scale: opts.scale, db: opts.db, events: opts.events, leagues: opts.leagues, classes: opts.classes, keep: opts.keep, durationMs: opts.limits.durationMs, ...opts.soak },
        environment: { node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.arch()}`, database: server.database, scryptLogN: server.scryptLogN },
        soak,
      });
      console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
      if (soak.verdict.length) process.exitCode = 1;
      return;
    }

    const results: MedianResult[] = [];
    for (const scenario of opts.selected) {
      const runs: ScenarioResult[] = [];
      for (let run = 1; run <= opts.runs; run++) {
        console.log(`Running ${scenario.name}${opts.runs > 1 ? ` (${run}/${opts.runs})` : ''}: ${scenario.description}`);
        runs.push(await runScenario(ctx, scenario, opts.limits));
      }
      const result = medianOfRuns(runs);
      results.push(result);
      // Each scenario's figure as it ends, so a run stopped later still leaves what it measured.
      console.log(`  ${result.name}: median p95 ${result.p95.toFixed(1)} ms (runs ${result.runP95s.map((p) => p.toFixed(1)).join(', ')}), budget ${result.budgetP95Ms ?? '-'}, errors ${result.errors}${result.firstError ? ` (${result.firstError})` : ''}`);
    }

    let firstLoad: FirstLoadResult[] = [];
    if (opts.firstLoad && server.distDir) {
      console.log('Measuring the first load of /login, /customer and /my in Chromium');
      const manager = credentials('manager');
      firstLoad = await measureFirstLoad(baseUrl, server.distDir, { email: manager.email, password: manager.password, radio: 'Manager' });
    } else if (opts.firstLoad) {
      console.log('First load not measured: no built app in dist/ (run `npm run build` first)');
    }

    let paint: PaintResult | null = null;
    let eventPage: PaintResult | null = null;
    let review: PaintResult | null = null;
    if (opts.paint && server.distDir) {
      console.log('Measuring the calendar week\'s paint in Chromium');
      paint = await measureCalendarPaint(ctx);
      console.log('Measuring the event page\'s cold load in Chromium');
      eventPage = await measureEventPage(ctx);
      console.log('Measuring the schedule review of 80 matches in Chromium');
      review = await measureScheduleReview(ctx);
    } else if (opts.paint) {
      console.log('Paint not measured: no built app in dist/ (run `npm run build` first)');
    }

    let portalPaint: PortalPaintResult | null = null;
    if (opts.portalPaint && server.distDir) {
      console.log('Measuring the largest paint of /my in Chromium (390×844, CPU slowed 4×, cold loads)');
      portalPaint = await measurePortalPaint(ctx, server.dataDir);
    } else if (opts.portalPaint) {
      console.log('Portal paint not measured: no built app in dist/ (run `npm run build` first)');
    }

    console.log('');
    printTable(results);
    if (paint) printPaint(`Calendar week paint (${PAINT_FIELDS} fields, ${paint.events} events, ${paint.runs} loads)`, paint);
    if (eventPage) printPaint(`Event page cold load (a new tab, ${eventPage.runs} loads)`, eventPage);
    if (review) printPaint(`Schedule review (${review.events} matches, ${review.runs} builds)`, review);
    if (portalPaint) {
      printPaint(`Largest paint /my sign-in (390×844, 4× CPU slowdown, ${portalPaint.signIn.runs} cold loads)`, portalPaint.signIn);
      printPaint(`Largest paint /my family, signed in (${portalPaint.parent}, ${portalPaint.family.runs} cold loads)`, portalPaint.family);
    }
    printFirstLoad(firstLoad);
    const file = writeResults(path.join(HERE, 'results'), {
      startedAt,
      finishedAt: new Date().toISOString(),
      options: { scale: opts.scale, db: opts.db, events: opts.events, invoices: opts.invoices, leagues: opts.leagues, classes: opts.classes, keep: opts.keep, runs: opts.runs, ...opts.limits },
      environment: { node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.arch()}`, database: server.database, scryptLogN: server.scryptLogN },
      network: { seedSeconds: server.seedSeconds, totalRows, tables: server.tables },
      scenarios: results,
      firstLoad,
      paint,
      eventPage,
      review,
      portalPaint,
    });
    console.log(`\nResults written to ${path.relative(process.cwd(), file)}`);
    const failed = results.filter((r) => r.overBudget || r.errors > 0);
    if (failed.length) {
      console.error(`Failed: ${failed.map((r) => `${r.name} (${[r.overBudget ? `median p95 ${r.p95.toFixed(1)} ms > ${r.budgetP95Ms} ms` : '', r.errors ? `${r.errors} errors` : ''].filter(Boolean).join(', ')})`).join('; ')}`);
      process.exitCode = 1;
    }
    const heavy = firstLoad.filter((r) => r.overBudget);
    if (heavy.length) {
      console.error(`Over the first-load budget: ${heavy.map((r) => `${r.page} ${r.gzipBytes} > ${r.budgetBytes} bytes`).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await stopServer(child);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
