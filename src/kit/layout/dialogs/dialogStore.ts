import { errorText } from './errorText';

// The state of the global dialogs, outside React so that react-query's global error handlers (which
// live outside the component tree) can open the error dialog. Components read it through useDialogs.

export interface ConfirmRequest {
  kind: 'confirm' | 'delete';
  /** Already translated texts; the dialog falls back to its default wording. */
  title?: string;
  message?: string;
  resolve(confirmed: boolean): void;
}

export interface DialogState {
  /** The text of the open error dialog, or null. */
  error: string | null;
  confirm: ConfirmRequest | null;
  /** Custom calls in flight (react-query's own fetches are counted by react-query). */
  pending: number;
}

export type DialogStore = ReturnType<typeof createDialogStore>;

export function createDialogStore() {
  let state: DialogState = { error: null, confirm: null, pending: 0 };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<DialogState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Opens the error dialog and clears the loading indicator. The first error stays until dismissed. */
    showError(error: unknown) {
      set({ error: state.error ?? errorText(error), pending: 0 });
    },
    dismissError() {
      set({ error: null });
    },
    /** Resolves true when the person confirms, false when they cancel (or another request replaces it). */
    ask(request: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
      state.confirm?.resolve(false);
      return new Promise((resolve) => set({ confirm: { ...request, resolve } }));
    },
    answer(confirmed: boolean) {
      const current = state.confirm;
      set({ confirm: null });
      current?.resolve(confirmed);
    },
    startLoading() {
      set({ pending: state.pending + 1 });
    },
    stopLoading() {
      set({ pending: Math.max(0, state.pending - 1) });
    },
  };
}
