import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_PHONE_MESSAGE } from '../../core/validation/phone';
import { App } from '../../src/portal/App';

// The family screen's contact details (issue 43 §3): prefilled from GET /api/portal/me, sent by PUT
// /api/portal/me, the server's reason shown under its field, a success message; English and Spanish.

let holder: Record<string, unknown>;
let calls: Array<{ url: string; method: string; body: unknown }>;

beforeEach(() => {
  holder = { ID: 7, first_name: 'Lina', last_name: 'Vega', email: 'lina@example.com', phone: '+15555550102', address: '12 Elm St', state: 'CA', country: 'US', birthdate: null, gender: '', is_kid: false, facility_id: 1, waiver_signed: false };
  calls = [];
  localStorage.clear();
  localStorage.setItem('touchline.portal.token', 'x'.repeat(43));
  history.replaceState(null, '', '/my');
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    const method = init.method ?? 'GET';
    calls.push({ url, method, body });
    const answer = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    const me = () => answer({ holder, children: [], memberships: [], waivers: [], child_data_consent: null, has_password: false });
    if (url === '/api/portal/me' && method === 'GET') return me();
    if (url === '/api/portal/me' && method === 'PUT') {
      if (body.phone === '555 0102') {
        return answer({ statusCode: 400, error: 'Bad Request', message: `phone: ${CUSTOMER_PHONE_MESSAGE}`, errors: { phone: CUSTOMER_PHONE_MESSAGE } }, 400);
      }
      holder = { ...holder, ...body, ...(body.phone ? { phone: `+1${body.phone.replace(/\D/g, '').slice(-10)}` } : {}) };
      return me();
    }
    return new Response('{}', { status: 404 });
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const contactForm = async () => within((await screen.findByRole('heading', { name: /^(Contact details|Datos de contacto)$/ })).closest('section')!);

describe('the family screen\'s contact details', () => {
  it('is prefilled from the family, and saves the edit with a success message', async () => {
    localStorage.setItem('touchline.portal.language', 'en');
    const user = userEvent.setup();
    render(<App />);
    const form = await contactForm();
    expect(form.getByLabelText('Phone')).toHaveValue('(555) 555-0102');
    expect(form.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(form.getByLabelText('Address')).toHaveValue('12 Elm St');
    expect(form.getByLabelText('State')).toHaveValue('CA');
    expect(form.getByLabelText('Country')).toHaveValue('US');
    await user.clear(form.getByLabelText('Phone'));
    await user.type(form.getByLabelText('Phone'), '212-555-0100');
    await user.clear(form.getByLabelText('Address'));
    await user.type(form.getByLabelText('Address'), '40 Oak Ave');
    await user.click(form.getByRole('button', { name: 'Save contact details' }));
    expect(await form.findByRole('status')).toHaveTextContent('Contact details saved.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/portal/me', { phone: '212-555-0100', address: '40 Oak Ave', state: 'CA', country: 'US' }],
    ]);
    // The saved number, as the server keeps it, in the form and on the holder's card.
    await waitFor(() => expect(form.getByLabelText('Phone')).toHaveValue('(212) 555-0100'));
    expect(await screen.findByText(/\(212\) 555-0100/, { selector: 'p' })).toBeInTheDocument();
  });

  it('shows the server\'s reason under the phone, in Spanish, and keeps what was typed', async () => {
    localStorage.setItem('touchline.portal.language', 'es');
    const user = userEvent.setup();
    render(<App />);
    const form = await contactForm();
    const phone = form.getByLabelText('Teléfono');
    await user.clear(phone);
    await user.type(phone, '555 0102');
    await user.click(form.getByRole('button', { name: 'Guardar datos de contacto' }));
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    const reason = document.getElementById(phone.getAttribute('aria-describedby')!);
    expect(reason).toHaveTextContent('Escriba un número de teléfono de EE. UU. válido (por ejemplo 111 222 3333).');
    expect(phone).toHaveAccessibleDescription('Escriba un número de teléfono de EE. UU. válido (por ejemplo 111 222 3333).');
    expect(form.getByRole('alert')).toHaveTextContent('Corrija los campos marcados arriba.');
    expect(form.getByLabelText('Dirección')).not.toHaveAttribute('aria-invalid');
    expect(phone).toHaveValue('555 0102');
    expect(form.queryByRole('status')).toBeNull();
  });

  it('leaves an emptied phone out of the edit: the one on file is kept', async () => {
    localStorage.setItem('touchline.portal.language', 'en');
    const user = userEvent.setup();
    render(<App />);
    const form = await contactForm();
    await user.clear(form.getByLabelText('Phone'));
    await user.click(form.getByRole('button', { name: 'Save contact details' }));
    expect(await form.findByRole('status')).toHaveTextContent('Contact details saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ address: '12 Elm St', state: 'CA', country: 'US' });
    expect(form.getByLabelText('Phone')).toHaveValue('(555) 555-0102');
  });
});
