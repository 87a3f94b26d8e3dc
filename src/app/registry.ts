import { lazy, type ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { SvgIconProps } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import EventNoteIcon from '@mui/icons-material/EventNote';
import SportsIcon from '@mui/icons-material/Sports';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import type { Action } from '../../core/roles';
import { declareRules, type Access } from '../../core/permissions';
import ageGroups from '../../resources/age_groups';
import contracts, { PublicContractPage } from '../../resources/contract';
import classes from '../../resources/classes';
import customer from '../../resources/customer';
import discount, { discountRules } from '../../resources/discount';
import facilities from '../../resources/facilities';
import fees from '../../resources/fees';
import fieldTypes from '../../resources/field_types';
import fields from '../../resources/fields';
import gls, { glSettings, seasons } from '../../resources/gls';
import integrations from '../../resources/integrations';
import invoices, { PublicInvoicePage } from '../../resources/invoice';
import league, { tournament } from '../../resources/league';
import media from '../../resources/media';
import newproduct, { productSettings, productVariations } from '../../resources/newproduct';
import productTypes from '../../resources/product_types';
import staff from '../../resources/staff';
import taxes from '../../resources/taxes';
import team, { PublicTeamPage } from '../../resources/team';
import type { SettingsResource } from '../kit/components/settings/types';
import type { EntityLoader, EntityResource } from '../kit/entity/types';
import type { AdminCard, MenuItem, Navigation, ResourceTab } from '../kit/layout/navigation';
import { guardedView } from '../kit/layout/RequirePage';
import { calendarPage, eventPage } from './pages/calendar';
import { REPORTS } from './pages/reports/definitions';
import type { PageRoute, PublicRoute } from './pages/pageRoute';
import type { EntityLoaders } from '../../dataProvider/entities';

// The registry: every view of the app — react-admin resources (resources/<entity>) and custom pages
// (src/app/pages/<page>) — with where the navigation shows it. Adding an entity or a page is one entry
// here. The menu (spec 1 §2) lists its entries in this order; admin home cards go by `card.order`;
// the tabs of /resources in this order. A resource's views are guarded by its entity's rules in
// core/permissions MATRIX (list: 'list', edit: 'edit', show: 'show', create: 'create', as react-admin
// asks canAccess); a page names what it needs of the matrix in `access`.

type Icon = ComponentType<SvgIconProps>;

interface Placement {
  /**
   * In the drawer's menu: its i18n label; other paths that keep it highlighted; the action of the
   * view's MATRIX resource that shows it there, when not everyone who may open it finds it there.
   */
  menu?: { label: string; also?: readonly string[]; action?: Action };
  /** A card of the admin home (spec 1 §2): its i18n title and its place among the cards. */
  card?: { label: string; order: number };
}

/**
 * A react-admin resource: its route is /{name}. `list`, `show` and `edit` are the actions guarding those
 * views when not their own names.
 */
type ResourceEntry = Placement & { resource: EntityResource } & Guards;
type Guards = { list?: Action; show?: Action; edit?: Action };
/** A custom page inside the layout, behind the guard of `access`. */
type PageEntry = Placement & PageRoute & { icon?: Icon };
/** A settings entity edited on a tab (?tab=) of /resources: registered without a route of its own. */
type TabEntry = { tab: string; settings: SettingsResource };
/** A page without chrome that works signed out. */
type PublicEntry = { public: PublicRoute };
/** An entity read and written through react-admin's hooks (a reference, a record's parts) that has no views. */
type ReferenceEntry = { reference: string; entity: EntityLoader };

type Entry = ResourceEntry | PageEntry | TabEntry | PublicEntry | ReferenceEntry;

const ReportPage = lazy(() => import('./pages/reports/ReportPage'));
// The icons of the admin home's cards that no menu entry shows load with the admin home, not at start.
const ScoreboardIcon = lazy(() => import('@mui/icons-material/Scoreboard'));
const SportsEsportsIcon = lazy(() => import('@mui/icons-material/SportsEsports'));
const TuneIcon = lazy(() => import('@mui/icons-material/Tune'));
const SellIcon = lazy(() => import('@mui/icons-material/Sell'));

const pageOf = (key: string): Access => ({ resource: `page:${key}`, action: 'access' });

const ENTRIES: readonly Entry[] = [
  // The menu of spec 1 §2, in its order.
  { path: '/calendar', access: { resource: 'events', action: 'list' }, component: calendarPage.Component, icon: CalendarMonthIcon, menu: { label: 'menu.calendar', action: 'create' } },
  { resource: contracts, menu: { label: 'menu.contracts' } },
  { resource: league, menu: { label: 'menu.leagues', also: ['/league', '/tournament'] }, card: { label: 'admin_home.cards.leagues', order: 3 } },
  { path: '/pickup', access: { resource: 'pickup', action: 'list' }, component: lazy(() => import('./pages/pickup/PickupPage')), icon: SportsSoccerIcon, menu: { label: 'menu.pickup' } },
  { resource: classes, menu: { label: 'menu.classes' } },
  { resource: customer, menu: { label: 'menu.customers' }, card: { label: 'admin_home.cards.customers', order: 1 } },
  { resource: team, menu: { label: 'menu.teams', also: ['/team'] }, card: { label: 'admin_home.cards.teams', order: 4 } },
  { resource: invoices, list: 'browse', menu: { label: 'menu.invoices' }, card: { label: 'admin_home.cards.invoices', order: 6 } },
  { path: '/refund', access: { resource: 'refunds', action: 'list' }, component: lazy(() => import('./pages/refund/RefundPage')), icon: CurrencyExchangeIcon, menu: { label: 'menu.refunds' } },
  { path: '/reporting', access: { resource: 'reports', action: 'list' }, component: lazy(() => import('./pages/reports/ReportingHub')), icon: AssessmentIcon, menu: { label: 'menu.reporting' } },
  { path: '/referee', access: pageOf('referee'), component: lazy(() => import('./pages/referee/RefereePage')), icon: SportsIcon, menu: { label: 'menu.referee' } },
  // The media gallery (spec 3 §2.18): not in spec 1 §2's menu, but a new user could not find it (issue 41 item 10).
  { resource: media, menu: { label: 'menu.media' } },
  { path: '/admin', access: pageOf('admin'), component: lazy(() => import('./pages/admin/AdminHome')), icon: AdminPanelSettingsIcon, menu: { label: 'menu.admin' } },
  { path: '/schedule', access: pageOf('schedule'), component: lazy(() => import('./pages/calendar/SchedulePage')), icon: EventNoteIcon, menu: { label: 'menu.my_schedule', action: 'menu' } },

  // Cards of the admin home that are in no menu.
  // The discounts page is for who changes discounts (admins add, managers expire); the office reads them on invoices.
  // Its edit view expires a discount, the one change a discount admits.
  { resource: discount, list: 'expire', edit: 'expire', card: { label: 'admin_home.cards.discounts', order: 2 } },
  { path: '/eplayer', access: pageOf('eplayer'), component: lazy(() => import('./pages/eplayer/EplayerPage')), icon: SportsEsportsIcon, card: { label: 'admin_home.cards.eplayers', order: 5 } },
  { resource: staff, card: { label: 'admin_home.cards.staff', order: 7 } },
  { path: '/scoreboards', access: { resource: 'scoreboards', action: 'list' }, component: lazy(() => import('./pages/scoreboards/ScoreboardsPage')), icon: ScoreboardIcon, card: { label: 'admin_home.cards.scoreboards', order: 8 } },
  { path: '/resources', access: pageOf('resources'), component: lazy(() => import('./pages/resources/ResourcesPage')), icon: TuneIcon, card: { label: 'admin_home.cards.resources', order: 9 } },

  // Views reached by links.
  { resource: tournament },
  // The product pages are for who edits products (everyone reads them).
  { resource: newproduct, list: 'edit', show: 'edit' },
  // The GL pages too: everyone reads GLs (the product form offers them), admins and managers keep them.
  { resource: gls, list: 'edit', show: 'edit' },
  // Products: a card of the admin home as well as a tab of /resources (issue 41 item 10).
  { path: '/products', access: { resource: 'products', action: 'edit' }, component: lazy(() => import('./pages/products/ProductsPage')), icon: SellIcon, card: { label: 'admin_home.cards.products', order: 10 } },
  { path: '/calendar/event/:id', access: { resource: 'events', action: 'list' }, component: eventPage.Component },
  { path: '/pickup/:id', access: { resource: 'pickup', action: 'list' }, component: lazy(() => import('./pages/pickup/PickupSessionPage')) },
  ...REPORTS.map(({ name }): PageEntry => ({ path: `/reporting/${name}`, access: { resource: 'reports', action: 'list' }, component: ReportPage })),
  { path: '/square/simulator', access: { resource: 'square_simulator', action: 'list' }, component: lazy(() => import('./pages/square/SimulatorPage')) },

  // The tabs of /resources (spec 1 §2), in the spec's order; 'field' is the default.
  { tab: 'facility', settings: facilities },
  { tab: 'field', settings: fields },
  { tab: 'product_type', settings: productTypes },
  { tab: 'gl', settings: glSettings },
  { tab: 'product', settings: productSettings },
  { tab: 'tax', settings: taxes },
  { tab: 'fee', settings: fees },
  { tab: 'agegroup', settings: ageGroups },
  { tab: 'fieldtype', settings: fieldTypes },
  { tab: 'integration', settings: integrations },

  // Entities without views of their own.
  { reference: 'seasons', entity: seasons },
  { reference: 'discount_rules', entity: discountRules },
  { reference: 'product_settings', entity: productVariations },
  // The team page's Change league dialog reads the leagues list by this name (GET /league).
  { reference: 'leagues', entity: league.entity },
  // The league and tournament dialogs read the products by this name (GET /newproduct).
  { reference: 'products', entity: newproduct.entity },
  { reference: 'scoreboards', entity: () => import('../../core/api/scoreboards').then((m) => m.scoreboardEntity) },

  // Signed out, no chrome. /login is <Admin loginPage>.
  { public: { path: '/signup', component: lazy(async () => ({ default: (await import('./pages/signup/SignupPage')).SignupPage })) } },
  { public: { path: '/forgot', component: lazy(async () => ({ default: (await import('./pages/forgot/ForgotPage')).ForgotPage })) } },
  // The customer's invoice link (spec 2 §2), contract signing link (issue 12 §5) and a team's page (issue 24).
  { public: { path: '/public/invoice', component: PublicInvoicePage } },
  { public: { path: '/public/contract', component: PublicContractPage } },
  { public: { path: '/public/team', component: PublicTeamPage } },
];

const DEFAULT_TAB = 'field';

const isResource = (entry: Entry): entry is ResourceEntry => 'resource' in entry;
const isPage = (entry: Entry): entry is PageEntry => 'path' in entry;
const isTab = (entry: Entry): entry is TabEntry => 'tab' in entry;

type View = 'list' | 'edit' | 'show' | 'create';
/**
 * Each view's address under /{name} (relative, as react-router nests it in the resource's routes) and
 * the rule that opens it: a record's page /{name}/{id} shows it (src/kit/entity/paths.ts).
 */
const VIEWS: Record<View, { path: string; action: Action }> = {
  list: { path: '', action: 'list' },
  create: { path: 'create', action: 'create' },
  show: { path: ':id', action: 'show' },
  edit: { path: ':id/edit', action: 'edit' },
};

/** A route of a resource, relative to /{name}: a view behind its guard, or a redirect. */
export interface ResourceRoute {
  path: string;
  View?: ComponentType;
  redirect?: string;
}

/** A <Resource>: its props, and the routes that put its views at the spec's addresses. */
export type RegisteredResource = ResourceProps & { routes: ResourceRoute[] };

/** A view at an address of its own (the spec's /leagues, /tournament/{id}), in its resource's context. */
export interface EntityRoute {
  resource: string;
  path: string;
  access: Access;
  View: ComponentType;
}

/** The views a resource has, each with the entity's rule that opens it. */
const viewsOf = ({ resource, ...guards }: { resource: ResourceProps } & Guards) =>
  (Object.keys(VIEWS) as View[]).flatMap((view) => {
    const View = resource[view];
    if (!View) return [];
    const guard = view === 'create' ? undefined : guards[view];
    const access: Access = { resource: resource.name, action: guard ?? VIEWS[view].action };
    return [{ view, access, View: guardedView(access, View as ComponentType) }];
  });

const viewed = ENTRIES.filter(isResource);
const tabbed = ENTRIES.filter(isTab);

// An entity folder brings its own rules of the role matrix (the server adds them as it finds the folder).
for (const { resource } of viewed) if (resource.rules) declareRules(resource.name, resource.rules);

/**
 * Every <Resource>: those with views, each view behind its guard, the record's page at /{name}/{id}
 * and its edit view at /{name}/{id}/edit (react-admin's own edit route /{name}/{id} and show route
 * /{name}/{id}/show are outranked or kept as aliases); then the settings of the tabs (without a list:
 * the tab is).
 */
export const resources: RegisteredResource[] = [
  ...viewed.map(({ resource: { entity: _entity, paths, rules: _rules, ...definition }, list, show, edit }): RegisteredResource => {
    const views = viewsOf({ resource: definition, list, show, edit });
    const routed = (view: View) => views.find((v) => v.view === view);
    return {
      ...definition,
      ...Object.fromEntries(views.map(({ view, View }) => [view, View])),
      routes: [
        ...(['show', 'edit'] as const).flatMap((view) => (routed(view) ? [{ path: VIEWS[view].path, View: routed(view)!.View }] : [])),
        // The list lives at the spec's address; react-admin's /{name} leads there.
        ...(paths?.list && routed('list') ? [{ path: '', redirect: paths.list }] : []),
      ],
    };
  }),
  ...tabbed
    .filter(({ settings }) => !viewed.some(({ resource }) => resource.name === settings.name))
    .map(({ settings: { list: _list, entity: _entity, ...definition } }): RegisteredResource => ({ ...definition, routes: [] })),
];

/** The views at addresses other than /{name}: a list at the spec's address, records shown at another. */
export const entityRoutes: EntityRoute[] = viewed.flatMap(({ resource, list, show, edit }) => {
  const views = viewsOf({ resource, list, show, edit });
  const at = (view: View) => views.find((v) => v.view === view);
  const listView = at('list');
  const showView = at('show');
  return [
    ...(resource.paths?.list && listView ? [{ resource: resource.name, path: resource.paths.list, access: listView.access, View: listView.View }] : []),
    ...(showView ? (resource.paths?.show ?? []).map((path) => ({ resource: resource.name, path, access: showView.access, View: showView.View })) : []),
  ];
});

/** Where each resource's entity declaration is, for the dataProvider (dataProvider/entities.ts). */
export const entities: EntityLoaders = Object.fromEntries([
  ...viewed.map(({ resource }) => [resource.name, resource.entity]),
  ...tabbed.map(({ settings }) => [settings.name, settings.entity]),
  ...ENTRIES.flatMap((entry) => ('reference' in entry ? [[entry.reference, entry.entity]] : [])),
]);

/** The addresses of a resource's views, as the browser shows them. */
const addressesOf = (entry: ResourceEntry) =>
  viewsOf(entry).flatMap(({ view, access }) => {
    const base = `/${entry.resource.name}`;
    if (view === 'list') return [{ path: entry.resource.paths?.list ?? base, access }];
    const own = `${base}${VIEWS[view].path ? `/${VIEWS[view].path}` : ''}`;
    // Without a show view, react-admin's own edit route (/{name}/{id}) is the record's page.
    const alsoAt = view === 'show' ? entry.resource.paths?.show ?? [] : view === 'edit' && !entry.resource.show ? [`${base}/:id`] : [];
    return [{ path: own, access }, ...alsoAt.map((path) => ({ path, access }))];
  });

export const pageRoutes: PageRoute[] = ENTRIES.filter(isPage).map(({ path, access, component }) => ({ path, access, component }));

export const publicRoutes: PublicRoute[] = ENTRIES.flatMap((entry) => ('public' in entry ? [entry.public] : []));

/** Every route inside the layout and what it needs of the matrix: the pages and the resources' views. */
export const guards: ReadonlyArray<{ path: string; access: Access }> = [
  ...pageRoutes.map(({ path, access }) => ({ path, access })),
  ...viewed.flatMap(addressesOf),
];

/** Where an entry opens, what opens it, and its icon. */
function target(entry: ResourceEntry | PageEntry): { to: string; access: Access; icon: Icon } {
  if (isResource(entry)) {
    return { to: entry.resource.paths?.list ?? `/${entry.resource.name}`, access: { resource: entry.resource.name, action: entry.list ?? 'list' }, icon: entry.resource.icon as Icon };
  }
  return { to: entry.path, access: entry.access, icon: entry.icon! };
}

const placed = ENTRIES.filter((entry): entry is ResourceEntry | PageEntry => isResource(entry) || isPage(entry));

export const navigation: Navigation = {
  menu: placed.flatMap((entry): MenuItem[] => {
    if (!entry.menu) return [];
    const { to, access, icon } = target(entry);
    const { label, also, action } = entry.menu;
    return [{ label, to, icon, also, shownTo: { resource: access.resource, action: action ?? access.action } }];
  }),
  cards: placed
    .filter((entry) => entry.card)
    .sort((a, b) => a.card!.order - b.card!.order)
    .map((entry): AdminCard => {
      const { to, access, icon } = target(entry);
      return { label: entry.card!.label, to, icon, shownTo: access };
    }),
  tabs: tabbed.map(({ tab, settings }): ResourceTab => ({ tab, resource: settings.name, list: settings.list })),
  defaultTab: DEFAULT_TAB,
};
