import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setDayFirst } from '../../core/dateOrder';
import { loadLocale } from '../../src/kit/i18n/i18nProvider';
import { appDataProvider, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// Birth dates typed in the reader's order (issue 41 m32): D/M/YYYY in Spanish, M/D/YYYY in English —
// in the participant wizard (its placeholder, its check, and the duplicates lookup, which the API reads
// month first) and in the customer profile's form (shown and read in that order).

beforeAll(async () => {
  await loadLocale('es');
}, 60_000);

afterEach(() => {
  cleanup();
  setDayFirst(false);
});

/** A child's birth date 8 years ago on the 21st (a day no month can be mistaken for). */
const year = new Date().getUTCFullYear() - 8;
const BIRTH = Date.UTC(year, 2, 21) / 1000;
const dayFirst = `21/3/${year}`;
const monthFirst = `3/21/${year}`;

const facility = { ID: 1, name: 'Downtown', time_zone: 'America/New_York' };
const parent = {
  ID: 10, first_name: 'Dana', last_name: 'Rivers', email: 'dana@example.com', phone: '', birthdate: null, gender: '', address: '', state: '', country: '',
  is_kid: false, parent_email: '', customer_type_id: 1, facility_id: 1, facility, deleted_at: null,
};

async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const helperOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent ?? null : null;
};

describe('the participant wizard', () => {
  const labels = {
    es: { open: 'Nuevo cliente', child: 'Niño', first: 'Nombre del niño', last: 'Apellido del niño', birth: 'Fecha de nacimiento (D/M/AAAA)', placeholder: 'D/M/AAAA', gender: 'Género', boy: 'Niño', parent: 'Buscar padre o madre', save: 'Guardar', refused: 'Se requiere una fecha de nacimiento válida del niño' },
    en: { open: 'New customer', child: 'Child', first: 'Child first name', last: 'Child last name', birth: 'Birth date (M/D/YYYY)', placeholder: 'M/D/YYYY', gender: 'Gender', boy: 'Boy', parent: 'Search parent', save: 'Save', refused: 'Valid Child Birthdate Required' },
  };

  it.each([
    ['es', dayFirst, monthFirst],
    ['en', monthFirst, dayFirst],
  ] as const)('in %s takes the birth date in the reader\'s order, refuses the other, and looks duplicates up month first', async (locale, readerOrder, otherOrder) => {
    const l = labels[locale];
    const user = userEvent.setup();
    const { network } = renderApp('/customer', {
      role: 'manager', locale, dataProvider: appDataProvider(),
      routes: { 'GET /api/customer/search/rivers': () => json(200, [parent]), 'GET /api/customer/duplicates': () => json(200, [{ ...parent, ID: 11, first_name: 'Milo', is_kid: true, matched: ['name_birthdate'] }]) },
    });
    await user.click(await screen.findByRole('button', { name: l.open }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: l.child }));
    await paste(user, within(dialog).getByLabelText(l.first), 'Milo');
    await paste(user, within(dialog).getByLabelText(l.last), 'Rivers');
    const birth = within(dialog).getByLabelText(l.birth);
    expect(birth).toHaveAttribute('placeholder', l.placeholder);
    await user.click(within(dialog).getByLabelText(l.gender));
    await user.click(await screen.findByRole('option', { name: l.boy }));
    await paste(user, within(dialog).getByLabelText(l.parent), 'rivers');
    await user.click(await screen.findByRole('option', { name: /Dana Rivers/ }));
    // The other order is no date (no 21st month): the reader's message, and nothing looked up.
    await paste(user, birth, otherOrder);
    await user.click(within(dialog).getByRole('button', { name: l.save }));
    expect(helperOf(birth)).toBe(l.refused);
    expect(network.calls.filter((c) => c.path === '/api/customer/duplicates')).toEqual([]);
    await user.clear(birth);
    await paste(user, birth, readerOrder);
    await user.click(within(dialog).getByRole('button', { name: l.save }));
    await waitFor(() => expect(network.calls.some((c) => c.path === '/api/customer/duplicates')).toBe(true));
    expect(helperOf(birth)).not.toBe(l.refused);
    const lookup = network.calls.find((c) => c.path === '/api/customer/duplicates')!;
    expect(new URL(lookup.url, 'http://x').searchParams.get('birthdate')).toBe(monthFirst);
  }, 60_000);
});

describe('the customer profile form', () => {
  const labels = {
    es: { form: 'Perfil', birth: 'Fecha de nacimiento (D/M/AAAA)', save: 'Guardar', shown: `21/03/${year}`, typed: `5/4/${year}`, typedAs: Date.UTC(year, 3, 5) / 1000 },
    en: { form: 'Profile', birth: 'Birth date (M/D/YYYY)', save: 'Save', shown: monthFirst, typed: `5/4/${year}`, typedAs: Date.UTC(year, 4, 4) / 1000 },
  };
  let nextId = 500;

  it.each(['es', 'en'] as const)('in %s shows the birth date in the reader\'s order and saves what is typed read in that order', async (locale) => {
    const l = labels[locale];
    const user = userEvent.setup();
    const customer = {
      ID: nextId++, first_name: 'Milo', last_name: 'Rivers', email: 'dana@example.com##77', phone: '', address: '', state: '', country: 'US', gender: 'Boy',
      is_kid: true, parent_email: 'dana@example.com', birthdate: BIRTH, facility_id: 1, customer_type_id: 1, credits: 0, note: '', photo: null, waiver_signed: true,
      hubspot_id: null, hubspot: true, deleted_at: null, CreatedAt: 1_600_000_000, UpdatedAt: 1_700_000_000, facility, last_invoice_date: null,
      totals: { invoiced: 0, paid: 0, balance: 0 }, suspended: false, suspensions: [], family: [], eplayer: null, memberships: [],
    };
    const puts: unknown[] = [];
    renderApp(`/customer/${customer.ID}`, {
      role: 'manager', locale, dataProvider: appDataProvider(),
      routes: {
        [`GET /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"7"' }),
        [`PUT /api/customer/${customer.ID}`]: ({ body }: FetchCall) => { puts.push(body); return json(200, { ...customer, ...(body as object) }, { ETag: '"8"' }); },
      },
    });
    const form = await screen.findByRole('form', { name: l.form }, { timeout: 20_000 });
    const birth = within(form).getByLabelText(l.birth);
    expect(birth).toHaveValue(l.shown);
    await user.clear(birth);
    await paste(user, birth, l.typed);
    await user.click(within(form).getByRole('button', { name: l.save }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ birthdate: l.typedAs });
  }, 60_000);
});
