import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { removePickupPlayer, removePickupWaitlist } from '../../core/api/pickup';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { session } from '../../dataProvider/session';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { createDialogStore, DialogStoreProvider, GlobalDialogs } from '../../src/kit/layout/dialogs';
import PickupSessionPage from '../../src/app/pages/pickup/PickupSessionPage';
import { FACILITIES, fakeDataProvider } from './support/app';

// The pickup session page (issue 44 items 5, 7): a player who signed up and paid from the families' portal
// is listed with the staff's own, marked Online; a full game's waitlist (names, joined, Online, the place
// held for the first in line) with Remove; a player's Remove, confirmed (the dialog says where the place
// goes and that the invoice stays), calls DELETE /pickup/player/{id} and reloads the players and waitlist.

afterEach(cleanup);

const customer = (ID: number, first_name: string) => ({ ID, first_name, last_name: 'Drop', email: `${first_name.toLowerCase()}@example.com`, phone: '' });
const pickupSession = {
  ID: 5, facility: { ID: 1, name: 'Brooklyn', time_zone: 'America/New_York' }, field: { ID: 3, name: 'San Siro' }, slots: 1,
  slot: { day: 4, time: 20, duration: 60, field_id: 3 }, contract: { ID: 9, name: 'Pickup session @Brooklyn', fee: 15 },
  events: [{
    ID: 51, start_date: 1_796_950_800, end_date: 1_796_954_400,
    players: [{ ID: 1, checked_in: false, source: 'staff', customer: customer(11, 'Desk') }, { ID: 2, checked_in: false, source: 'online', customer: customer(12, 'Web') }],
    waitlist: [
      // Joined Monday 7 December 2026 at 10:00 and 10:05 in New York; a place held for the first until 8 December 10:00.
      { ID: 81, customer: { ID: 13, first_name: 'Next', last_name: 'Inline' }, team_name: null, source: 'online', CreatedAt: 1_796_655_600, offered_until: 1_796_742_000 },
      { ID: 82, customer: { ID: 14, first_name: 'Then', last_name: 'Later' }, team_name: null, source: 'online', CreatedAt: 1_796_655_900, offered_until: null },
    ],
  }],
};

function renderPage(dataProvider: object) {
  session.save('token', 'admin', 1);
  render(
    <MemoryRouter initialEntries={['/pickup/5']}>
      <AdminContext dataProvider={dataProvider as never} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
        <DialogStoreProvider value={createDialogStore()}>
          <Routes><Route path="/pickup/:id" element={<PickupSessionPage />} /></Routes>
          <GlobalDialogs />
        </DialogStoreProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the pickup session page', () => {
  it('marks the players registered online', async () => {
    renderPage({ ...fakeDataProvider({ facilities: FACILITIES }), pickupSession: () => Promise.resolve(pickupSession) });
    const web = (await screen.findByRole('link', { name: 'Web Drop' })).closest('tr')!;
    expect(within(web).getByText('Online')).toBeInTheDocument();
    const desk = screen.getByRole('link', { name: 'Desk Drop' }).closest('tr')!;
    expect(within(desk).queryByText('Online')).toBeNull();
  });

  it('shows a game\'s waitlist in line order (joined, Online, the place held) and removes an entry once confirmed', async () => {
    const user = userEvent.setup();
    const call = vi.fn(async () => pickupSession.events[0].waitlist[1]);
    const loads = vi.fn(() => Promise.resolve(pickupSession));
    renderPage({ ...fakeDataProvider({ facilities: FACILITIES }), pickupSession: loads, call });
    const table = await screen.findByRole('table', { name: 'Waitlist' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Next InlineOnline', 'Then LaterOnline']);
    expect(within(rows[0]).getAllByRole('cell').slice(1, 3).map((c) => c.textContent)).toEqual(['12/7/2026 10:00', '12/8/2026 10:00']);
    expect(within(rows[1]).getAllByRole('cell')[2].textContent).toBe('');
    await user.click(within(rows[1]).getByRole('button', { name: 'Remove from the waitlist: Then Later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Remove Then Later from the waitlist?');
    await user.click(within(dialog).getByRole('button', { name: /Delete|Confirm/ }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(removePickupWaitlist, { params: { id: 82 } }));
    await waitFor(() => expect(loads).toHaveBeenCalledTimes(2));
  });

  it('removes a player once confirmed, saying the place goes to the waitlist and the invoice stays, then reloads the game', async () => {
    const user = userEvent.setup();
    const call = vi.fn(async () => ({ ID: 2, event_id: 51, customer_id: 12, invoice_id: 7, offered: 1 }));
    const loads = vi.fn(() => Promise.resolve(pickupSession));
    renderPage({ ...fakeDataProvider({ facilities: FACILITIES }), pickupSession: loads, call });
    const web = (await screen.findByRole('link', { name: 'Web Drop' })).closest('tr')!;
    await user.click(within(web).getByRole('button', { name: 'Remove from the game: Web Drop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Remove Web Drop from this game? The place goes to the first in line of the waitlist. The invoice the player paid stays as it is: make any refund on the invoice page.');
    // Cancelled: nothing is called.
    await user.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(call).not.toHaveBeenCalled();

    await user.click(within(web).getByRole('button', { name: 'Remove from the game: Web Drop' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: /Delete|Confirm/ }));
    await waitFor(() => expect(call).toHaveBeenCalledWith(removePickupPlayer, { params: { id: 2 } }));
    expect(call).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(loads).toHaveBeenCalledTimes(2));
  });
});
