import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers go one way (README "Layers"): core imports nothing of ours; browser code (src, resources,
// dataProvider, authProvider) never imports server code; the server never imports browser code; and
// no two folders import each other, directly or around a loop. A folder is a top-level folder's
// subfolder (src/app/pages, src/kit/components, resources/taxes, server/http …), or the top-level folder
// itself for its own files (src/app/AdminApp.tsx, src/app/registry.ts); on the server, each area of the
// routes and of the domain is a folder of its own (server/routes/classes, server/domain/invoices), and
// the files directly in server/routes are the folder server/routes. Type-only imports count too.

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

/**
 * The sample entity folders of tests/fixtures (those with an entity.ts), checked as installed in
 * resources/, where tests/e2e/sample-entity.spec.ts drops them: installed path → file.
 */
const INSTALLED = new Map(readdirSync(join(ROOT, 'tests', 'fixtures'))
  .filter((name) => existsSync(join(ROOT, 'tests', 'fixtures', name, 'entity.ts')))
  .flatMap((name) => sourceFiles(`tests/fixtures/${name}`).map((file) => [file.replace(/^tests\/fixtures\//, 'resources/'), file] as const)));

const files = [...TOP.flatMap(sourceFiles), ...INSTALLED.keys()];
const known = new Set(files);

/** The files of ours a file imports (static, dynamic and re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, INSTALLED.get(file) ?? file), 'utf8');
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
  // The seed writes through db, hashes the demo password (auth) and keeps files (services): a layer above
  // them that nothing of db imports, kept under db/ as the architecture lays it out.
  if (file.startsWith('server/db/seed/')) return 'server/db/seed';
  // src/ is two layers, each of folders: src/kit/<folder> and src/app/<folder> (src/app's own files: src/app);
  // the server's routes and domain are areas: server/routes/<area>, server/domain/<area> (server/routes's own files: server/routes).
  const areas = (parts[0] === 'src' && (parts[1] === 'kit' || parts[1] === 'app')) || (parts[0] === 'server' && (parts[1] === 'routes' || parts[1] === 'domain'));
  return parts.slice(0, Math.min(areas ? 3 : 2, parts.length - 1)).join('/');
};

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
    // An entity folder's table (resources/<name>/table.ts) is the server's: see "an entity folder" below.
    expect(edges.filter(({ from, to }) => BROWSER.has(layer(from)) && !isEntityTable(from) && layer(to) === 'server')).toEqual([]);
  });

  it('server code never imports browser code', () => {
    expect(edges.filter(({ from, to }) => layer(from) === 'server' && BROWSER.has(layer(to)))).toEqual([]);
  });

  it('no folders import each other, directly or around a loop', () => {
    expect(loopsOf(edges), 'an import closes a loop between these folders: import the other way, or move the shared code down').toEqual([]);
  });

  it('fails a new import that closes a loop', () => {
    expect(loopsOf([...edges, { from: 'server/auth/session.ts', to: 'server/http/list.ts' }])).toEqual([['server/auth', 'server/http']]);
    expect(loopsOf([...edges, { from: 'server/db/client.ts', to: 'server/routes/index.ts' }]).flat()).toEqual(expect.arrayContaining(['server/db', 'server/routes']));
  });
});

// An entity folder (resources/<name>/, README "Adding an entity") holds the server's half of its entity
// beside its views: entity.ts and rules.ts (its declaration, which the browser loads too) import only
// core, and table.ts (its Drizzle table) only core and the database's schema; the server loads the two
// by convention (server/db/entityFolders.ts), so no file of ours imports a table, and nothing imports
// a declaration but its own folder.
const isEntityTable = (file: string) => /^resources\/[^/]+\/table\.ts$/.test(file);
const isEntityDeclaration = (file: string) => /^resources\/[^/]+\/(entity|rules)\.ts$/.test(file);

/** What the imports of or into an entity folder's server half break. */
function entityFolderProblems(imports: Array<{ from: string; to: string }>): string[] {
  return imports.flatMap((edge) => {
    const { from, to } = edge;
    const sameFolder = entityOf(from) === entityOf(to) && layer(from) === 'resources';
    const why = (isEntityDeclaration(from) && layer(to) !== 'core' && !(sameFolder && isEntityDeclaration(to)) && 'a declaration imports only core')
      || (isEntityTable(from) && layer(to) !== 'core' && !to.startsWith('server/db/schema/') && 'a table imports only core and server/db/schema')
      || (isEntityTable(to) && 'the server finds a table by itself: nothing imports it')
      || (isEntityDeclaration(to) && !sameFolder && "another folder reaches an entity's declaration through its index.ts or not at all");
    return why ? [`${named(edge)}: ${why}`] : [];
  });
}

describe('an entity folder', () => {
  it('keeps its declaration on core and its table on the schema', () => {
    expect(edges.filter(({ from }) => isEntityTable(from) || isEntityDeclaration(from)).length, 'the sample folder tests/fixtures/lockers is checked').toBeGreaterThan(3);
    expect(entityFolderProblems(edges)).toEqual([]);
  });

  it('fails an import that would take browser code into the server, or a table into the browser', () => {
    expect(entityFolderProblems([
      { from: 'resources/lockers/entity.ts', to: 'src/kit/entity/types.ts' },
      { from: 'resources/lockers/rules.ts', to: 'resources/lockers/index.ts' },
      { from: 'resources/lockers/table.ts', to: 'server/http/crud.ts' },
      { from: 'resources/lockers/LockerList.tsx', to: 'resources/lockers/table.ts' },
      { from: 'src/app/registry.ts', to: 'resources/lockers/entity.ts' },
    ])).toHaveLength(5);
    expect(entityFolderProblems([
      { from: 'resources/lockers/entity.ts', to: 'core/entityFolder/index.ts' },
      { from: 'resources/lockers/entity.ts', to: 'resources/lockers/rules.ts' },
      { from: 'resources/lockers/table.ts', to: 'server/db/schema/columns.ts' },
      { from: 'resources/lockers/index.ts', to: 'resources/lockers/entity.ts' },
    ])).toEqual([]);
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

// The browser's folders point one way (README "Layers"): the kit (src/kit: layout, components, i18n)
// ← resources/<entity> ← src/app/pages ← the app root (src/app/registry.ts and the files that mount it). An entity is reached from outside its folder through its index.ts only (which
// the registry loads at start, so it exports its views lazily), or its messages (the words of its
// records, registered as they load: through index.ts they would all load at start).
type Zone = 'app' | 'pages' | 'kit' | 'entity' | 'client' | 'portal' | 'other';
function zone(file: string): Zone {
  // The app root: the files of src/app itself (the registry, the app's dataProvider, AdminApp, main).
  if (/^src\/app\/[^/]+$/.test(file)) return 'app';
  if (file.startsWith('src/app/pages/')) return 'pages';
  if (file.startsWith('src/kit/')) return 'kit';
  // The families' site (/my): its own entry and bundle, on core and the kit's basics only.
  if (file.startsWith('src/portal/')) return 'portal';
  if (/^resources\/[^/]+\//.test(file)) return 'entity';
  if (file.startsWith('dataProvider/') || file.startsWith('authProvider/')) return 'client';
  return 'other';
}
const entityOf = (file: string) => file.split('/')[1];
const publicOfEntity = (file: string) => /^resources\/[^/]+\/index\.tsx?$/.test(file) || file.endsWith('/messages.ts');

/** What a browser import breaks of the one-way rule, or null. */
function wrongWay({ from, to }: { from: string; to: string }): string | null {
  const [a, b] = [zone(from), zone(to)];
  if (b === 'portal' && a !== 'portal') return "nothing of the back office imports the families' site";
  if (a === 'portal' && !['portal', 'kit', 'other'].includes(b)) return "the families' site imports only core and the kit's basics";
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
  it('src/ holds the kit, the app and the families\' site only', () => {
    expect(files.filter((file) => file.startsWith('src/') && !['src/kit/', 'src/app/', 'src/portal/'].some((dir) => file.startsWith(dir)))).toEqual([]);
  });

  it('kit ← entities ← pages ← app root, each entity reached through its index.ts', () => {
    expect(wrongWays(edges)).toEqual([]);
  });

  it('fails an import the wrong way', () => {
    expect(wrongWays([
      { from: 'src/kit/layout/Menu.tsx', to: 'resources/customer/index.ts' },
      { from: 'src/kit/components/FormDialog.tsx', to: 'src/app/pages/admin/AdminHome.tsx' },
      { from: 'resources/contract/ContractDetail.tsx', to: 'resources/invoice/InvoiceShow.tsx' },
      { from: 'src/app/pages/refund/RefundPage.tsx', to: 'resources/invoice/InvoiceView.tsx' },
      { from: 'resources/customer/index.ts', to: 'src/app/registry.ts' },
      { from: 'resources/staff/StaffPage.tsx', to: 'src/app/pages/admin/AdminHome.tsx' },
      { from: 'dataProvider/index.ts', to: 'src/kit/layout/Menu.tsx' },
      { from: 'src/portal/App.tsx', to: 'resources/customer/index.ts' },
      { from: 'src/app/registry.ts', to: 'src/portal/App.tsx' },
    ])).toHaveLength(9);
    expect(wrongWays([
      { from: 'resources/contract/ContractDetail.tsx', to: 'resources/invoice/index.tsx' },
      { from: 'src/app/pages/pickup/PickupPage.tsx', to: 'resources/contract/messages.ts' },
      { from: 'resources/invoice/InvoiceShow.tsx', to: 'resources/invoice/square/TerminalCheckout.tsx' },
      { from: 'src/app/registry.ts', to: 'resources/customer/index.ts' },
    ])).toEqual([]);
  });
});

// The server's routes are thin handlers over the domain (README "Layout"): a route folder
// (server/routes/<area>) imports no other route folder, and the files directly in server/routes import
// none either but server/routes/index.ts, which registers each folder through its index.ts. The
// domain's areas (server/domain/<area>) import each other without a loop and import no route.
const routeArea = (file: string) => (/^server\/routes\/[^/]+\//.test(file) ? file.split('/')[2] : null);
const isRoute = (file: string) => file.startsWith('server/routes/');
const isDomain = (file: string) => file.startsWith('server/domain/');

/** The imports that reach another route folder than their own. */
function routeImportsAcross(imports: Array<{ from: string; to: string }>): string[] {
  return imports.filter(({ from, to }) => {
    if (!isRoute(from) || !isRoute(to)) return false;
    if (from === 'server/routes/index.ts') return routeArea(to) !== null && !/^server\/routes\/[^/]+\/index\.ts$/.test(to);
    // A file directly in server/routes may import its neighbours (the folder server/routes), no route folder.
    return routeArea(from) === null ? routeArea(to) !== null : routeArea(from) !== routeArea(to);
  }).map(named);
}

/** What the domain's imports break: an import of a route, or a loop between its areas. */
function domainProblems(imports: Array<{ from: string; to: string }>): string[] {
  const intoRoutes = imports.filter(({ from, to }) => isDomain(from) && isRoute(to)).map((edge) => `${named(edge)}: the domain imports no route`);
  const loops = loopsOf(imports.filter(({ from, to }) => isDomain(from) && isDomain(to))).map((group) => `a loop between ${group.join(', ')}`);
  return [...intoRoutes, ...loops];
}

describe('the server: thin routes over a domain', () => {
  it('no route folder imports another route folder', () => {
    expect(edges.filter(({ from, to }) => isRoute(from) && isRoute(to) && routeArea(from) !== routeArea(to)).length).toBeGreaterThan(10);
    expect(routeImportsAcross(edges), 'move what both need to server/domain/<area>').toEqual([]);
  });

  it('fails an import across route folders', () => {
    expect(routeImportsAcross([
      { from: 'server/routes/classes/registrations.ts', to: 'server/routes/invoices/write.ts' },
      { from: 'server/routes/square/terminal.ts', to: 'server/routes/memberships.ts' },
      { from: 'server/routes/scoreboards.ts', to: 'server/routes/schedule/index.ts' },
      { from: 'server/routes/index.ts', to: 'server/routes/customers/create.ts' },
    ])).toHaveLength(4);
    expect(routeImportsAcross([
      { from: 'server/routes/index.ts', to: 'server/routes/customers/index.ts' },
      { from: 'server/routes/index.ts', to: 'server/routes/memberships.ts' },
      { from: 'server/routes/classes/registrations.ts', to: 'server/routes/classes/people.ts' },
      { from: 'server/routes/classes/registrations.ts', to: 'server/domain/invoices/audit.ts' },
    ])).toEqual([]);
  });

  it('the domain areas form no loop and import no route', () => {
    expect(new Set(files.filter(isDomain).map(folder)).size).toBeGreaterThan(10);
    expect(edges.filter(({ from, to }) => isDomain(from) && isDomain(to) && folder(from) !== folder(to)).length).toBeGreaterThan(10);
    expect(domainProblems(edges)).toEqual([]);
  });

  it('fails a loop between domain areas, and a route imported by the domain', () => {
    expect(domainProblems([...edges, { from: 'server/domain/invoices/audit.ts', to: 'server/domain/classes/enrolment.ts' }]))
      .toEqual(['a loop between server/domain/classes, server/domain/invoices']);
    expect(domainProblems([...edges, { from: 'server/domain/schedule/live.ts', to: 'server/routes/scoreboards.ts' }]))
      .toEqual(['server/domain/schedule/live.ts -> server/routes/scoreboards.ts: the domain imports no route']);
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

