import { afterEach, describe, expect, it } from 'vitest';
import { useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { TextField } from '@mui/material';
import '../../core/time';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { FormDialog } from '../../src/kit/components/FormDialog';
import { EventDialog } from '../../src/app/pages/calendar/EventDialog';
import { fakeDataProvider } from './support/app';

// Issue 31: the dialogs by keyboard. Opened from a button, a dialog takes focus; Tab and Shift+Tab stay in
// it; Escape closes it and focus goes back to the button that opened it. The app's dialogs are MUI dialogs
// mounted while open: the shared form dialog (payments, credits, discounts …) and the calendar's add-event dialog.

afterEach(cleanup);

/** A button that mounts `dialog` while open, as the app's pages do. */
function Opener({ label, dialog }: { label: string; dialog(close: () => void): ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>{label}</button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}

function renderOpener(label: string, dialog: (close: () => void) => ReactNode) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={fakeDataProvider()} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
        <Opener label={label} dialog={dialog} />
      </AdminContext>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: label });
}

/** The dialog's modal (MUI focuses the frame around the dialog as it opens). */
const modalOf = (dialog: HTMLElement) => dialog.closest('.MuiModal-root') ?? dialog;

async function expectKeyboardCycle(opener: HTMLElement, dialogName: RegExp | string) {
  const user = userEvent.setup();
  opener.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await waitFor(() => expect(modalOf(dialog).contains(document.activeElement)).toBe(true));
  expect(document.activeElement).not.toBe(opener);

  for (let i = 0; i < 12; i++) {
    await user.tab();
    expect(dialog.contains(document.activeElement), `Tab #${i + 1} left the dialog`).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement), `Shift+Tab #${i + 1} left the dialog`).toBe(true);
  }

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
}

describe('dialogs by keyboard', () => {
  it('the shared form dialog takes focus, keeps it, closes on Escape and gives focus back', async () => {
    const opener = renderOpener('Add credit', (close) => (
      <FormDialog title="Add credit" onClose={close} onSubmit={close}>
        <TextField label="Amount to add" />
        <TextField label="Comment" />
      </FormDialog>
    ));
    await expectKeyboardCycle(opener, 'Add credit');
  });

  it('the add-event dialog takes focus, keeps it, closes on Escape and gives focus back', async () => {
    const ny = (local: string) => dayjs.tz(local, 'America/New_York').unix();
    const opener = renderOpener('Add event', (close) => (
      <EventDialog facilityName="Brooklyn" zone="America/New_York" onClose={close} onSaved={close}
        fields={[{ ID: 1, name: 'Maracanã', number: 1 }]}
        productTypes={[{ ID: 1, name: 'Adult Rental', color: '#4caf50', showInCalendar: true }, { ID: 13, name: 'Block', color: '#9e9e9e', showInCalendar: true }]}
        initial={{ field_id: 1, start_date: ny('2027-01-04 19:00'), end_date: ny('2027-01-04 19:30') }} />
    ));
    await expectKeyboardCycle(opener, /Add event/);
  });

  it('a dialog left without Escape, by its own Cancel, gives focus back too', async () => {
    const user = userEvent.setup();
    const opener = renderOpener('Add credit', (close) => (
      <FormDialog title="Add credit" onClose={close} onSubmit={close}>
        <TextField label="Amount to add" />
      </FormDialog>
    ));
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add credit' });
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // To Cancel and press it.
    for (let i = 0; i < 20 && document.activeElement?.textContent !== 'Cancel'; i++) await user.tab();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
