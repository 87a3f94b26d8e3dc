import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../dataProvider/session';
import { encodeSignupPayload, type SignupPayload } from '../../core/signupLink';
import { json, type FetchHandler } from './support/fetch';
import { fill, identity, renderApp } from './support/app';

afterEach(cleanup);

const PAYLOAD: SignupPayload = { id: 12, token: 'single-use', first_name: 'Nia', last_name: 'Lopez', email: 'nia@touchline.test', phone: '' };
const link = (payload: unknown, reset = false) =>
  `/signup?token=${encodeSignupPayload(payload as SignupPayload)}${reset ? '&reset=1' : ''}`;

function open(path: string, confirm?: FetchHandler) {
  return renderApp(path, {
    role: null,
    routes: {
      ...(confirm && { 'POST /user/confirm': confirm }),
      'GET /check': (call) => (call.authorization === 'Bearer new-token' ? json(200, identity('mod')) : json(401, { code: 401, message: 'Unauthorized' })),
    },
  });
}

async function submit(fields: { phone?: string; password?: string; confirm?: string; first?: string }) {
  if (fields.first !== undefined) await fill(screen.getByLabelText('First name'), fields.first);
  if (fields.phone) await fill(screen.getByLabelText('Phone'), fields.phone);
  if (fields.password) await fill(screen.getByLabelText('Password'), fields.password);
  if (fields.confirm) await fill(screen.getByLabelText('Confirm password'), fields.confirm);
  await userEvent.click(screen.getByRole('button', { name: /Sign up|Save password/ }));
}

describe('the signup and password recover page', () => {
  it("is titled 'Sign up', pre-filled from the link, with the email read-only", async () => {
    open(link(PAYLOAD));
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Nia');
    expect(screen.getByLabelText('Email')).toHaveValue('nia@touchline.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it("is titled 'Password recover' with reset=1", async () => {
    open(link(PAYLOAD, true));
    expect(await screen.findByRole('heading', { name: 'Password recover' })).toBeInTheDocument();
  });

  it("says 'Wrong signup link' when the payload lacks an id or token", async () => {
    open(link({ first_name: 'Nia', email: 'nia@touchline.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong signup link');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  });

  it("says 'Wrong signup link' for a link that is not a payload at all", async () => {
    open('/signup?token=%%%garbage');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong signup link');
  });

  it('asks for every field, matching passwords and a US phone number', async () => {
    const { network } = open(link(PAYLOAD));
    await screen.findByRole('heading', { name: 'Sign up' });
    await submit({ phone: '212-555-0100', password: 'long-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all the fields');
    await submit({ confirm: 'other-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await submit({ phone: '555-0100', confirm: 'long-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('The phone number must have format: 111-222-3333');
    expect(network.calls.some((c) => c.path === '/user/confirm')).toBe(false);
  });

  it("says 'Error signing up' when the answer carries no token", async () => {
    open(link(PAYLOAD), () => json(200, {}));
    await screen.findByRole('heading', { name: 'Sign up' });
    await submit({ phone: '(212) 555-0100', password: 'long-password', confirm: 'long-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error signing up');
  });

  it("shows the server's message when the link was already used", async () => {
    open(link(PAYLOAD), () => json(400, { statusCode: 400, error: 'Bad Request', message: 'This link has expired or was already used' }));
    await screen.findByRole('heading', { name: 'Sign up' });
    await submit({ phone: '2125550100', password: 'long-password', confirm: 'long-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used');
  });

  it('sends the normalised phone, stores the session and opens the calendar', async () => {
    const { network, location } = open(link(PAYLOAD, true), () => json(200, { token: 'new-token', type: 'mod', facility_id: 1 }));
    await screen.findByRole('heading', { name: 'Password recover' });
    await submit({ first: 'Nia M', phone: '1 (212) 555-0100', password: 'long-password', confirm: 'long-password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(location()).toBe('/calendar');
    expect(network.calls.find((c) => c.path === '/user/confirm')?.body).toEqual({
      id: 12, token: 'single-use', first_name: 'Nia M', last_name: 'Lopez', phone: '+12125550100', password: 'long-password',
    });
    expect([session.token(), session.userType()]).toEqual(['new-token', 'mod']);
  });

  it('shows and hides the password', async () => {
    open(link(PAYLOAD));
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
  });
});
