import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { session } from '../../dataProvider/session';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { createDialogStore, DialogStoreProvider } from '../../src/kit/layout/dialogs';
import PickupSessionPage from '../../src/app/pages/pickup/PickupSessionPage';
import { FACILITIES, fakeDataProvider } from './support/app';

// The pickup session page (issue 44 item 7): a player who signed up and paid from the families' portal
// is listed with the staff's own, marked Online.

afterEach(cleanup);

const customer = (ID: number, first_name: string) => ({ ID, first_name, last_name: 'Drop', email: `${first_name.toLowerCase()}@example.com`, phone: '' });
const pickupSession = {
  ID: 5, facility: { ID: 1, name: 'Brooklyn', time_zone: 'America/New_York' }, field: { ID: 3, name: 'San Siro' }, slots: 1,
  slot: { day: 4, time: 20, duration: 60, field_id: 3 }, contract: { ID: 9, name: 'Pickup session @Brooklyn', fee: 15 },
  events: [{
    ID: 51, start_date: 1_796_950_800, end_date: 1_796_954_400,
    players: [{ ID: 1, checked_in: false, source: 'staff', customer: customer(11, 'Desk') }, { ID: 2, checked_in: false, source: 'online', customer: customer(12, 'Web') }],
  }],
};

describe('the pickup session page', () => {
  it('marks the players registered online', async () => {
    session.save('token', 'admin', 1);
    const dataProvider = { ...fakeDataProvider({ facilities: FACILITIES }), pickupSession: () => Promise.resolve(pickupSession) };
    render(
      <MemoryRouter initialEntries={['/pickup/5']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
          <DialogStoreProvider value={createDialogStore()}>
            <Routes><Route path="/pickup/:id" element={<PickupSessionPage />} /></Routes>
          </DialogStoreProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    const web = (await screen.findByRole('link', { name: 'Web Drop' })).closest('tr')!;
    expect(within(web).getByText('Online')).toBeInTheDocument();
    const desk = screen.getByRole('link', { name: 'Desk Drop' }).closest('tr')!;
    expect(within(desk).queryByText('Online')).toBeNull();
  });
});
