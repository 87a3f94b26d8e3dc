import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// A build id baked into the bundle and written to dist/version.json: the app polls the latter and
// shows the update bar when a newer build has been deployed.
const buildId = process.env.BUILD_ID ?? String(Date.now());
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/**
 * Writes file.gz and file.br next to every compressible file of the build, at the highest levels (it
 * is done once): the server sends them as they are to browsers that accept them (server/app.ts).
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  let outDir = 'dist';
  return {
    name: 'touchline-precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || fileName.startsWith('.vite/')) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        }));
      }
    },
  };
}

/**
 * ra-core's react-router adapter without the hash router it would build outside a router, which
 * brings react-router's whole data router into the entry bundle (src/shims/reactRouterProvider.ts).
 */
function raRouterAdapter(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/shims/reactRouterProvider.ts');
  return {
    name: 'touchline-ra-router-adapter',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './adapters/reactRouterProvider.js' && importer?.includes('/node_modules/ra-core/')) return shim;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'touchline-version-file',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ build: buildId }) });
      },
    },
    precompress(),
    raRouterAdapter(),
  ],
  // The entry bundle's weight (bench/firstLoad.ts budgets it): a native stand-in for a polyfill.
  resolve: { alias: { 'object.entries': path.resolve(import.meta.dirname, 'src/shims/objectEntries.cjs') } },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true,
    // Everything the entry imports statically loads on every first visit anyway: one chunk of it
    // instead of dozens of small shared ones compresses better (bench/firstLoad.ts budgets it).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true }, '/user': apiTarget, '/check': apiTarget },
  },
});
