import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';

// First-load weight (issue 14 item 5): the gzip bytes of JavaScript a browser with an empty cache
// downloads to show /login, and to show /customer once signed in, and the families' site's /my (issue 43,
// its own budget). Measured by loading the built app
// (dist/) from the bench server in Chromium and adding up every script it fetched, each counted at the
// size of its .gz next to it in dist/ (what the server sends to a browser that takes gzip) — so what is
// counted is what the app really imports, however its chunks are split.

export const FIRST_LOAD_BUDGET_BYTES = 250 * 1000;
/** The families' site (/my, its own build in dist/my): issue 43 §1. */
export const PORTAL_FIRST_LOAD_BUDGET_BYTES = 120 * 1000;

export interface FirstLoadResult {
  page: string;
  scripts: number;
  gzipBytes: number;
  budgetBytes: number;
  overBudget: boolean;
  /** Each script fetched with its gzip bytes, largest first: what to look at when over budget. */
  files: Array<{ script: string; gzipBytes: number }>;
}

/** The gzip size of one built file: its precompressed .gz, else compressed here. */
function gzipSize(distDir: string, urlPath: string): number {
  const file = path.join(distDir, decodeURIComponent(urlPath));
  if (!file.startsWith(distDir) || !fs.existsSync(file)) throw new Error(`${urlPath} is not a file of ${distDir}`);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Opens `url` in `context` and answers the scripts it fetched until the network went quiet. */
async function scriptsLoaded(context: BrowserContext, url: string, ready: (page: Page) => Locator): Promise<string[]> {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page).waitFor();
  await page.close();
  return [...scripts];
}

export async function measureFirstLoad(
  baseUrl: string,
  distDir: string,
  login: { email: string; password: string; radio: string },
): Promise<FirstLoadResult[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  try {
    const result = (page: string, scripts: string[], budgetBytes = FIRST_LOAD_BUDGET_BYTES): FirstLoadResult => {
      const files = scripts.map((script) => ({ script, gzipBytes: gzipSize(distDir, script) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
      const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
      return { page, scripts: scripts.length, gzipBytes, budgetBytes, overBudget: gzipBytes > budgetBytes, files };
    };
    // A first visit: a fresh context has an empty cache and no session.
    const visitor = await browser.newContext({ baseURL: baseUrl });
    const loginScripts = await scriptsLoaded(visitor, '/login', (page) => page.getByRole('button', { name: 'Sign In' }));
    // Sign in there, then open /customer in another fresh context holding only that session.
    const page = await visitor.newPage();
    await page.goto('/login');
    await page.getByRole('radio', { name: login.radio, exact: true }).check();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(login.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const signedIn = await browser.newContext({ baseURL: baseUrl, storageState: await visitor.storageState() });
    const customerScripts = await scriptsLoaded(signedIn, '/customer', (page) => page.getByRole('searchbox', { name: 'Search customers' }));
    // The families' site: a parent's first visit opens its sign-in.
    const parent = await browser.newContext({ baseURL: baseUrl });
    const portalScripts = await scriptsLoaded(parent, '/my', (page) => page.getByRole('button', { name: 'Mail me a link' }));
    return [result('/login', loginScripts), result('/customer (signed in)', customerScripts), result('/my', portalScripts, PORTAL_FIRST_LOAD_BUDGET_BYTES)];
  } finally {
    await browser.close();
  }
}

export function printFirstLoad(results: FirstLoadResult[]): void {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  for (const r of results) {
    console.log(`First load ${r.page}: ${r.scripts} scripts, ${kB(r.gzipBytes)} gzip JS (budget ${kB(r.budgetBytes)})${r.overBudget ? '  OVER BUDGET' : ''}`);
    if (r.overBudget) console.log(`  largest: ${r.files.slice(0, 8).map((f) => `${f.script} ${kB(f.gzipBytes)}`).join(', ')}`);
  }
}
