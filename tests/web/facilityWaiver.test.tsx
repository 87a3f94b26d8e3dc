import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDataProvider, renderApp } from './support/app';
import { json, type FetchCall } from './support/fetch';

// The waiver section of a facility's edit dialog (issue 43 §6): the current version's text, saved as a
// new version by its own call.

const facility = { ID: 1, name: 'Downtown', nickname: 'DT', address: '1 Main St', tax_rate: 0.08875, processing_fee: 0, time_zone: 'America/New_York', active: true, CreatedAt: 1, UpdatedAt: 1 };
const version = (ID: number, text: string) => ({ ID, facility_id: 1, text, sha256: `${'c0ffee'.repeat(10)}${ID}abc`.slice(0, 64), CreatedAt: 1_767_225_600 });
let versions: Array<ReturnType<typeof version>>;

function renderPage(role: 'admin' | 'manager' = 'admin') {
  return renderApp('/resources?tab=facility', {
    role,
    dataProvider: appDataProvider(),
    routes: {
      'GET /api/facility': () => json(200, [facility], { 'Content-Range': 'facilities 0-0/1' }),
      'GET /api/facility/1': () => json(200, facility),
      'GET /api/facility/1/waiver': () => json(200, { current: versions[0] ?? null, versions }),
      'POST /api/facility/1/waiver': ({ body }: FetchCall) => {
        const made = version(versions.length + 1, (body as { text: string }).text);
        versions = [made, ...versions];
        return json(201, made);
      },
    },
  });
}

beforeEach(() => {
  versions = [version(1, 'I accept the risks.')];
});
afterEach(cleanup);

describe('the facility\'s waiver', () => {
  it('shows the current version and saves an edited text as a new one', async () => {
    const user = userEvent.setup();
    const { network: { calls } } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Waiver' }));
    // 1,767,225,600 is 1/1/2026 00:00 UTC: still 12/31/2025 in New York, the facility's zone.
    expect(await within(dialog).findByText(/^Current version 1 of 12\/31\/2025 \(SHA-256 c0ffeec0ffee…\)$/)).toBeInTheDocument();
    const text = within(dialog).getByLabelText('Waiver text');
    expect(text).toHaveValue('I accept the risks.');
    const save = within(dialog).getByRole('button', { name: 'Save as a new version' });
    // Unchanged: nothing to save.
    expect(save).toBeDisabled();
    await user.clear(text);
    await user.type(text, 'New rules apply.');
    await user.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/facility/1/waiver', { text: 'New rules apply.' }]]));
    expect(await within(dialog).findByText(/^Current version 2 of /)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Waiver text')).toHaveValue('New rules apply.');
  });

  it('shows a manager the current text read-only, without the save: only admins edit it', async () => {
    const user = userEvent.setup();
    const { network: { calls } } = renderPage('manager');
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Waiver' }));
    const text = await within(dialog).findByLabelText('Waiver text');
    expect(text).toHaveValue('I accept the risks.');
    expect(text).toHaveAttribute('readonly');
    expect(within(dialog).getByText('Only admins edit the waiver text')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save as a new version' })).toBeNull();
    await user.type(text, ' more');
    expect(text).toHaveValue('I accept the risks.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
