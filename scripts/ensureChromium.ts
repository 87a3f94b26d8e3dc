import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm test`'s step before the end-to-end tests (issue 22 item 19): Debian's Chromium must be there.
// As root with apt-get it is installed here, as .ci/run does; otherwise the one command is said.

export const INSTALL = 'apt-get update && apt-get install -y chromium';

export type ChromiumStep = 'present' | 'install' | 'ask';

/** What to do, from what the machine has. */
export function chromiumStep(machine: { chromium: boolean; root: boolean; aptGet: boolean }): ChromiumStep {
  if (machine.chromium) return 'present';
  return machine.root && machine.aptGet ? 'install' : 'ask';
}

const onPath = (command: string) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));

function main(): number {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const step = chromiumStep({ chromium: fs.existsSync(chromium), root: process.getuid?.() === 0, aptGet: onPath('apt-get') });
  if (step === 'present') return 0;
  if (step === 'ask') {
    console.error(`Chromium not found at ${chromium} (set CHROMIUM_PATH to use another). The end-to-end tests need it:\n  sudo sh -c '${INSTALL}'`);
    return 1;
  }
  console.log(`Chromium not found at ${chromium}: installing Debian's (${INSTALL})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install Chromium with:\n  ${INSTALL}`);
      return 1;
    }
  }
  if (fs.existsSync(chromium)) return 0;
  console.error(`apt-get installed chromium, yet ${chromium} is missing: set CHROMIUM_PATH to its path.`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
