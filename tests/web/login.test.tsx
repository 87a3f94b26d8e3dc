import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../dataProvider/session';
import { json } from './support/fetch';
import { fill, identity, renderApp } from './support/app';

afterEach(cleanup);

const WRONG = { message: 'Wrong email/password combination', errors: { msg: 'Wrong email/password combination' } };

async function signIn(role: string, email: string, password: string) {
  await userEvent.click(await screen.findByRole('radio', { name: role }));
  await fill(screen.getByLabelText(/Email/), email);
  await fill(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the login page (spec 1 §2)', () => {
  it('offers the four roles, email, password, Sign In and the Forgot password link, without chrome', async () => {
    const { network } = renderApp('/login', { role: null });
    const roles = await screen.findAllByRole('radio');
    expect(roles.map((r) => (r as HTMLInputElement).value)).toEqual(['admin', 'manager', 'mod', 'referee']);
    expect(screen.getByRole('radio', { name: 'MOD' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot');
    expect(screen.queryByRole('navigation', { name: 'menu' })).not.toBeInTheDocument();
    expect(network.calls.filter((c) => c.path === '/check')).toHaveLength(0);
  });

  it('switches to Spanish before signing in, and keeps the choice', async () => {
    renderApp('/login', { role: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Administrador' })).toBeInTheDocument();
    expect(localStorage.getItem('locale')).toBe('es');
  });

  it("shows 'Wrong email/password combination' when the server answers 401", async () => {
    const { network } = renderApp('/login', { role: null, routes: { 'POST /user/login': () => json(401, WRONG) } });
    await signIn('Referee', 'ref@touchline.test', 'nope-nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email/password combination');
    expect(network.calls.find((c) => c.path === '/user/login')?.body).toEqual({ email: 'ref@touchline.test', password: 'nope-nope', user_type: 'referee' });
    expect(session.token()).toBeNull();
  });

  it('treats an answer carrying errors.msg as a failure', async () => {
    renderApp('/login', { role: null, routes: { 'POST /user/login': () => json(200, { errors: { msg: 'Wrong email/password combination' } }) } });
    await signIn('Admin', 'admin@touchline.test', 'whatever1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email/password combination');
    expect(session.token()).toBeNull();
  });

  it("shows the server's message when logins are rate limited", async () => {
    renderApp('/login', {
      role: null,
      routes: { 'POST /user/login': () => json(429, { statusCode: 429, error: 'Too Many Requests', message: 'Too many sign-in attempts; try again in 15 minutes' }) },
    });
    await signIn('Manager', 'manager@touchline.test', 'whatever1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts; try again in 15 minutes');
  });

  it('stores the session and opens the calendar on success', async () => {
    const { location } = renderApp('/login', {
      role: null,
      routes: {
        'POST /user/login': () => json(200, { token: 'fresh-token', type: 'manager', facility_id: 2, user: { ID: 7, email: 'manager@touchline.test', first_name: 'M', last_name: 'G' } }),
        'GET /check': (call) => (call.authorization === 'Bearer fresh-token' ? json(200, identity('manager', 2)) : json(401, { code: 401, message: 'Unauthorized' })),
      },
    });
    await signIn('Manager', 'manager@touchline.test', 'touchline');
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(location()).toBe('/calendar');
    expect([session.token(), session.userType(), session.facilityId()]).toEqual(['fresh-token', 'manager', 2]);
  });
});
