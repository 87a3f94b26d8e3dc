import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// End-to-end tests in Debian's Chromium against the built app (dist/) on the real server, started by
// tests/e2e/support/server.ts on a free loopback port with a fresh, demo-seeded data directory.
// Playwright never downloads a browser here: a missing Chromium is a setup error with one fix.

const INSTALL = 'apt-get update && apt-get install -y chromium';

function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (fs.existsSync(candidate)) return candidate;
  const problem = `Chromium not found at ${candidate} (set CHROMIUM_PATH to use another).`;
  if (process.env.CI) throw new Error(`${problem} CI must install it first: ${INSTALL}`);
  console.error(`${problem}\nInstall it with:\n  ${INSTALL}`);
  process.exit(1);
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/server.ts',
  // Two cores: the server (scrypt, the seed) needs one of them.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Generous: each sign-in costs a deliberate scrypt hash, and the mail flows make several (the terminal
  // payment test took 47 s of its 60 under CI's load).
  timeout: 120_000,
  // A lazily loaded page's first paint on two busy cores (server, two browsers) can pass 10 s.
  expect: { timeout: 20_000 },
  outputDir: 'test-results',
  use: {
    // Set by the global setup before the workers start, which inherit it.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Clicks wait for what they click as long as expects do (a button drawn but still settling under load).
    actionTimeout: 20_000,
    navigationTimeout: 15_000,
    // The app honours reduced motion (src/kit/theme.ts): a snackbar fading out while axe measures it
    // read at its passing colours (3.4:1), a contrast no one sees for long; still, it is what is read.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
