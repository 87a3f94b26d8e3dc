import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/portal/App';

// The families' site's calendar screen (issue 43 §4): the feed's URL to copy or add (webcal:), and a
// new URL only after a warning that the old one stops working; in English and Spanish.

const OLD = 'https://club.example/api/portal/calendar/12-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/family.ics';
const NEW = 'https://club.example/api/portal/calendar/12-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/family.ics';
let rotations: number;

beforeEach(() => {
  rotations = 0;
  localStorage.clear();
  localStorage.setItem('touchline.portal.token', 'x'.repeat(43));
  localStorage.setItem('touchline.portal.language', 'en');
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/portal/calendar' && init.method === 'GET') return answer({ url: rotations ? NEW : OLD });
    if (url === '/api/portal/calendar/rotate' && init.method === 'POST') { rotations += 1; return answer({ url: NEW }); }
    return new Response('{}', { status: 404 });
  }));
  history.replaceState(null, '', '/my/calendar');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the portal calendar screen', () => {
  it('shows the feed URL, copies it and adds it as webcal:', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<App />);
    expect(await screen.findByLabelText('Your calendar link')).toHaveValue(OLD);
    expect(screen.getByRole('link', { name: 'Add to my calendar' })).toHaveAttribute('href', OLD.replace('https:', 'webcal:'));
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied.');
  });

  it('rotates only after the warning, then shows the new URL', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Make a new link' }));
    const warning = screen.getByRole('alertdialog');
    expect(warning).toHaveTextContent('The old link will stop working');
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(rotations).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Make a new link' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Replace the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('New link made. The old one no longer works.');
    expect(rotations).toBe(1);
    expect(screen.getByLabelText('Your calendar link')).toHaveValue(NEW);
    expect(screen.getByRole('link', { name: 'Add to my calendar' })).toHaveAttribute('href', NEW.replace('https:', 'webcal:'));
  });

  it('speaks Spanish', async () => {
    localStorage.setItem('touchline.portal.language', 'es');
    render(<App />);
    expect(await screen.findByLabelText('El enlace de su calendario')).toHaveValue(OLD);
    expect(screen.getByRole('link', { name: 'Añadir a mi calendario' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear un enlace nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facturas' })).toBeInTheDocument();
  });
});
