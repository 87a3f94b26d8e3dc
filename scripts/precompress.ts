import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// file.gz and file.br next to every compressible file of the build: the server sends them as they are
// to browsers that accept them (server/app.ts, @fastify/static's preCompressed). Brotli's best level
// costs seconds per large chunk, so it is spent where every first visit pays: the entry's chunks and
// the assets at quality 11, lazily loaded chunks at 9 (about 7 % larger, a tenth of the time).
//
// `vite build` writes both (vite.config.ts). The build `npm start` runs writes only the gzip ones
// (BROTLI_LATER=1: brotli is most of a build's compression time) and the started server's process
// writes the brotli ones afterwards, one at a time (brotliLater): until then browsers get gzip.

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files go out as they are. */
const MIN_BYTES = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Whether the build's `fileName` (relative to its folder) is one to precompress. */
export const compressible = (fileName: string) => COMPRESSIBLE.test(fileName) && !fileName.startsWith('.vite/');

/** Writes `file.gz` (gzip 9), and `file.br` unless brotli comes later; small files are left alone. */
export async function precompress(file: string, options: { firstLoad: boolean; brotli: boolean }): Promise<void> {
  const source = await fs.promises.readFile(file);
  if (source.length < MIN_BYTES) return;
  await Promise.all([
    gzip(source, { level: 9 }).then((gz) => fs.promises.writeFile(`${file}.gz`, gz)),
    options.brotli ? writeBrotli(file, source, options.firstLoad) : undefined,
  ]);
}

async function writeBrotli(file: string, source: Buffer, firstLoad: boolean): Promise<void> {
  const br = await brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: firstLoad ? 11 : 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
  // Written aside and renamed: the server may be serving the folder (a reader never sees half a file).
  await fs.promises.writeFile(`${file}.br.tmp`, br);
  await fs.promises.rename(`${file}.br.tmp`, `${file}.br`);
}

interface ManifestChunk { file: string; name?: string; isEntry?: boolean }

/**
 * Writes the `.br` the build left out (BROTLI_LATER) in `outDir`, one file at a time so that a server
 * starting beside it keeps a core. First-load chunks are read from the build's manifest.
 */
export async function brotliLater(outDir: string): Promise<number> {
  const manifestFile = path.join(outDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return 0;
  const chunks = Object.values(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>);
  const firstLoad = new Set(chunks.filter((c) => c.isEntry || c.name === 'initial').map((c) => c.file));
  const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => compressible(name) && !fs.existsSync(path.join(outDir, `${name}.br`)));
  let written = 0;
  for (const name of files) {
    const file = path.join(outDir, name);
    const source = await fs.promises.readFile(file);
    if (source.length < MIN_BYTES) continue;
    await writeBrotli(file, source, firstLoad.has(name) || !/\.m?js$/.test(name));
    written++;
  }
  return written;
}
