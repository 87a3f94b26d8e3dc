import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLocale } from '../../src/kit/i18n/i18nProvider';
import { appDataProvider, renderApp } from './support/app';
import { json } from './support/fetch';

// The customer profile's Waivers tab (issue 43 §6): the waivers signed in the portal, with facility,
// version, time in the facility's zone, the typed name and the signer, IP and browser; above them the
// customer's consent, as a parent, to share the children's data (§7), in English and Spanish.

afterEach(cleanup);

const customer = {
  ID: 4321, first_name: 'Mia', last_name: 'Kid', email: 'pat@example.com##4321', phone: '', address: '', state: '', country: 'US', gender: 'Girl',
  is_kid: true, parent_email: 'pat@example.com', birthdate: 1_420_070_400, facility_id: 1, customer_type_id: 2, credits: 0, note: '', photo: null,
  waiver_signed: false, hubspot_id: null, hubspot: false, deleted_at: null, CreatedAt: 1_600_000_000, UpdatedAt: 1_700_000_000,
  facility: { ID: 1, name: 'Downtown', time_zone: 'America/Los_Angeles' }, last_invoice_date: null,
  totals: { invoiced: 0, paid: 0, balance: 0 }, suspended: false, suspensions: [], family: [], eplayer: null, memberships: [],
};
const signature = (ID: number, version_id: number, current: boolean, signed_at: number) => ({
  ID, customer_id: customer.ID, version_id, facility: { ID: 1, name: 'Downtown' }, sha256: 'ab'.repeat(32), full_name: 'Pat Parent', signed_at,
  signed_by: { ID: 99, first_name: 'Pat', last_name: 'Parent' }, ip: '203.0.113.7', user_agent: 'Mobile Safari', current,
});

describe('the customer profile\'s waivers', () => {
  it('lists each signature with its version (an old one marked), time in the facility\'s zone and signer', async () => {
    const app = renderApp(`/customer/${customer.ID}?tab=waivers`, {
      role: 'manager',
      dataProvider: appDataProvider(),
      routes: {
        [`GET /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"1"' }),
        'GET /api/facility': () => json(200, [{ ID: 1, name: 'Downtown', nickname: 'DT' }], { 'Content-Range': 'facility 0-0/1' }),
        // 1,900,000,000 is 3/17/2030 17:46 UTC: 10:46 in Los Angeles.
        [`GET /api/customer/${customer.ID}/waivers`]: () => json(200, [signature(2, 7, true, 1_900_000_000), signature(1, 5, false, 1_800_000_000)]),
        [`GET /api/customer/${customer.ID}/child-data-consent`]: () => json(200, { given_at: null }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Waivers' }, { timeout: 10000 });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[0]).toEqual(['Downtown', '7', '3/17/2030 10:46', 'Pat Parent (Pat Parent)', '203.0.113.7 · Mobile Safari']);
    expect(rows[1][1]).toBe('5 (no longer current)');
    expect(app.network.calls.some((c) => c.path === `/api/customer/${customer.ID}/waivers`)).toBe(true);
    expect(screen.getByText('Consent to share children\'s data: not given')).toBeInTheDocument();
  });

  for (const [language, line] of [
    ['en', 'Consent to share children\'s data: given on 3/17/2030'],
    ['es', 'Consentimiento para compartir los datos de los hijos: dado el 17/03/2030'],
  ] as const) {
    it(`says when the parent gave the consent to share the children's data, in the facility's zone (${language})`, async () => {
      await loadLocale(language);
      const app = renderApp(`/customer/${customer.ID}?tab=waivers`, {
        role: 'manager',
        locale: language,
        dataProvider: appDataProvider(),
        routes: {
          [`GET /api/customer/${customer.ID}`]: () => json(200, customer, { ETag: '"1"' }),
          'GET /api/facility': () => json(200, [{ ID: 1, name: 'Downtown', nickname: 'DT' }], { 'Content-Range': 'facility 0-0/1' }),
          [`GET /api/customer/${customer.ID}/waivers`]: () => json(200, []),
          // 1,900,000,000 is 3/17/2030 17:46 UTC, the same day in Los Angeles.
          [`GET /api/customer/${customer.ID}/child-data-consent`]: () => json(200, { given_at: 1_900_000_000 }),
        },
      });
      expect(await screen.findByText(line, {}, { timeout: 10000 })).toBeInTheDocument();
      expect(app.network.calls.some((c) => c.path === `/api/customer/${customer.ID}/child-data-consent`)).toBe(true);
    });
  }
});
