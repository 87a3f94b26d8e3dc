import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { memoryStore, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { authProvider } from '../../../authProvider';
import { session } from '../../../dataProvider/session';
import type { Role } from '../../../core/constants';
import { createDataProvider } from '../../../dataProvider';
import { AdminApp } from '../../../src/app/AdminApp';
import { entities } from '../../../src/app/registry';
import { createI18nProvider, type Locale } from '../../../src/kit/i18n/i18nProvider';
import { json, mockFetch, type FetchHandler } from './fetch';

// Renders the whole app shell at a path, with the real authProvider over a fake network and a fake
// dataProvider. The viewport is a desktop one (the drawer is permanent).

installMatchMedia();
// The machine running the suite is shared: give pages time to load their lazy chunks.
configure({ asyncUtilTimeout: 5000 });

export const FACILITIES = [
  { id: 1, ID: 1, name: 'Downtown', nickname: 'DT' },
  { id: 2, ID: 2, name: 'Riverside', nickname: 'RS' },
  { id: 3, ID: 3, name: 'No nickname', nickname: '' },
  { id: 997, ID: 997, name: 'Test facility', nickname: 'TEST' },
  { id: 999999, ID: 999999, name: 'All', nickname: 'ALL' },
];

export function identity(role: Role, facility_id = 1) {
  return { ID: 7, email: `${role}@touchline.test`, type: role, facility_id, first_name: 'Sam', last_name: 'Staff' };
}

/** The app's dataProvider (the registry's entities) over the test's network. */
export const appDataProvider = () => createDataProvider({ entities });

/**
 * The fake dataProvider: getList of the resources in `lists` answered from memory; every other call
 * goes through the real dataProvider over the fake network (an unrouted path fails like a missing route).
 */
export function fakeDataProvider(lists: Record<string, unknown[]> = { facilities: FACILITIES }): DataProvider {
  const real = appDataProvider();
  return {
    ...real,
    getList: (resource, params) =>
      lists[resource] ? Promise.resolve({ data: lists[resource] as never[], total: lists[resource].length }) : real.getList(resource, params),
  };
}

let tokens = 0;

export interface RenderAppOptions {
  /** Signed in with this role (GET /check answers it), or signed out when null. */
  role?: Role | null;
  dataProvider?: DataProvider;
  /** Extra fake network routes, e.g. 'POST /user/login'. */
  routes?: Record<string, FetchHandler>;
  /** The language of the app; Spanish needs `await loadLocale('es')` first. */
  locale?: Locale;
}

export function renderApp(path: string, { role = 'admin', dataProvider = fakeDataProvider(), routes = {}, locale = 'en' }: RenderAppOptions = {}) {
  localStorage.clear();
  if (role) session.save(`token-${++tokens}`, role, 1);
  const network = mockFetch({
    'GET /check': () => (role ? json(200, identity(role)) : json(401, { code: 401, message: 'Not signed in' })),
    'POST /user/logout': () => json(200, {}),
    'GET /version.json': () => json(200, { build: __BUILD_ID__ }),
    ...routes,
  });
  const view = render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <AdminApp dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider(locale)} store={memoryStore()} />
      <CurrentPath />
    </MemoryRouter>,
  );
  return { ...view, network, location: () => view.getByTestId('location').textContent };
}

function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** jsdom has no matchMedia; this one answers width queries for a 1280 px wide window. */
function installMatchMedia(width = 1280) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, px]) => (bound === 'min' ? width >= Number(px) : width <= Number(px)));
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** Types into a field in one go (a paste): quicker than key by key on a busy machine. */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}
