import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../dataProvider/session';
import { APP_STORE_URL, PLAY_STORE_URL } from '../../src/app/pages/calendar/RefereeCalendar';
import { json } from './support/fetch';
import { FACILITIES, fakeDataProvider, renderApp } from './support/app';

/** The teams list answered empty from memory (the pages below open /teams). */
const withTeams = () => fakeDataProvider({ facilities: FACILITIES, team: [] });

vi.mock('../../src/kit/layout/reloadPage', () => ({ reloadPage: vi.fn() }));
const { reloadPage } = await import('../../src/kit/layout/reloadPage');

afterEach(() => {
  cleanup();
  vi.mocked(reloadPage).mockClear();
});

const menuLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

const OFFICE_MENU = ['Calendar', 'Contracts', 'Leagues & tournaments', 'Pickup', 'Classes', 'Customers', 'Teams', 'Reporting', 'Referee', 'Media'];

describe('the menu of each role (spec 1 §2)', () => {
  it('gives admins every entry, with Invoices, Refunds and Admin', async () => {
    renderApp('/calendar', { role: 'admin' });
    expect(await menuLabels()).toEqual([
      'Calendar', 'Contracts', 'Leagues & tournaments', 'Pickup', 'Classes', 'Customers', 'Teams', 'Invoices', 'Refunds', 'Reporting', 'Referee', 'Media', 'Admin',
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('gives a manager the office menu and Admin (which they open), without Invoices and Refunds', async () => {
    renderApp('/calendar', { role: 'manager' });
    expect(await menuLabels()).toEqual([...OFFICE_MENU, 'Admin']);
  });

  it('gives a mod the office menu without Invoices, Refunds and Admin', async () => {
    renderApp('/calendar', { role: 'mod' });
    expect(await menuLabels()).toEqual(OFFICE_MENU);
  });

  it('gives a coach only My schedule', async () => {
    renderApp('/calendar', { role: 'coach' });
    expect(await menuLabels()).toEqual(['My schedule']);
  });

  it('gives a referee no drawer, the store buttons on the calendar, My schedule in the header, and a way to log out', async () => {
    const { location } = renderApp('/', { role: 'referee' });
    const appStore = await screen.findByRole('link', { name: /App Store/ }, { timeout: 15_000 });
    expect(location()).toBe('/calendar');
    expect(appStore).toHaveAttribute('href', APP_STORE_URL);
    expect(screen.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', PLAY_STORE_URL);
    expect(document.querySelector('.MuiDrawer-root')).toBeNull();
    expect(screen.queryByLabelText('Facility')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // The header's menu holds the referee's schedule, and the landing page links it too (issue 41 m23).
    expect(await menuLabels()).toEqual(['My schedule']);
    expect(screen.getByRole('link', { name: 'See my schedule here' })).toHaveAttribute('href', '/schedule');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'menu' })).getByRole('link', { name: 'My schedule' }));
    await waitFor(() => expect(location()).toBe('/schedule'));
  });
});

describe('routes and guards', () => {
  it('sends / to the calendar', async () => {
    const { location } = renderApp('/', { role: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(location()).toBe('/calendar');
  });

  it('tells a manager an admin-only route is not theirs, at its address, with a way to the calendar', async () => {
    const { location } = renderApp('/invoice', { role: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeInTheDocument();
    expect(location()).toBe('/invoice');
    expect(screen.queryByRole('heading', { level: 1, name: 'Invoices' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the calendar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(location()).toBe('/calendar');
  });

  it('lets an admin open the same route', async () => {
    const { location } = renderApp('/invoice', { role: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(location()).toBe('/invoice');
  });

  it('lets a manager open an invoice linked from elsewhere', async () => {
    renderApp('/invoice/42', { role: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice' })).toBeInTheDocument();
  });

  it('keeps coaches to the reduced route set', async () => {
    const { location } = renderApp('/customer/5', { role: 'coach' });
    expect(await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" })).toBeInTheDocument();
    expect(location()).toBe('/customer/5');
  });

  it('opens a deep link of the route table directly', async () => {
    const { location } = renderApp('/reporting/reconciliation', { role: 'mod' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconciliation' })).toBeInTheDocument();
    expect(location()).toBe('/reporting/reconciliation');
  });

  it('shows the loading screen while the session is checked, then the page', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderApp('/teams', { role: 'mod', dataProvider: withTeams(), routes: { 'GET /check': () => new Promise((resolve) => (answer = resolve)) } });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    answer(json(200, { ID: 7, email: 'mod@touchline.test', type: 'mod', facility_id: 1, first_name: 'M', last_name: 'O' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
  });

  it('sends the browser to /login when the session check answers 401', async () => {
    const { location } = renderApp('/customer', {
      role: 'admin',
      routes: { 'GET /check': () => json(401, { statusCode: 401, code: 401, message: 'Your session has expired' }) },
    });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(session.token()).toBeNull();
  });

  it('sends a signed-out visitor to /login without asking the server', async () => {
    const { location, network } = renderApp('/calendar', { role: null });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(network.calls.filter((c) => c.path === '/check')).toHaveLength(0);
  });

  it('checks the session once per page load', async () => {
    const { network } = renderApp('/calendar', { role: 'admin', dataProvider: withTeams() });
    await userEvent.click(await screen.findByRole('link', { name: 'Teams' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Customers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/check')).toHaveLength(1);
  });

  it('logs out: revokes the session on the server and returns to /login', async () => {
    const { location, network } = renderApp('/calendar', { role: 'manager' });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    const logout = network.calls.find((c) => c.path === '/user/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.authorization).toMatch(/^Bearer token-/);
    expect(session.token()).toBeNull();
  });
});

describe('the facility selector', () => {
  it('offers admins the facilities with a nickname below id 997, and reloads on a change', async () => {
    renderApp('/calendar', { role: 'admin' });
    const selector = await screen.findByRole('combobox', { name: 'Facility' });
    await waitFor(() => expect(selector).toHaveTextContent('Downtown'));
    await userEvent.click(selector);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All facilities', 'Downtown', 'Riverside']);
    await userEvent.click(options[2]);
    expect(session.selectedFacility()).toBe(2);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it("offers 'All facilities' (the spec's facility 0), which scopes lists to none", async () => {
    renderApp('/calendar', { role: 'admin' });
    const selector = await screen.findByRole('combobox', { name: 'Facility' });
    await userEvent.click(selector);
    await userEvent.click(await screen.findByRole('option', { name: 'All facilities' }));
    expect(session.facilitySelection()).toBe(0);
    expect(session.facilityScope()).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('is not shown to managers', async () => {
    renderApp('/calendar', { role: 'manager' });
    await menuLabels();
    expect(screen.queryByRole('combobox', { name: 'Facility' })).not.toBeInTheDocument();
  });
});

describe('the update bar', () => {
  it('appears when /version.json names another build, and reloads on click', async () => {
    renderApp('/calendar', { routes: { 'GET /version.json': () => json(200, { build: 'a-newer-build' }) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Update available, please click here' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('stays hidden while the running build is the deployed one', async () => {
    const { network } = renderApp('/calendar');
    await menuLabels();
    await waitFor(() => expect(network.calls.some((c) => c.path === '/version.json')).toBe(true));
    expect(screen.queryByText('Update available, please click here')).not.toBeInTheDocument();
  });
});

describe('the language switch', () => {
  it('shows the menu in Spanish and keeps the choice', async () => {
    renderApp('/calendar', { role: 'admin' });
    await menuLabels();
    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(async () => expect((await menuLabels()).slice(0, 3)).toEqual(['Calendario', 'Contratos', 'Ligas y torneos']));
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(localStorage.getItem('locale')).toBe('es');
  });
});
