import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FINGERPRINT_FILE, inputsFingerprint, ROOT } from './buildInputs';

// `npm start`'s build step: builds the app (vite build) only when its inputs differ from those of the
// build in dist/, so a restart of an unchanged checkout serves at once (issue 22 item 18). The build
// runs in a process of its own, so that the server prepares its database meanwhile on the other core
// (issue 42 item 3: scripts/start.ts).

/** Whether dist/ holds a build of the current inputs. */
function upToDate(): boolean {
  const written = path.join(ROOT, 'dist', FINGERPRINT_FILE);
  return fs.existsSync(path.join(ROOT, 'dist', 'index.html')) && fs.existsSync(written)
    && fs.readFileSync(written, 'utf8').trim() === inputsFingerprint();
}

/** Builds the app unless dist/ is up to date; resolves when dist/ serves the current sources. */
export async function buildIfChanged(env: NodeJS.ProcessEnv = process.env): Promise<'built' | 'unchanged'> {
  if (upToDate()) {
    console.log('The app in dist/ is built from these sources: not building again.');
    return 'unchanged';
  }
  console.log('Building the app (dist/)…');
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  // Brotli is left to after the start (scripts/precompress.ts): most of a build's compression time.
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, env: { ...env, BROTLI_LATER: '1' }, stdio: 'inherit' });
  // Below the server's priority: its database work is the longer of the two, and the build's bundler
  // would otherwise take both cores from it while it lasts.
  if (child.pid) os.setPriority(child.pid, 10);
  // A start that fails (a bad setting) takes its build with it.
  const stop = () => child.kill();
  process.once('exit', stop);
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve));
  process.off('exit', stop);
  if (code !== 0) throw new Error(`Building the app failed (vite build exited with ${code})`);
  return 'built';
}
