import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FINGERPRINT_FILE } from '../scripts/buildInputs';

// `npm run bench:start` (issue 22 item 18): how long `npm start` takes from an installed checkout to a
// product that answers GET /api/health — the first start (the app built, the embedded database created
// and seeded) and a restart (unchanged sources, the same data directory). Budgets: 15 s and 5 s.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGETS = { first: 15_000, restart: 5_000 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** The environment without DATABASE_URL: the default start, on the embedded database. */
function embedded(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

/** Runs `npm start` until it serves, then stops it: the milliseconds it took. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT, detached: true, stdio: 'ignore',
    env: { ...embedded(process.env), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before serving`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.ok, () => false);
      if (healthy) return performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error('npm start did not serve within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-start-'));
  try {
    fs.rmSync(path.join(ROOT, 'dist', FINGERPRINT_FILE), { force: true });
    const first = await timeStart(dataDir);
    const restart = await timeStart(dataDir);
    const line = (name: string, ms: number, budget: number) => `${name.padEnd(12)} ${(ms / 1000).toFixed(1)} s (budget ${budget / 1000} s)${ms > budget ? '  OVER BUDGET' : ''}`;
    console.log(line('first start', first, BUDGETS.first));
    console.log(line('restart', restart, BUDGETS.restart));
    console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
    if (first > BUDGETS.first || restart > BUDGETS.restart) process.exitCode = 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
