import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Role } from '../../../core/constants';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../../server/db/seed/staff';

// What the tests know of the app: the demo staff, the login page, the drawer menu of each role.

export { DEMO_PASSWORD };

/** The login page's role radio: coaches sign in with the Referee choice (spec 1 §2). */
export const LOGIN_RADIO: Record<Role, string> = { admin: 'Admin', manager: 'Manager', mod: 'MOD', coach: 'Referee', referee: 'Referee' };

export function demo(role: Role, facility = 1) {
  const staff = DEMO_STAFF.find((s) => s.user_type === role && s.facility_id === facility);
  if (!staff) throw new Error(`no demo ${role} in facility ${facility}`);
  return staff;
}

/** The drawer menu of spec 1 §2, with the media gallery (issue 41 item 10). */
const OFFICE_MENU = ['Calendar', 'Contracts', 'Leagues & tournaments', 'Pickup', 'Classes', 'Customers', 'Teams', 'Reporting', 'Referee', 'Media'];
const ADMIN_ONLY_MENU = ['Invoices', 'Refunds', 'Admin'];
export const ALL_MENU = [...OFFICE_MENU, ...ADMIN_ONLY_MENU, 'My schedule'];
export const MENU: Record<Role, string[]> = {
  admin: [...OFFICE_MENU, ...ADMIN_ONLY_MENU],
  // Managers open /admin (Staff, Scoreboards, Resources), so it is in their menu (issue 22 item 6).
  manager: [...OFFICE_MENU, 'Admin'],
  mod: OFFICE_MENU,
  coach: ['My schedule'],
  // Without a drawer: the header holds the entries (issue 41 m23).
  referee: ['My schedule'],
};

/** The drawer's menu: a navigation landmark named "menu" holding one link per entry. */
export const menu = (page: Page) => page.getByRole('navigation', { name: 'menu' });
export const menuItem = (page: Page, name: string) => menu(page).getByRole('link', { name, exact: true });

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
}

/** Fills and submits the login form; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string, radio: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('radio', { name: radio, exact: true }).check();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs a staff member in through the login page and waits to leave it. */
export async function signIn(page: Page, email: string, password: string, radio: string): Promise<void> {
  await submitLogin(page, email, password, radio);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

export async function signInAs(page: Page, role: Role): Promise<void> {
  await signIn(page, demo(role).email, DEMO_PASSWORD, LOGIN_RADIO[role]);
}

/** A bearer token from POST /user/login, for set-up calls that bypass the UI. */
export async function apiToken(request: APIRequestContext, role: Role): Promise<string> {
  const { email } = demo(role);
  const res = await request.post('/user/login', { data: { email, password: DEMO_PASSWORD, user_type: LOGIN_RADIO[role].toLowerCase() } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = await res.json();
  expect(body.token, JSON.stringify(body)).toBeTruthy();
  return body.token as string;
}

export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}
