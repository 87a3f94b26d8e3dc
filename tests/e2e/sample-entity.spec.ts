import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Role } from '../../core/constants';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../server/db/seed/staff';
import { LOGIN_RADIO, menuItem, signIn } from './support/app';
import { expectAccessible } from './support/axe';
import { freePort } from './support/server';

// Issue 40 item 8: adding an entity is one folder and one registry line (README "Adding an entity").
// A copy of the product gets the lockers folder of tests/fixtures/lockers as resources/lockers and one
// entry in src/app/registry.ts, is built, and serves on a fresh embedded database: the server finds
// the folder by itself (its table's migration, its calls, its rules of the role matrix, its OpenAPI
// operations), and the browser shows its menu entry, list, create, edit and show.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** What a build and a server need of the product (node_modules is linked, not copied). */
const COPIED = ['core', 'server', 'src', 'resources', 'dataProvider', 'authProvider', 'public', 'scripts', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'];
/** The one registry line: the entry (and its import) that places the lockers in the menu. */
const REGISTRY_IMPORT = "import lockers from '../../resources/lockers';\n";
const REGISTRY_ENTRY = "  { resource: lockers, menu: { label: 'resources.lockers.name' } },\n";
const ENTRIES = 'const ENTRIES: readonly Entry[] = [\n';
/** The build and the first start (migrations, the demo seed) on two busy cores. */
const START_TIMEOUT_MS = 240_000;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

let copy: string;
let server: ChildProcess;
let baseURL: string;
let api: APIRequestContext;

/** The product with the lockers folder and its registry line, as a developer would have it. */
function productWithLockers(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-sample-entity-'));
  for (const entry of COPIED) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.cpSync(path.join(ROOT, 'tests', 'fixtures', 'lockers'), path.join(dir, 'resources', 'lockers'), { recursive: true });
  const registry = path.join(dir, 'src', 'app', 'registry.ts');
  const text = fs.readFileSync(registry, 'utf8');
  expect(text, 'the registry lists its entries in ENTRIES').toContain(ENTRIES);
  fs.writeFileSync(registry, REGISTRY_IMPORT + text.replace(ENTRIES, ENTRIES + REGISTRY_ENTRY));
  return dir;
}

/**
 * Starts the copy as `npm start` does (scripts/start.ts): the app's build in a process of its own while
 * the server migrates and seeds a fresh data directory; it answers once both are done.
 */
async function startProduct(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), PUBLIC_URL: url,
    SEED: 'demo', LOG_LEVEL: 'warn', SCRYPT_LOG_N: '10',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product did not start:\n${errors}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the product did not answer within ${START_TIMEOUT_MS / 1000} s:\n${errors}`);
}

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 30_000);
  const started = Date.now();
  copy = productWithLockers();
  ({ child: server, url: baseURL } = await startProduct(copy));
  console.log(`The product with resources/lockers built and started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  api = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  // Its data directory goes with the copy: no clean stop to wait for.
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

type Login = { email: string; user_type: Role; facility_id: number };
const staff = (role: Role, facility = 1): Login => {
  const member = DEMO_STAFF.find((s) => s.user_type === role && s.facility_id === facility);
  if (!member) throw new Error(`no demo ${role} in facility ${facility}`);
  return member;
};

/** The Authorization header of a demo staff member. */
async function bearer(member: Login): Promise<{ Authorization: string }> {
  const answer = await api.post('/user/login', { data: { email: member.email, password: DEMO_PASSWORD, user_type: LOGIN_RADIO[member.user_type].toLowerCase() } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return { Authorization: `Bearer ${(await answer.json()).token}` };
}

test('the server finds the folder: its calls, their validation, the role matrix, the facility wall, versions and OpenAPI', async () => {
  const [admin, manager, manager2, mod, coach] = await Promise.all([
    bearer(staff('admin')), bearer(staff('manager')), bearer(staff('manager', 2)), bearer(staff('mod')), bearer(staff('coach')),
  ]);

  // Validation: 400 naming each field.
  const empty = await api.post('/api/locker', { headers: admin, data: {} });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).errors).toEqual({ name: 'is required', facility_id: 'is required', monthly_price: 'is required' });
  const bad = await api.post('/api/locker', { headers: admin, data: { name: 'A1', facility_id: 1, monthly_price: 12.345 } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toEqual({ monthly_price: 'has at most two decimals' });

  // CRUD: money in dollars on the wire.
  const created = await api.post('/api/locker', { headers: admin, data: { name: 'Queens Q-7', facility_id: 2, monthly_price: 35.5 } });
  expect(created.status(), await created.text()).toBe(201);
  const queens = await created.json();
  expect(queens).toMatchObject({ name: 'Queens Q-7', facility_id: 2, monthly_price: 35.5 });
  const read = await api.get(`/api/locker/${queens.ID}`, { headers: admin });
  expect(await read.json()).toMatchObject({ ID: queens.ID, monthly_price: 35.5 });
  const etag = read.headers().etag;
  expect(etag).toMatch(/^"\d+"$/);
  const renamed = await api.put(`/api/locker/${queens.ID}`, { headers: { ...admin, 'If-Match': etag }, data: { name: 'Queens Q-8' } });
  expect(await renamed.json()).toMatchObject({ name: 'Queens Q-8', monthly_price: 35.5 });
  expect(renamed.headers().etag).not.toBe(etag);
  // A write on a version someone else changed since: 412, nothing saved.
  const stale = await api.put(`/api/locker/${queens.ID}`, { headers: { ...admin, 'If-Match': etag }, data: { name: 'Lost update' } });
  expect(stale.status()).toBe(412);
  const list = await api.get('/api/lockers?q=queens', { headers: admin });
  expect((await list.json()).map((locker: { name: string }) => locker.name)).toEqual(['Queens Q-8']);
  expect(list.headers()['content-range']).toMatch(/\/1$/);

  // The facility wall: another facility's locker is not found for a manager; theirs is.
  expect((await api.get(`/api/locker/${queens.ID}`, { headers: manager })).status()).toBe(404);
  expect((await api.put(`/api/locker/${queens.ID}`, { headers: manager, data: { name: 'Taken' } })).status()).toBe(404);
  expect((await api.get(`/api/locker/${queens.ID}`, { headers: manager2 })).status()).toBe(200);
  // A manager's new locker is in their own facility, whatever they send.
  const own = await api.post('/api/locker', { headers: manager, data: { name: 'Brooklyn B-1', facility_id: 2, monthly_price: 20 } });
  expect(await own.json()).toMatchObject({ facility_id: 1 });
  expect((await (await api.get('/api/lockers', { headers: manager })).json()).map((locker: { name: string }) => locker.name)).toEqual(['Brooklyn B-1']);

  // The role matrix: the office reads, admins and managers write, admins delete; coaches nothing.
  expect((await api.get('/api/lockers', { headers: mod })).status()).toBe(200);
  expect((await api.post('/api/locker', { headers: mod, data: { name: 'M', facility_id: 1, monthly_price: 1 } })).status()).toBe(403);
  expect((await api.get('/api/lockers', { headers: coach })).status()).toBe(403);
  expect((await api.delete(`/api/locker/${queens.ID}`, { headers: manager2 })).status()).toBe(403);
  expect((await api.delete(`/api/locker/${queens.ID}`, { headers: admin })).status()).toBe(200);
  expect((await api.get(`/api/locker/${queens.ID}`, { headers: admin })).status()).toBe(404);

  // The OpenAPI document lists the five operations with their bodies.
  const { paths } = await (await api.get('/api/openapi.json')).json();
  expect(Object.keys(paths['/api/lockers'])).toEqual(['get']);
  expect(Object.keys(paths['/api/locker']).sort()).toEqual(['post']);
  expect(Object.keys(paths['/api/locker/{id}']).sort()).toEqual(['delete', 'get', 'put']);
  const body = paths['/api/locker'].post.requestBody.content['application/json'].schema;
  expect(body.required.sort()).toEqual(['facility_id', 'monthly_price', 'name']);
  expect(paths['/api/locker/{id}'].delete.description).toBe('Role matrix: lockers / delete');
});

async function signInAs(browser: Browser, member: Login): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, member.email, DEMO_PASSWORD, LOGIN_RADIO[member.user_type]);
  return page;
}

test('the menu entry, the list, create, edit and show in the browser', async ({ browser }) => {
  const page = await signInAs(browser, staff('manager'));
  await menuItem(page, 'Lockers').click();
  await expect(page).toHaveURL(/\/lockers(\?|$)/);
  await expect(page.getByRole('row').filter({ hasText: 'Brooklyn B-1' })).toContainText('$20.00');
  await expectAccessible(page, 'lockers list');

  // Create: the declaration's schema checks the form in the browser, before anything is sent.
  const creates: string[] = [];
  page.on('request', (sent) => { if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/locker') creates.push(sent.postData() ?? ''); });
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/lockers\/create$/);
  await page.getByRole('spinbutton', { name: 'Monthly price' }).fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cannot be negative')).toBeVisible();
  await expect(page.getByText('Required')).toBeVisible();
  await expectAccessible(page, 'new locker form with its errors');
  expect(creates).toEqual([]);
  await page.getByRole('textbox', { name: 'Name' }).fill('Brooklyn B-2');
  await page.getByRole('spinbutton', { name: 'Monthly price' }).fill('12.5');
  await page.getByRole('button', { name: 'Save' }).click();

  // Show: the new locker's page.
  await expect(page).toHaveURL(/\/lockers\/\d+$/);
  expect(creates.map((body) => JSON.parse(body))).toEqual([{ name: 'Brooklyn B-2', facility_id: 1, monthly_price: 12.5 }]);
  const shown = page.locator('main');
  await expect(shown).toContainText('Brooklyn B-2');
  await expect(shown).toContainText('$12.50');
  await expect(shown).toContainText('Brooklyn');
  await expectAccessible(page, "a locker's page");

  // Edit, back to its page with the change.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/lockers\/\d+\/edit$/);
  await page.getByRole('spinbutton', { name: 'Monthly price' }).fill('14');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/lockers\/\d+$/);
  await expect(shown).toContainText('$14.00');
  await menuItem(page, 'Lockers').click();
  await expect(page.getByRole('row').filter({ hasText: 'Brooklyn B-2' })).toContainText('$14.00');

  // A coach has no rights on lockers: no menu entry, and the list's address says so.
  const coach = await signInAs(browser, staff('coach'));
  await expect(menuItem(coach, 'My schedule')).toBeVisible();
  await expect(menuItem(coach, 'Lockers')).toHaveCount(0);
  await coach.goto('/lockers');
  await expect(coach.getByRole('row').filter({ hasText: 'Brooklyn' })).toHaveCount(0);
  await expect(coach.getByRole('alert')).toBeVisible();
});
