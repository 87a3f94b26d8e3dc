import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startFakeHubspot } from '../../api/support/fakeHubspot';

// Playwright's global setup: starts the real server (server/main.ts, as `npm run serve` does) on the
// built app, on a free loopback port, with a fresh data directory that it migrates and seeds with the demo
// network on this first start. Mail goes to DATA_DIR/outbox (no SMTP_URL), where the tests read it; HubSpot
// is the API tests' local fake (a facility reaches it through an integration holding FAKE_HUBSPOT_TOKEN).
// The workers inherit E2E_BASE_URL and E2E_DATA_DIR. Setting both beforehand reuses a running server.

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const START_TIMEOUT_MS = 180_000;

/** A free loopback port (also for tests/e2e/sample-entity.spec.ts's own server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the server answers HTTP; rejects if it exits first or takes too long. */
async function waitForServer(baseUrl: string, child: ChildProcess): Promise<void> {
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `the server exited (${signal ?? `code ${code}`}) before it was ready`));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      await fetch(`${baseUrl}/check`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`the server did not answer at ${baseUrl} within ${START_TIMEOUT_MS / 1000} s`);
}

function relay(stream: NodeJS.ReadableStream | null, to: NodeJS.WriteStream): void {
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line.trim()) to.write(`[server] ${line}\n`);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL && process.env.E2E_DATA_DIR) {
    console.log(`Using the server already running at ${process.env.E2E_BASE_URL}`);
    return async () => {};
  }
  if (!fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: build the app first (`npm run build`; `npm test` does it).');
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-e2e-'));
  const hubspot = await startFakeHubspot();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    HUBSPOT_API_URL: hubspot.url,
  };
  // Embedded PGlite and the outbox, whatever the developer's shell points at.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  // One node process (tsx as an import hook) so that SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);

  const started = Date.now();
  try {
    await waitForServer(baseUrl, child);
  } catch (error) {
    await stop(child);
    await hubspot.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  console.log(`E2E server ready at ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${dataDir})`);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await stop(child);
    await hubspot.close();
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
