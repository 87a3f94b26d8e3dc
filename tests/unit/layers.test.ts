import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers go one way (README "Layers"): core imports nothing of ours; browser code (src, resources,
// dataProvider, authProvider) never imports server code; the server never imports browser code; and
// no two folders import each other, directly or around a loop. A folder is a top-level folder's
// subfolder (src/pages, src/components, resources/taxes, server/routes …), or the top-level folder
// itself for its own files (src/AdminApp.tsx, src/registry.ts). Type-only imports count too.

const ROOT = join(__dirname, '..', '..');
const TOP = ['core', 'server', 'src', 'resources', 'dataProvider', 'authProvider'] as const;
const BROWSER = new Set(['src', 'resources', 'dataProvider', 'authProvider']);
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = TOP.flatMap(sourceFiles);
const known = new Set(files);

/** The files of ours a file imports (static, dynamic and re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.flatMap((specifier) => {
    const base = normalize(join(dirname(file), specifier)).replace(/\\/g, '/');
    const target = EXTENSIONS.map((ext) => base + ext).find((path) => known.has(path));
    return target ? [target] : [];
  });
}

const layer = (file: string) => file.split('/')[0];
const folder = (file: string) => {
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
};

/**
 * The imports that still close loops between the server's folders (db's seed → auth and config, services → the server's config and types, auth → services for the mail),
 * file by file. Known and not to grow: any other import that closes a loop fails, and so does an entry
 * here that no longer exists — untangling the server (the contract issue) shrinks this list to nothing.
 */
const KNOWN_LOOP_EDGES = [
  'server/auth/signupMail.ts -> server/services/mail/mailer.ts',
  'server/db/seed/cli.ts -> server/config.ts',
  'server/db/seed/cli.ts -> server/services/storage/index.ts',
  'server/db/seed/staff.ts -> server/auth/password.ts',
  'server/services/hubspot/index.ts -> server/config.ts',
  'server/services/mail/index.ts -> server/config.ts',
  'server/services/scoreboards/hub.ts -> server/types.ts',
  'server/services/square/index.ts -> server/config.ts',
];

const edges = files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));

describe('layers', () => {
  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(200);
  });

  it('core imports nothing of ours outside core', () => {
    expect(edges.filter(({ from, to }) => layer(from) === 'core' && layer(to) !== 'core')).toEqual([]);
  });

  it('browser code never imports server code', () => {
    expect(edges.filter(({ from, to }) => BROWSER.has(layer(from)) && layer(to) === 'server')).toEqual([]);
  });

  it('server code never imports browser code', () => {
    expect(edges.filter(({ from, to }) => layer(from) === 'server' && BROWSER.has(layer(to)))).toEqual([]);
  });

  const allowed = edges.filter((edge) => !KNOWN_LOOP_EDGES.includes(named(edge)));

  it('no folders import each other, directly or around a loop, but for the known imports', () => {
    const present = new Set(edges.map(named));
    expect(KNOWN_LOOP_EDGES.filter((edge) => !present.has(edge)), 'gone: remove them from KNOWN_LOOP_EDGES').toEqual([]);
    expect(loopsOf(allowed), 'an import closes a loop between these folders: import the other way, or move the shared code down').toEqual([]);
  });

  it('fails a new import that closes a loop, even beside a known one', () => {
    expect(loopsOf([...allowed, { from: 'server/auth/session.ts', to: 'server/http/list.ts' }])).toEqual([['server/auth', 'server/http']]);
    expect(loopsOf([...allowed, { from: 'server/db/client.ts', to: 'server/routes/index.ts' }]).flat()).toEqual(expect.arrayContaining(['server/db', 'server/routes']));
  });
});

/** The loops between folders that these imports make: each a sorted group of folders. */
function loopsOf(imports: Array<{ from: string; to: string }>): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [folder(from), folder(to)];
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  return cycles(graph);
}

