import fs from 'node:fs';
import path from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { FINGERPRINT_FILE, inputsFingerprint } from './scripts/buildInputs.ts';
import { compressible, precompress } from './scripts/precompress.ts';

// A build id baked into the bundle and written to dist/version.json: the app polls the latter and
// shows the update bar when a newer build has been deployed.
const buildId = process.env.BUILD_ID ?? String(Date.now());
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

/**
 * Writes file.gz and file.br next to every compressible file of the build (scripts/precompress.ts):
 * the entry's chunks and the assets at brotli's best quality, lazily loaded chunks at 9. All files
 * compress in parallel (zlib's threads). With BROTLI_LATER=1 (the build of `npm start`) only the gzip
 * ones: the started server writes the brotli ones.
 */
function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'touchline-precompress',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    async writeBundle(_options, bundle) {
      const brotli = process.env.BROTLI_LATER !== '1';
      await Promise.all(Object.entries(bundle).filter(([fileName]) => compressible(fileName)).map(([fileName, output]) =>
        precompress(path.join(outDir, fileName), { brotli, firstLoad: output.type === 'asset' || output.isEntry || output.name === 'initial' })));
    },
  };
}

/**
 * The families' site (/my, src/portal): a second build of its own entry into dist/my, after the app's,
 * so that it shares no chunk with the back office (its first load stays small: issue 43 §1). The server
 * answers dist/my/index.html for the paths under /my.
 */
function portalSite(): Plugin {
  let outDir = 'dist';
  return {
    name: 'touchline-portal-site',
    apply: 'build',
    configResolved(config) { outDir = path.resolve(config.root, config.build.outDir); },
    closeBundle: {
      sequential: true,
      async handler() {
        await build({
          configFile: false, root: path.resolve(import.meta.dirname, 'src/portal'), base: '/my/', logLevel: 'warn',
          // The declarations without their schemas, as in the app: zod stays out of the site's first load.
          plugins: [react(), precompressBuild(), ...declarationsWithoutSchemas()],
          build: { outDir: path.join(outDir, 'my'), emptyOutDir: true, sourcemap: false, rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } } },
        });
      },
    },
  };
}

/** Writes dist/.inputs, the fingerprint of what the build read: `npm start` skips an unchanged build. */
function buildFingerprint(): Plugin {
  let fingerprint = '';
  let root = '.';
  let outDir = 'dist';
  return {
    name: 'touchline-build-fingerprint',
    apply: 'build',
    configResolved(config) { root = config.root; outDir = path.resolve(config.root, config.build.outDir); },
    buildStart() { fingerprint = inputsFingerprint(root); },
    buildEnd(error) { if (error) fingerprint = ''; },
    // After every plugin's writeBundle (the precompression): a build that failed writes none.
    closeBundle() { if (fingerprint) fs.writeFileSync(path.join(outDir, FINGERPRINT_FILE), `${fingerprint}\n`); },
  };
}

/**
 * In the built app, a package's own module imported as `source` by a file of `pkg` (a package, or one
 * file of it: `@mui/material/esm/styles/createTheme.js`) is replaced by one of ours in src/kit/shims (the dev
 * server pre-bundles dependencies and keeps the original).
 */
function packageShim(name: string, pkg: string, source: string, shimFile: string): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/kit/shims', shimFile);
  const importer = pkg.endsWith('.js') ? `/node_modules/${pkg}` : `/node_modules/${pkg}/`;
  return {
    name: `touchline-${name}`,
    apply: 'build',
    enforce: 'pre',
    resolveId: (id, from) => (id === source && from?.includes(importer) ? shim : null),
  };
}

/**
 * The endpoint declarations of core/api without their zod schemas, in the built app only: a
 * declaration module, and every core module it reaches that builds schemas at import, gets the inert
 * zod of src/kit/shims/zodStub.ts (the browser uses a declaration's method and path, never its schemas).
 * Such a core module is loaded a second time under `?declaration` for this, so a form importing it
 * elsewhere still gets the real zod. core/api/openapi.ts (the server's) is left alone.
 */
