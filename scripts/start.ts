import path from 'node:path';
import { failed, start } from '../server/main';
import { buildIfChanged } from './buildIfChanged';
import { ROOT } from './buildInputs';
import { brotliLater } from './precompress';

// `npm start`: the app's build, when its sources changed, runs in its own process while the server
// opens, migrates and (on a first start) seeds its database; the server serves once both are done,
// and then writes the brotli files the build left out, one at a time (issue 42 item 3: bench/START.md).

async function main() {
  await start({ appBuilt: buildIfChanged() });
  // Until they are written browsers get the gzip files; a failure here leaves them at that.
  await brotliLater(path.join(ROOT, 'dist')).catch((error: Error) => console.warn(`Writing the app's brotli files failed (${error.message}): browsers get gzip`));
}

main().catch(failed);
