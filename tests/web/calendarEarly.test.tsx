import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { session } from '../../dataProvider/session';
import { earlyKey, rememberZone, startCalendarCalls, startEventCalls, takeEarly } from '../../src/app/pages/calendar/early';
import { eventPageId } from '../../src/app/pages/calendar';
import { appDataProvider, renderApp } from './support/app';
import { calendarSetupRoutes } from './support/calendar';
import { json, mockFetch, type FetchCall } from './support/fetch';

// The calendar's first calls started at boot (src/app/main.tsx → src/app/pages/calendar/early.ts): the week's
// events go out with the facility when its zone is remembered, and the page takes each answer once
// instead of asking again.

const MONDAY = 1_938_139_200; // 6/2/2031 00:00 in New York
const WEEK_END = 1_938_744_000;
const EVENT = {
  ID: 9, product_type_id: 2, field_id: 4, facility_id: 1, start_date: MONDAY + 17 * 3600, end_date: MONDAY + 18 * 3600, comment: 'Block',
  customer_id: null, new_product_id: null, match_id: null, contract_id: null, class_id: null, coach_id: null, team_a: null, team_b: null,
  no_show: false, video_visible: false, block_token: null, keep: false, checked_in: false, conflict: false, color: '#1976d2',
  title: 'Early bird', product_type: { ID: 2, name: 'Adult Block-Booking', color: '#1976d2' }, field: { ID: 4, number: 1, name: 'Maracanã', parent_field_id: null },
  customer: null, contract: null, match: null, invoice: null, mark: null,
};
const FIELDS = [
  { ID: 4, id: 4, number: 1, name: 'Maracanã', facility_id: 1, weekday_open_time: 16, weekday_close_time: 23.99, weekend_open_time: 8, weekend_close_time: 23.99 },
];
const routes = {
  ...calendarSetupRoutes(FIELDS),
  'GET /api/event': () => json(200, [EVENT]),
  'GET /api/event/conflicts': () => json(200, []),
};
const gets = (calls: FetchCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);

beforeAll(async () => {
  await import('../../src/app/pages/calendar/CalendarPage');
}, 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the calendar\'s early calls', () => {
  it('ask for the week with the facility when its zone is remembered, each answer taken once', async () => {
    localStorage.clear();
    session.save('token-early', 'manager', 1);
    rememberZone(1, 'America/New_York');
    const { calls } = mockFetch(routes);
    startCalendarCalls('?date=6/2/2031&view=week', appDataProvider());
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    const [events] = gets(calls, '/api/event');
    expect(new URL(events.url, 'http://localhost').searchParams.toString()).toBe(`facility_id=1&start=${MONDAY}&end=${WEEK_END}`);
    expect(events.authorization).toBe('Bearer token-early');

    const early = takeEarly(earlyKey.events(1, MONDAY, WEEK_END));
    await expect(early?.promise).resolves.toMatchObject([{ ID: 9 }]);
    expect(takeEarly(earlyKey.events(1, MONDAY, WEEK_END))).toBeUndefined();
    // The facility still answered its zone, the one remembered: the week is not asked for twice.
    await vi.waitFor(() => expect(gets(calls, '/api/facility/1')).toHaveLength(1));
    expect(gets(calls, '/api/event')).toHaveLength(1);
  });

  it('are what the page draws: the facility, fields, conflicts and the week are each asked for once', async () => {
    const { network } = renderApp('/calendar?date=6/2/2031&view=week', { role: 'manager', dataProvider: appDataProvider(), routes });
    // As at boot: before the session check has answered and the page has loaded (no zone remembered yet).
    startCalendarCalls('?date=6/2/2031&view=week', appDataProvider());
    expect((await screen.findAllByText(/Early bird/, {}, { timeout: 15_000 }))[0]).toBeInTheDocument();
    for (const path of ['/api/facility/1', '/api/facility/fields', '/api/event/conflicts', '/api/event']) expect(gets(network.calls, path), path).toHaveLength(1);
    expect(localStorage.getItem('calendar_zone_1')).toBe('America/New_York');
  }, 60_000);

  it('without them, the page asks for each itself, once', async () => {
    const { network } = renderApp('/calendar?date=6/2/2031&view=week', { role: 'manager', dataProvider: appDataProvider(), routes });
    expect((await screen.findAllByText(/Early bird/, {}, { timeout: 15_000 }))[0]).toBeInTheDocument();
    expect(gets(network.calls, '/api/event')).toHaveLength(1);
    expect(gets(network.calls, '/api/facility/1')).toHaveLength(1);
  }, 60_000);

  it('open the event page (a new tab on every calendar click) with its event, facility and fields asked for at boot, each once (issue 22 item 16)', async () => {
    expect(eventPageId('/calendar/event/9')).toBe(9);
    expect(eventPageId('/calendar')).toBeNull();
    const eventRoutes = { ...routes, 'GET /api/event/9': () => json(200, EVENT), 'GET /api/event/9/changes': () => json(200, []) };
    const { network } = renderApp('/calendar/event/9', { role: 'manager', dataProvider: appDataProvider(), routes: eventRoutes });
    startEventCalls(9, appDataProvider());
    expect(await screen.findByTestId('event-card', {}, { timeout: 15_000 })).toHaveTextContent('Early bird');
    for (const path of ['/api/event/9', '/api/facility/1']) expect(gets(network.calls, path), path).toHaveLength(1);
    // The edit dialog's fields came with them: the page's own query took the early answer.
    await vi.waitFor(() => expect(gets(network.calls, '/api/facility/fields')).toHaveLength(1));
  }, 60_000);
});