function declarationsWithoutSchemas(): Plugin[] {
  const core = path.resolve(import.meta.dirname, 'core') + path.sep;
  const api = path.join(core, 'api') + path.sep;
  const stub = path.resolve(import.meta.dirname, 'src/kit/shims/zodStub.ts');
  // The one module that needs the declarations whole (the forms' schemas, src/kit/entity/schemas.ts):
  // its imports of core/api, and theirs, are copies under WHOLE that keep their schemas and real zod.
  const schemasEntry = path.resolve(import.meta.dirname, 'src/kit/entity/schemas.ts');
  const WHOLE = '?schemas';
  const QUERY = '?declaration';
  const IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm;
  const buildsSchemas = new Map<string, boolean>();
  /** Whether `file` (a core module) imports zod, itself or through the core modules it imports. */
  function reachesZod(file: string, seen = new Set<string>()): boolean {
    const known = buildsSchemas.get(file);
    if (known !== undefined) return known;
    if (seen.has(file) || !fs.existsSync(file)) return false;
    seen.add(file);
    const imports = [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1]);
    const answer = imports.some((source) => source === 'zod' || (source.startsWith('.') && reachesZod(coreFile(path.dirname(file), source), seen)));
    buildsSchemas.set(file, answer);
    return answer;
  }
  function coreFile(dir: string, source: string): string {
    const base = path.resolve(dir, source);
    return [base, `${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? base;
  }
  const isDeclaration = (id: string) => id.endsWith(QUERY) || (id.startsWith(api) && !id.endsWith('openapi.ts') && !id.endsWith(WHOLE));
  // The answers' schemas (core/api/answers/*), read only by the server and its tests: the declarations'
  // `answer` properties go (below), and their modules are empty in the browser (a schema built from
  // another, `team.nullable()`, is a call no pure mark would drop).
  const answers = path.join(api, 'answers') + path.sep;
  const NO_ANSWERS = '\0touchline-no-answers';
  return [{
    name: 'touchline-declarations-without-schemas',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && source.startsWith('.') && coreFile(path.dirname(importer.replace(/\?.*$/, '')), source).startsWith(answers)) return NO_ANSWERS;
      if (importer && (importer === schemasEntry || importer.endsWith(WHOLE))) {
        if (!source.startsWith('.')) return null;
        const file = coreFile(path.dirname(importer.replace(WHOLE, '')), source);
        return file.startsWith(api) && !file.endsWith('openapi.ts') ? file + WHOLE : null;
      }
      if (!importer || !isDeclaration(importer)) return null;
      if (source === 'zod') return stub;
      if (!source.startsWith('.')) return null;
      const file = coreFile(path.dirname(importer.replace(QUERY, '')), source);
      if (!file.startsWith(core) || file.startsWith(api) || !reachesZod(file)) return null;
      return file + QUERY;
    },
    load(id) {
      if (id === NO_ANSWERS) return 'export {};';
      if (id.endsWith(QUERY)) return fs.readFileSync(id.slice(0, -QUERY.length), 'utf8');
      return id.endsWith(WHOLE) ? fs.readFileSync(id.slice(0, -WHOLE.length), 'utf8') : null;
    },
  }, {
    // After the TypeScript transform: each `endpoint<…>()({ … })` loses its schema properties, its
    // answer's among them (and its summary, which only the server's OpenAPI document reads), so the schemas' code, unreferenced and
    // pure (treeshake.manualPureFunctions: ['z']), leaves the bundle.
    name: 'touchline-declarations-without-schema-code',
    apply: 'build',
    transform(code, id) {
      // The forms' whole copies keep their schemas but not their answers, whose modules are empty here.
      const whole = id.endsWith(WHOLE);
      if (!whole && !isDeclaration(id)) return null;
      const program = this.parse(code) as unknown as Node;
      // A declaration module's top-level calls build values (schemas, declarations, message pickers):
      // marked pure, those left unreferenced go too.
      const edits: Array<[number, number, string]> = [
        ...schemaProperties(program, whole ? ANSWER_ONLY : undefined).map(([start, end]): [number, number, string] =>
          // The comma after the property goes with it (`{ a, , b }` would not parse).
          [start, end + (code.slice(end).match(/^\s*,/)?.[0].length ?? 0), '']),
        ...(whole ? [] : topLevelCalls(program)).map((start): [number, number, string] => [start, start, '/* @__PURE__ */ ']),
      ].sort((a, b) => a[0] - b[0]);
      if (!edits.length) return null;
      let out = '';
      let at = 0;
      for (const [start, end, text] of edits) {
        out += code.slice(at, start) + text;
        at = end;
      }
      return { code: out + code.slice(at), map: null };
    },
  }];
}

interface Node { type: string; start: number; end: number; [key: string]: unknown }
/** The declaring calls (`name<…>()(…)`), which argument holds their schemas, and under which keys. */
const SCHEMA_PROPERTIES: Record<string, { argument: number; keys: ReadonlySet<string> }> = {
  endpoint: { argument: 0, keys: new Set(['params', 'query', 'body', 'answer', 'describe', 'summary']) },
  crudEndpoints: { argument: 1, keys: new Set(['create', 'update', 'answer']) },
};

/** Where each top-level `const x = f(…)` (exported or not) of `program` starts its call. */
function topLevelCalls(program: Node): number[] {
  return (program.body as Node[])
    .map((statement) => (statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement))
    .filter((statement): statement is Node => statement?.type === 'VariableDeclaration')
    .flatMap((declaration) => (declaration.declarations as Node[]).map((declarator) => declarator.init as Node | null))
    .filter((init): init is Node => init?.type === 'CallExpression')
    .map((init) => init.start);
}

const ANSWER_ONLY: ReadonlySet<string> = new Set(['answer']);

/** The [start, end) ranges of the schema properties (or only those of `only`) of every declaring call in `program`. */
function schemaProperties(program: Node, only?: ReadonlySet<string>): Array<[number, number]> {
  const cuts: Array<[number, number]> = [];
  const pending: unknown[] = [program];
  while (pending.length) {
    const node = pending.pop();
    if (Array.isArray(node)) { pending.push(...node); continue; }
    if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') continue;
    const n = node as Node;
    const callee = n.callee as Node | undefined;
    const inner = callee?.type === 'CallExpression' ? (callee.callee as Node & { name?: string }) : undefined;
    const declaring = inner?.type === 'Identifier' && n.type === 'CallExpression' ? SCHEMA_PROPERTIES[inner.name!] : undefined;
    const options = declaring && (n.arguments as Node[])[declaring.argument];
    if (declaring && options?.type === 'ObjectExpression') {
      for (const property of options.properties as Node[]) {
        const key = property.key as (Node & { name?: string }) | undefined;
        if (property.type === 'Property' && key?.type === 'Identifier' && declaring.keys.has(key.name!) && (!only || only.has(key.name!))) cuts.push([property.start, property.end]);
      }
    }
    for (const value of Object.values(n)) if (value && typeof value === 'object') pending.push(value);
  }
  return cuts.sort((a, b) => a[0] - b[0]);
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
    precompressBuild(),
    portalSite(),
    // ra-core's react-router adapter without the hash router it would build outside a router, which
    // brings react-router's whole data router into the entry bundle.
    packageShim('ra-router-adapter', 'ra-core', './adapters/reactRouterProvider.js', 'reactRouterProvider.ts'),
    // react-admin's DataTable row checkbox with its name on the input (MUI 7 put it on a role-less span).
    packageShim('ra-row-checkbox', 'ra-ui-materialui', './SelectRowCheckbox.js', 'SelectRowCheckbox.tsx'),
    // ra-core's default list exporter with jsonexport loaded when an export runs, not on every list's first load.
    packageShim('ra-default-exporter', 'ra-core', './defaultExporter.js', 'defaultExporter.ts'),
    // MUI's CSS-variables theming, which our theme does not use (src/kit/shims/muiCssVars.ts).
    packageShim('mui-theme-with-vars', '@mui/material/esm/styles/createTheme.js', './createThemeWithVars.js', 'muiCssVars.ts'),
    packageShim('mui-provider-with-vars', '@mui/material/esm/styles/ThemeProvider.js', './ThemeProviderWithVars.js', 'muiCssVars.ts'),
    declarationsWithoutSchemas(),
    buildFingerprint(),
  ],
  // The entry bundle's weight (bench/firstLoad.ts budgets it): native stand-ins for polyfills.
  resolve: {
    alias: {
      'object.entries': path.resolve(import.meta.dirname, 'src/kit/shims/objectEntries.cjs'),
      hasown: path.resolve(import.meta.dirname, 'src/kit/shims/hasown.cjs'),
    },
  },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true,
    // Everything the entry imports statically loads on every first visit anyway: one chunk of it
    // instead of dozens of small shared ones compresses better (bench/firstLoad.ts budgets it).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] }, output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true }, '/user': apiTarget, '/check': apiTarget },
  },
});
