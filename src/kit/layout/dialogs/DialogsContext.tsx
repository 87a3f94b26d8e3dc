import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { useNotify } from 'react-admin';
import { ALERT_MS, SNACKBAR_MS } from '../../../../core/constants';
import type { DialogState, DialogStore } from './dialogStore';

const DialogStoreContext = createContext<DialogStore | null>(null);

/** Wraps <Admin>: the same store feeds the QueryClient's error handlers and the dialogs. */
export const DialogStoreProvider = DialogStoreContext.Provider;

export function useDialogStore(): DialogStore {
  const store = useContext(DialogStoreContext);
  if (!store) throw new Error('useDialogs must be used inside <DialogStoreProvider>');
  return store;
}

export function useDialogState(): DialogState {
  const store = useDialogStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** Texts are i18n keys or already readable text; the dialogs translate keys and show text as it is. */
export interface ConfirmOptions {
  title?: string;
  message: string;
}

export interface Dialogs {
  /** Opens the error dialog (title Error, button Dismiss) with the answer's message. */
  showError(error: unknown): void;
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** The delete confirmation; the default text warns that the action is irreversible. */
  confirmDelete(options?: Partial<ConfirmOptions>): Promise<boolean>;
  /** The success snackbar: 4000 ms, or 3000 ms for the short variant (staff, class and alert screens). */
  notifySuccess(message: string, options?: { short?: boolean; messageArgs?: Record<string, unknown> }): void;
  /**
   * Runs a custom call with the loading indicator on. A failure opens the error dialog (or, with
   * `onError`, goes there instead: a form shows it inline) and resolves undefined, so callers only
   * handle success: `const data = await run(() => …); if (!data) return;`
   */
  run<T>(work: () => Promise<T>, options?: { onError?(error: unknown): void }): Promise<T | undefined>;
}

export function useDialogs(): Dialogs {
  const store = useDialogStore();
  const notify = useNotify();
  return useMemo<Dialogs>(
    () => ({
      showError: store.showError,
      confirm: (options) => store.ask({ kind: 'confirm', ...options }),
      confirmDelete: (options = {}) => store.ask({ kind: 'delete', ...options }),
      notifySuccess(message, { short = false, messageArgs } = {}) {
        notify(message, { type: 'success', autoHideDuration: short ? ALERT_MS : SNACKBAR_MS, messageArgs });
      },
      async run(work, { onError = store.showError } = {}) {
        store.startLoading();
        try {
          return await work();
        } catch (error) {
          onError(error);
          return undefined;
        } finally {
          store.stopLoading();
        }
      },
    }),
    [store, notify],
  );
}
