import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { createI18nProvider } from '../../src/kit/i18n/i18nProvider';
import { createDialogStore, DialogStoreProvider, GlobalDialogs } from '../../src/kit/layout/dialogs';
import { fakeDataProvider } from './support/app';

// The global dialogs are fetched when first opened (src/kit/layout/dialogs/GlobalDialogs.tsx); here their
// chunks cannot be fetched, as when the network is down or a newer build has replaced them.
vi.mock('../../src/kit/layout/dialogs/ErrorDialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('../../src/kit/layout/dialogs/ConfirmDialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderDialogs() {
  const dialogs = createDialogStore();
  render(
    <DialogStoreProvider value={dialogs}>
      <AdminContext dataProvider={fakeDataProvider()} i18nProvider={createI18nProvider('en')} store={memoryStore()}>
        <GlobalDialogs />
      </AdminContext>
    </DialogStoreProvider>,
  );
  return dialogs;
}

describe('the global dialogs, when their code cannot be fetched', () => {
  it("tell the error in the browser's own alert, once, and close", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const dialogs = renderDialogs();
    act(() => dialogs.showError(new Error('Customer 3 not found')));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Customer 3 not found'));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(dialogs.getState().error).toBeNull();
  });

  it("ask a confirmation in the browser's own confirm, with the dialog's texts, and answer it", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const dialogs = renderDialogs();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => { answer = dialogs.ask({ kind: 'delete' }); });
    await expect(answer).resolves.toBe(true);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]![0]).toMatch(/irreversible/i);
  });
});
