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
import type { Action } from '../core/roles';
import type { Access } from '../core/permissions';
import ageGroups from '../resources/age_groups';
import contracts, { PublicContractPage } from '../resources/contracts';
import classes from '../resources/classes';
import customer from '../resources/customer';
import discount from '../resources/discount';
import facilities from '../resources/facilities';
import fees from '../resources/fees';
import fieldTypes from '../resources/field_types';
import fields from '../resources/fields';
import gls from '../resources/gls';
import integrations from '../resources/integrations';
import invoices, { PublicInvoicePage } from '../resources/invoices';
import leagues, { league, tournament } from '../resources/leagues';
import media from '../resources/media';
import newproduct, { productSettings } from '../resources/newproduct';
import productTypes from '../resources/product_types';
import products from '../resources/products';
import staff from '../resources/staff';
import taxes from '../resources/taxes';
import teams, { PublicTeamPage, team } from '../resources/teams';
import type { SettingsResource } from './components/settings/types';
import type { AdminCard, MenuItem, Navigation, ResourceTab } from './layout/navigation';
import { guardedView } from './layout/RequirePage';
import { calendarPage, eventPage } from './pages/calendar';
import { REPORTS } from './pages/reports/definitions';
import type { PageRoute, PublicRoute } from './pages/pageRoute';

// The registry: every view of the app — react-admin resources (resources/<entity>) and custom pages
// (src/pages/<page>) — with where the navigation shows it. Adding an entity or a page is one entry
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

/** A react-admin resource: its route is /{name}. `list` is the action guarding its list when not 'list'. */
type ResourceEntry = Placement & { resource: ResourceProps; list?: Action };
/** A custom page inside the layout, behind the guard of `access`. */
type PageEntry = Placement & PageRoute & { icon?: Icon };
/** A settings entity edited on a tab (?tab=) of /resources: registered without a route of its own. */
type TabEntry = { tab: string; settings: SettingsResource };
/** A page without chrome that works signed out. */
type PublicEntry = { public: PublicRoute };

type Entry = ResourceEntry | PageEntry | TabEntry | PublicEntry;

const ReportPage = lazy(() => import('./pages/reports/ReportPage'));
// The icons of the admin home's cards that no menu entry shows load with the admin home, not at start.
const ScoreboardIcon = lazy(() => import('@mui/icons-material/Scoreboard'));
const SportsEsportsIcon = lazy(() => import('@mui/icons-material/SportsEsports'));
const TuneIcon = lazy(() => import('@mui/icons-material/Tune'));

const pageOf = (key: string): Access => ({ resource: `page:${key}`, action: 'access' });

