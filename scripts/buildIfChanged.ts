import fs from 'node:fs';
import path from 'node:path';
import { FINGERPRINT_FILE, inputsFingerprint, ROOT } from './buildInputs';

// `npm start`'s build step: builds the app (vite build) only when its inputs differ from those of the
// build in dist/, so a restart of an unchanged checkout serves at once (issue 22 item 18).

async function main() {
  const fingerprint = inputsFingerprint();
  const written = path.join(ROOT, 'dist', FINGERPRINT_FILE);
  const built = fs.existsSync(path.join(ROOT, 'dist', 'index.html')) && fs.existsSync(written)
    && fs.readFileSync(written, 'utf8').trim() === fingerprint;
  if (built) {
    console.log('The app in dist/ is built from these sources: not building again.');
    return;
  }
  console.log('Building the app (dist/)…');
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn' });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
