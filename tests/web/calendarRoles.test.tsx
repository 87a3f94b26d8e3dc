import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldCalendarProps } from '../../src/app/pages/calendar/FieldCalendar';
import { appDataProvider, renderApp } from './support/app';
import { calendarSetupRoutes } from './support/calendar';
import { json } from './support/fetch';

// The calendar by role (issue 22 item 6): the office adds an event from an empty cell, moves and edits
// events; a coach reads the calendar, and an empty cell offers no add-event flow. FullCalendar's own
// clicks need a layout jsdom has not (the e2e clicks a real cell): here it hands the page's handlers
// to buttons.

vi.mock('../../src/app/pages/calendar/FieldCalendar', () => ({
  FieldCalendar: ({ onEmptyCell, onMove, onEventClick }: FieldCalendarProps) => (
    <div data-testid="field-calendar" data-moves={String(!!onMove)} data-edits={String(!!onEventClick)}>
      <button type="button" onClick={() => onEmptyCell?.({ field_id: 4, start_date: 1_938_200_400, end_date: 1_938_202_200 })}>Empty cell</button>
    </div>
  ),
}));

const FIELDS = [
  { ID: 4, id: 4, number: 1, name: 'Maracanã', facility_id: 1, weekday_open_time: 16, weekday_close_time: 23.99, weekend_open_time: 8, weekend_close_time: 23.99 },
];
const routes = { ...calendarSetupRoutes(FIELDS), 'GET /api/event': () => json(200, []), 'GET /api/event/conflicts': () => json(200, []) };

beforeAll(async () => {
  await import('../../src/app/pages/calendar/CalendarPage');
}, 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the calendar by role', () => {
  it('a manager adds an event from an empty cell, and may move and edit events', async () => {
    renderApp('/calendar?date=6/2/2031', { role: 'manager', dataProvider: appDataProvider(), routes });
    const calendar = await screen.findByTestId('field-calendar', {}, { timeout: 15_000 });
    expect(calendar.dataset).toMatchObject({ moves: 'true', edits: 'true' });
    await userEvent.click(screen.getByRole('button', { name: 'Empty cell' }));
    expect(await screen.findByRole('dialog', { name: /Add event/ })).toBeInTheDocument();
  }, 30_000);

  it('a coach reads it: an empty cell offers no add-event flow, events neither move nor edit', async () => {
    renderApp('/calendar?date=6/2/2031', { role: 'coach', dataProvider: appDataProvider(), routes });
    const calendar = await screen.findByTestId('field-calendar', {}, { timeout: 15_000 });
    expect(calendar.dataset).toMatchObject({ moves: 'false', edits: 'false' });
    await userEvent.click(screen.getByRole('button', { name: 'Empty cell' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 30_000);
});
