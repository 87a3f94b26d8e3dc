import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// The sibling discount section of a facility's edit dialog (issue 44 §6): read, switched on with its two
// percentages, saved by its own call.

const facility = { ID: 1, name: 'Downtown', nickname: 'DT', address: '1 Main St', tax_rate: 0.08875, processing_fee: 0, time_zone: 'America/New_York', active: true, CreatedAt: 1, UpdatedAt: 1 };
let rule: { facility_id: number; enabled: boolean; second_percent: number; later_percent: number };

function renderPage() {
  return renderApp('/resources?tab=facility', {
    role: 'admin',
    dataProvider: appDataProvider(),
    routes: {
      'GET /api/facility': () => json(200, [facility], { 'Content-Range': 'facilities 0-0/1' }),
      'GET /api/facility/1': () => json(200, facility),
      'GET /api/facility/1/sibling_discount': () => json(200, rule),
      'PUT /api/facility/1/sibling_discount': ({ body }: FetchCall) => {
        rule = { facility_id: 1, ...(body as Omit<typeof rule, 'facility_id'>) };
        return json(200, rule);
      },
    },
  });
}

beforeEach(() => {
  rule = { facility_id: 1, enabled: false, second_percent: 0, later_percent: 0 };
});
afterEach(cleanup);

describe('the facility\'s sibling discount', () => {
  it('is switched on with its percentages and saved by its own call', async () => {
    const user = userEvent.setup();
    const { network: { calls } } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Sibling discount' }));
    const on = await within(dialog).findByRole('switch', { name: 'Sibling discount on' });
    expect(on).not.toBeChecked();
    await user.click(on);
    const second = within(dialog).getByLabelText('Second child: % off');
    await user.clear(second);
    await user.type(second, '10');
    const later = within(dialog).getByLabelText('Third child and later: % off');
    await user.clear(later);
    await user.type(later, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save the sibling discount' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body]))
      .toEqual([['/api/facility/1/sibling_discount', { enabled: true, second_percent: 10, later_percent: 15 }]]));
  });
});