const ENTRIES: readonly Entry[] = [
  // The menu of spec 1 §2, in its order.
  { path: '/calendar', access: { resource: 'events', action: 'list' }, component: calendarPage.Component, icon: CalendarMonthIcon, menu: { label: 'menu.calendar', action: 'create' } },
  { resource: contracts, menu: { label: 'menu.contracts' } },
  { resource: leagues, menu: { label: 'menu.leagues', also: ['/league', '/tournament'] }, card: { label: 'admin_home.cards.leagues', order: 3 } },
  { path: '/pickup', access: { resource: 'pickup', action: 'list' }, component: lazy(() => import('./pages/pickup/PickupPage')), icon: SportsSoccerIcon, menu: { label: 'menu.pickup' } },
  { resource: classes, menu: { label: 'menu.classes' } },
  { resource: customer, menu: { label: 'menu.customers' }, card: { label: 'admin_home.cards.customers', order: 1 } },
  { resource: teams, menu: { label: 'menu.teams', also: ['/team'] }, card: { label: 'admin_home.cards.teams', order: 4 } },
  { resource: invoices, list: 'browse', menu: { label: 'menu.invoices' }, card: { label: 'admin_home.cards.invoices', order: 6 } },
  { path: '/refund', access: { resource: 'refunds', action: 'list' }, component: lazy(() => import('./pages/refund/RefundPage')), icon: CurrencyExchangeIcon, menu: { label: 'menu.refunds' } },
  { path: '/reporting', access: { resource: 'reports', action: 'list' }, component: lazy(() => import('./pages/reports/ReportingHub')), icon: AssessmentIcon, menu: { label: 'menu.reporting' } },
  { path: '/referee', access: pageOf('referee'), component: lazy(() => import('./pages/referee/RefereePage')), icon: SportsIcon, menu: { label: 'menu.referee' } },
  { path: '/admin', access: pageOf('admin'), component: lazy(() => import('./pages/admin/AdminHome')), icon: AdminPanelSettingsIcon, menu: { label: 'menu.admin' } },
  { path: '/schedule', access: pageOf('schedule'), component: lazy(() => import('./pages/calendar/SchedulePage')), icon: EventNoteIcon, menu: { label: 'menu.schedule', action: 'menu' } },

  // Cards of the admin home that are in no menu.
  // The discounts page is for who changes discounts (admins add, managers expire); the office reads them on invoices.
  { resource: discount, list: 'expire', card: { label: 'admin_home.cards.discounts', order: 2 } },
  { path: '/eplayer', access: pageOf('eplayer'), component: lazy(() => import('./pages/eplayer/EplayerPage')), icon: SportsEsportsIcon, card: { label: 'admin_home.cards.eplayers', order: 5 } },
  { resource: staff, card: { label: 'admin_home.cards.staff', order: 7 } },
  { path: '/scoreboards', access: { resource: 'scoreboards', action: 'list' }, component: lazy(() => import('./pages/scoreboards/ScoreboardsPage')), icon: ScoreboardIcon, card: { label: 'admin_home.cards.scoreboards', order: 8 } },
  { path: '/resources', access: pageOf('resources'), component: lazy(() => import('./pages/resources/ResourcesPage')), icon: TuneIcon, card: { label: 'admin_home.cards.resources', order: 9 } },

  // Views reached by links.
  { resource: league },
  { resource: tournament },
  { resource: team },
  // The product pages are for who edits products (everyone reads them).
  { resource: newproduct, list: 'edit' },
  { resource: products, list: 'edit' },
  { path: '/calendar/event/:id', access: { resource: 'events', action: 'list' }, component: eventPage.Component },
  { path: '/pickup/:id', access: { resource: 'pickup', action: 'list' }, component: lazy(() => import('./pages/pickup/PickupSessionPage')) },
  ...REPORTS.map(({ name }): PageEntry => ({ path: `/reporting/${name}`, access: { resource: 'reports', action: 'list' }, component: ReportPage })),
  { path: '/square/simulator', access: { resource: 'square_simulator', action: 'list' }, component: lazy(() => import('./pages/square/SimulatorPage')) },
  // The media gallery: in no menu (spec 1 §2); reached at /media.
  { resource: media },

  // The tabs of /resources (spec 1 §2), in the spec's order; 'field' is the default.
  { tab: 'facility', settings: facilities },
  { tab: 'field', settings: fields },
  { tab: 'product_type', settings: productTypes },
  { tab: 'gl', settings: gls },
  { tab: 'product', settings: productSettings },
  { tab: 'tax', settings: taxes },
  { tab: 'fee', settings: fees },
  { tab: 'agegroup', settings: ageGroups },
  { tab: 'fieldtype', settings: fieldTypes },
  { tab: 'integration', settings: integrations },

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
const VIEWS: Record<View, { path: string; action: Action }> = {
  list: { path: '', action: 'list' },
  create: { path: '/create', action: 'create' },
  edit: { path: '/:id', action: 'edit' },
  show: { path: '/:id/show', action: 'show' },
};

/** The views a resource has, each with its route and the entity's rule that opens it. */
const viewsOf = ({ resource, list }: ResourceEntry) =>
  (Object.keys(VIEWS) as View[]).flatMap((view) => {
    const View = resource[view];
    if (!View) return [];
    const access: Access = { resource: resource.name, action: view === 'list' && list ? list : VIEWS[view].action };
    return [{ view, path: `/${resource.name}${VIEWS[view].path}`, access, View: View as ComponentType }];
  });

const viewed = ENTRIES.filter(isResource);
const tabbed = ENTRIES.filter(isTab);

/** Every <Resource>: those with views, each view behind its guard; then the settings of the tabs (without a list: the tab is). */
export const resources: ResourceProps[] = [
  ...viewed.map((entry) => ({
    ...entry.resource,
    ...Object.fromEntries(viewsOf(entry).map(({ view, access, View }) => [view, guardedView(access, View)])),
  })),
  ...tabbed
    .filter(({ settings }) => !viewed.some(({ resource }) => resource.name === settings.name))
    .map(({ settings: { list: _list, ...definition } }): ResourceProps => definition),
];

export const pageRoutes: PageRoute[] = ENTRIES.filter(isPage).map(({ path, access, component }) => ({ path, access, component }));

export const publicRoutes: PublicRoute[] = ENTRIES.flatMap((entry) => ('public' in entry ? [entry.public] : []));

/** Every route inside the layout and what it needs of the matrix: the pages and the resources' views. */
export const guards: ReadonlyArray<{ path: string; access: Access }> = [
  ...pageRoutes.map(({ path, access }) => ({ path, access })),
  ...viewed.flatMap((entry) => viewsOf(entry).map(({ path, access }) => ({ path, access }))),
];

/** Where an entry opens, what opens it, and its icon. */
function target(entry: ResourceEntry | PageEntry): { to: string; access: Access; icon: Icon } {
  if (isResource(entry)) {
    return { to: `/${entry.resource.name}`, access: { resource: entry.resource.name, action: entry.list ?? 'list' }, icon: entry.resource.icon as Icon };
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
