import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/portal/App';

// The family screen's consent switch and optional password, and the sign-in with that password
// (issue 43 §2, §7).

const member = { ID: 7, first_name: 'Lina', last_name: 'Vega', email: 'lina@example.com', phone: '+15555550102', address: '', state: '', country: '', birthdate: null, gender: '', is_kid: false, facility_id: 1, waiver_signed: false };
let consent: { given_at: number } | null;
let hasPassword: boolean;
let calls: Array<{ url: string; method: string; body: unknown }>;

beforeEach(() => {
  consent = null;
  hasPassword = false;
  calls = [];
  localStorage.clear();
  localStorage.setItem('touchline.portal.language', 'en');
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body });
    const answer = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    const me = () => answer({ holder: member, children: [], memberships: [], waivers: [], child_data_consent: consent, has_password: hasPassword });
    if (url === '/api/portal/me') return me();
    if (url === '/api/portal/consent') { consent = body.given ? { given_at: 1_767_225_600 } : null; return me(); }
    if (url === '/api/portal/password') { hasPassword = true; return new Response(null, { status: 204 }); }
    if (url === '/api/portal/login/password') {
      return body.password === 'lina vega 2026'
        ? answer({ token: 'y'.repeat(43), customer: { ID: 7, first_name: 'Lina', last_name: 'Vega' } })
        : answer({ message: 'Wrong email/password combination' }, 401);
    }
    return new Response('{}', { status: 404 });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the family screen\'s account settings', () => {
  beforeEach(() => {
    localStorage.setItem('touchline.portal.token', 'x'.repeat(43));
    history.replaceState(null, '', '/my');
  });

  it('gives and withdraws the consent with a switch, showing when it was given', async () => {
    const user = userEvent.setup();
    render(<App />);
    const toggle = await screen.findByRole('switch', { name: /I consent to my children's data/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('No consent given.')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: /I consent/ })).toBeChecked());
    expect(screen.getByText(/^Consent given on Jan 1, 2026\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /I consent/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /I consent/ })).not.toBeChecked());
    expect(calls.filter((c) => c.url === '/api/portal/consent').map((c) => [c.method, c.body])).toEqual([['PUT', { given: true }], ['PUT', { given: false }]]);
  });

  it('sets a password of at least 8 characters', async () => {
    const user = userEvent.setup();
    render(<App />);
    const input = await screen.findByLabelText('New password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('minLength', '8');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    await user.type(input, 'lina vega 2026');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password saved.');
    expect(calls.find((c) => c.url === '/api/portal/password')?.body).toEqual({ password: 'lina vega 2026' });
    expect(await screen.findByText('You have a password. Type a new one to change it.')).toBeInTheDocument();
  });
});

describe('signing in with the password', () => {
  it('says a wrong password, and opens the family with the right one', async () => {
    history.replaceState(null, '', '/my/login');
    const user = userEvent.setup();
    render(<App />);
    await user.type(await screen.findByLabelText('Account e-mail'), 'lina@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email/password combination');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'lina vega 2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Account holder' })).toBeInTheDocument();
    expect(localStorage.getItem('touchline.portal.token')).toBe('y'.repeat(43));
    expect(location.pathname).toBe('/my');
  });
});