// The browser's folders point one way (README "Layers"): the kit (src/ but its pages and the app root:
// layout, components, i18n) ← resources/<entity> ← src/pages ← the app root (src/registry.ts and the
// files that mount it). An entity is reached from outside its folder through its index.ts only (which
// the registry loads at start, so it exports its views lazily), or its messages (the words of its
// records, registered as they load: through index.ts they would all load at start).
const APP_ROOT = new Set(['src/App.tsx', 'src/AdminApp.tsx', 'src/main.tsx', 'src/registry.ts']);
type Zone = 'app' | 'pages' | 'kit' | 'entity' | 'client' | 'other';
function zone(file: string): Zone {
  if (APP_ROOT.has(file)) return 'app';
  if (file.startsWith('src/pages/')) return 'pages';
  if (file.startsWith('src/')) return 'kit';
  if (/^resources\/[^/]+\//.test(file)) return 'entity';
  if (file.startsWith('dataProvider/') || file.startsWith('authProvider/')) return 'client';
  return 'other';
}
const entityOf = (file: string) => file.split('/')[1];
const publicOfEntity = (file: string) => /^resources\/[^/]+\/index\.tsx?$/.test(file) || file.endsWith('/messages.ts');

/** What a browser import breaks of the one-way rule, or null. */
function wrongWay({ from, to }: { from: string; to: string }): string | null {
  const [a, b] = [zone(from), zone(to)];
  if (b === 'app' && a !== 'app') return 'only the app root imports the registry';
  if (a === 'client' && ['pages', 'kit', 'entity'].includes(b)) return 'the dataProvider and authProvider import no UI';
  if (a === 'kit' && (b === 'entity' || b === 'pages')) return 'the kit imports no entity and no page';
  if (a === 'entity' && b === 'pages') return 'an entity imports no page';
  const reachesInto = b === 'entity' && (a !== 'entity' || entityOf(from) !== entityOf(to)) && a !== 'app';
  if (reachesInto && !publicOfEntity(to)) return "another folder reaches an entity through its index.ts";
  return null;
}

const wrongWays = (imports: Array<{ from: string; to: string }>) =>
  imports.flatMap((edge) => { const why = wrongWay(edge); return why ? [`${named(edge)}: ${why}`] : []; });

function named(edge: { from: string; to: string }) {
  return `${edge.from} -> ${edge.to}`;
}

describe('the browser folders point one way', () => {
  it('kit ← entities ← pages ← app root, each entity reached through its index.ts', () => {
    expect(wrongWays(edges)).toEqual([]);
  });

  it('fails an import the wrong way', () => {
    expect(wrongWays([
      { from: 'src/layout/Menu.tsx', to: 'resources/customer/index.ts' },
      { from: 'src/components/FormDialog.tsx', to: 'src/pages/admin/AdminHome.tsx' },
      { from: 'resources/contracts/ContractDetail.tsx', to: 'resources/invoices/InvoiceShow.tsx' },
      { from: 'src/pages/refund/RefundPage.tsx', to: 'resources/invoices/InvoiceView.tsx' },
      { from: 'resources/customer/index.ts', to: 'src/registry.ts' },
      { from: 'resources/staff/StaffPage.tsx', to: 'src/pages/admin/AdminHome.tsx' },
      { from: 'dataProvider/index.ts', to: 'src/layout/Menu.tsx' },
    ])).toHaveLength(7);
    expect(wrongWays([
      { from: 'resources/contracts/ContractDetail.tsx', to: 'resources/invoices/index.tsx' },
      { from: 'src/pages/pickup/PickupPage.tsx', to: 'resources/contracts/messages.ts' },
      { from: 'resources/invoices/InvoiceShow.tsx', to: 'resources/invoices/square/TerminalCheckout.tsx' },
      { from: 'src/registry.ts', to: 'resources/customer/index.ts' },
    ])).toEqual([]);
  });
});

/** The strongly connected groups of more than one folder (Tarjan), each sorted, with an import that closes it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

