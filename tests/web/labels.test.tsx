import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatUsd } from '../../core/money';
import { formatDate, formatDateTime } from '../../core/time';
import { createI18nProvider, loadLocale } from '../../src/kit/i18n/i18nProvider';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json } from './support/fetch';

// Labels a front desk reads (issue 22 item 15): the product tab's name before its screens load, the
// Spanish Pickup title and dates, amounts with "$", and the pickup Presence table when nobody came.

afterEach(() => {
  cleanup();
  createI18nProvider('en');
});

/** The pickup page's reads but the players', for a Presence test to answer. */
const PICKUP_ROUTES = {
  'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
  'GET /api/facility/1': () => json(200, { ...FACILITIES[0], time_zone: 'America/New_York' }),
  'GET /api/pickup': () => json(200, []),
};

describe('labels', () => {
  it('names the products tab "Products" from the shell, before the product screens\' messages load', () => {
    const en = createI18nProvider('en');
    expect(en.translate('resources.newproduct.name', { smart_count: 2 })).toBe('Products');
  });

  it('titles Pickup in Spanish, and shows Spanish dates DD/MM/YYYY (English keeps M/D/YYYY)', async () => {
    await import('../../resources/contract/messages');
    await loadLocale('es');
    const es = createI18nProvider('es');
    expect(es.translate('pickup.title')).toBe('Partidos abiertos');
    expect(es.translate('resources.newproduct.name', { smart_count: 2 })).toBe('Productos');
    expect(es.translate('values.payment_methods.credit')).toBe('Crédito del cliente');
    const at = 1_772_400_000; // 3/1/2026 16:20 in New York
    expect(formatDate(at, 'America/New_York')).toBe('01/03/2026');
    expect(formatDateTime(at, 'America/New_York')).toBe('01/03/2026 16:20');
    createI18nProvider('en');
    expect(formatDate(at, 'America/New_York')).toBe('3/1/2026');
  });

  it('shows amounts with "$", the minus before it', () => {
    expect(formatUsd(123450)).toBe('$1,234.50');
    expect(formatUsd(-1500)).toBe('-$15.00');
    expect(formatUsd(null)).toBe('N/A');
  });

  it('says so when the pickup Presence table has nobody in its dates', async () => {
    renderApp('/pickup', {
      role: 'manager', dataProvider: appDataProvider(),
      routes: {
        ...PICKUP_ROUTES,
        'GET /api/slot/sessions': () => json(200, []),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Presence' }, { timeout: 20_000 }));
    const table = await screen.findByTestId('pickup-players');
    expect(await within(table).findByText('No players signed up for pickup in these dates')).toBeInTheDocument();
  }, 60_000);

  it("shows a Presence row's time in its facility's zone", async () => {
    const player = {
      ID: 1, event_id: 9, start_date: Date.parse('2026-03-08T20:00:00Z') / 1000, end_date: Date.parse('2026-03-08T21:00:00Z') / 1000, checked_in: false,
      facility: { ID: 6, name: 'Los Angeles', time_zone: 'America/Los_Angeles' }, slot: { field_id: 3, field: 'Field 1' },
      customer: { ID: 5, first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com', phone: null },
    };
    renderApp('/pickup', {
      role: 'admin', dataProvider: appDataProvider(),
      routes: {
        ...PICKUP_ROUTES,
        'GET /api/slot/sessions': () => json(200, [player]),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Presence' }, { timeout: 20_000 }));
    const table = await screen.findByTestId('pickup-players');
    // 20:00 UTC is 13:00 in Los Angeles (16:00 in New York, which the table showed for every facility).
    expect(await within(table).findByText('3/8/2026 13:00')).toBeInTheDocument();
  }, 60_000);

  it("asks for the Presence days from midnight to midnight in the facility's zone, not the browser's", async () => {
    const asked: URLSearchParams[] = [];
    renderApp('/pickup', {
      role: 'manager', dataProvider: appDataProvider(),
      routes: {
        ...PICKUP_ROUTES,
        'GET /api/slot/sessions': ({ url }) => { asked.push(new URL(url, 'http://x').searchParams); return json(200, []); },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Presence' }, { timeout: 20_000 }));
    await screen.findByTestId('pickup-players');
    // The manager's facility is in New York; the tests' browser runs in UTC.
    const midnight = dayjs().tz('America/New_York').startOf('day');
    expect(asked.at(-1)?.get('start')).toBe(String(midnight.unix()));
    expect(asked.at(-1)?.get('end')).toBe(String(midnight.add(1, 'day').unix()));
    const start = screen.getByLabelText('Start date');
    expect(start).toHaveValue(midnight.format('YYYY-MM-DD'));
    // An earlier start keeps the end at tomorrow's midnight.
    const earlier = midnight.subtract(10, 'day').format('YYYY-MM-DD');
    fireEvent.change(start, { target: { value: earlier } });
    await waitFor(() => expect(asked.at(-1)?.get('start')).toBe(String(dayjs.tz(`${earlier} 00:00`, 'America/New_York').unix())));
    expect(asked.at(-1)?.get('end')).toBe(String(midnight.add(1, 'day').unix()));
  }, 60_000);
});

describe('the Square simulator', () => {
  it("shows each checkout's and payment's time in its facility's zone, with the zone's abbreviation", async () => {
    const at = '2026-03-08T20:00:00.000Z'; // 16:00 EDT in New York, 13:00 PDT in Los Angeles (both past that day's change to summer time)
    const facilities = [{ ...FACILITIES[0], time_zone: 'America/New_York' }, { id: 6, ID: 6, name: 'Los Angeles', nickname: 'LA', time_zone: 'America/Los_Angeles' }];
    renderApp('/square/simulator', {
      role: 'admin', dataProvider: appDataProvider(),
      routes: {
        'GET /api/facility': () => json(200, facilities, { 'Content-Range': `facilities 0-1/2` }),
        'GET /api/square/simulator/checkouts': () => json(200, [
          { id: 'c1', amount_money: { amount: 1200 }, device_options: { device_id: 'd1' }, device_name: 'Front desk', note: 'Invoice 9', facility_id: 6, created_at: at },
        ]),
        'GET /api/square/simulator/payments': () => json(200, [
          { id: 'p1', amount_money: { amount: 500 }, status: 'COMPLETED', note: 'Invoice 8', facility_id: 1, created_at: at },
        ]),
      },
    });
    const pending = await screen.findByRole('table', { name: 'Pending checkouts' }, { timeout: 20_000 });
    expect(await within(pending).findByText('3/8/2026 13:00 PDT')).toBeInTheDocument();
    const paid = screen.getByRole('table', { name: 'Recent payments' });
    expect(await within(paid).findByText('3/8/2026 16:00 EDT')).toBeInTheDocument();
  }, 60_000);
});
