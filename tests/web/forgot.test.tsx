import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from './support/fetch';
import { fill, renderApp } from './support/app';

afterEach(cleanup);

describe('the forgot page', () => {
  it("asks for the email: 'Please fill out your email'", async () => {
    const { network } = renderApp('/forgot', { role: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out your email');
    expect(network.calls.some((c) => c.path === '/user/reset')).toBe(false);
  });

  it('asks the server for the reset mail and says to check the inbox', async () => {
    const { network } = renderApp('/forgot', { role: null, routes: { 'POST /user/reset': () => json(200, {}) } });
    await fill(await screen.findByLabelText('Email'), 'sam+staff@touchline.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please check your email for a link to reset your password')).toBeInTheDocument();
    expect(network.calls.find((c) => c.path === '/user/reset')?.url).toBe('/user/reset?email=sam%2Bstaff%40touchline.test');
  });

  it('has no chrome and needs no session', async () => {
    const { network } = renderApp('/forgot', { role: null });
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'menu' })).not.toBeInTheDocument();
    expect(network.calls.some((c) => c.path === '/check')).toBe(false);
  });
});
