import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { appDataProvider, FACILITIES, renderApp } from './support/app';
import { json } from './support/fetch';

// The refund review's dates (issue 41 item 12): whole days in the facility's zone, as Presence reads
// them, sent as from/to dates for the server to read in each refund's facility's zone; a refund's time
// shown in its facility's zone.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the refunds page', () => {
  it('asks the last 30 days through tomorrow as the facility\'s calendar has them, and shows times in each refund\'s zone', async () => {
    // 05:00 UTC on 11 March 2026 is still 10 March (22:00) in Los Angeles, already 11 March in New York.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-03-11T05:00:00Z'));
    const refund = {
      ID: 3, invoice_id: 70, payment_id: 9, facility_id: 1, amount: 12.5, type: 'cash', refund_status: 'Pending', refund_reason: 'Rained out', deny_reason: '',
      refund_creator: 7, refund_payment_id: null, resolved_by: null, resolved_at: null, CreatedAt: Date.parse('2026-03-11T05:30:00Z') / 1000, UpdatedAt: 0,
      square_status: null, requestor: 'Sam Staff', facility: { ID: 1, name: 'Downtown', time_zone: 'America/Los_Angeles' }, invoice: { ID: 70 },
      payment: { ID: 9, type: 'cash', square_id: null, amount: 20 },
    };
    const { network } = renderApp('/refund', {
      role: 'admin',
      dataProvider: appDataProvider(),
      routes: {
        'GET /api/facility': () => json(200, FACILITIES, { 'Content-Range': `facilities 0-${FACILITIES.length - 1}/${FACILITIES.length}` }),
        'GET /api/facility/1': () => json(200, { ...FACILITIES[0], time_zone: 'America/Los_Angeles' }),
        'POST /api/square/refunds/sync': () => json(200, { completed: 0, failed: 0, pending: 0 }),
        'GET /api/refunds': () => json(200, [refund]),
      },
    });
    // 22:30 on 10 March in Los Angeles.
    expect(await screen.findByText('3/10/2026 22:30', {}, { timeout: 15_000 })).toBeInTheDocument();
    await waitFor(() => {
      const asked = network.calls.filter((c) => c.path === '/api/refunds').map((c) => new URL(c.url, 'http://localhost').searchParams);
      expect(asked.at(-1)?.get('from')).toBe('2026-02-08');
      expect(asked.at(-1)?.get('to')).toBe('2026-03-11');
      expect(asked.at(-1)?.get('start_date')).toBeNull();
    });
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-02-08');
    expect(screen.getByLabelText('End date')).toHaveValue('2026-03-11');
  }, 60_000);
});
