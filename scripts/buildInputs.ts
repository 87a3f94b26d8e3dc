import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The fingerprint of what the browser build reads. Every build that succeeds writes it to dist/.inputs
// (vite.config.ts, buildFingerprint); `npm start` builds only when it differs (scripts/buildIfChanged.ts).

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What the browser build reads: its sources, its static files, its configuration and its packages. */
const INPUT_DIRS = ['src', 'resources', 'core', 'dataProvider', 'authProvider', 'public'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
/** Its file in the build's output directory. */
export const FINGERPRINT_FILE = '.inputs';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A hash of every input's path and content, and of the build-time settings (VITE_*, BUILD_ID). */
export function inputsFingerprint(root = ROOT): string {
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(path.join(root, dir))), ...INPUT_FILES.map((file) => path.join(root, file))]
    .filter((file) => fs.existsSync(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  const settings = Object.entries(process.env).filter(([key]) => key.startsWith('VITE_') || key === 'BUILD_ID').sort();
  hash.update(JSON.stringify(settings));
  return hash.digest('hex');
}

