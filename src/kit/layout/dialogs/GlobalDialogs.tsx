import { lazy, Suspense, type ComponentType } from 'react';
import { AppNotification } from './AppNotification';
import { useDialogState } from './DialogsContext';
import { LoadingIndicator } from './LoadingIndicator';
import { NativeConfirmDialog, NativeErrorDialog } from './nativeDialogs';
import { useOpened } from './useOpened';

// The dialogs are fetched the first time one opens: no page needs MUI's Dialog to show, and the entry
// bundle carries what every first visit needs (bench/firstLoad.ts budgets it). Should the fetch fail,
// the browser's own dialogs stand in (./nativeDialogs.tsx).
const ConfirmDialog = lazy<ComponentType>(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog }), () => ({ default: NativeConfirmDialog })));
const ErrorDialog = lazy<ComponentType>(() => import('./ErrorDialog').then((m) => ({ default: m.ErrorDialog }), () => ({ default: NativeErrorDialog })));

/**
 * Passed to <Admin notification>: rendered once, on every route (with or without the layout), inside
 * react-admin's contexts (router, i18n, theme, react-query).
 */
export function GlobalDialogs() {
  const { confirm, error } = useDialogState();
  const errorOpened = useOpened(error !== null);
  const confirmOpened = useOpened(confirm !== null);
  return (
    <>
      <LoadingIndicator />
      <AppNotification />
      <Suspense fallback={null}>
        {errorOpened && <ErrorDialog />}
        {confirmOpened && <ConfirmDialog />}
      </Suspense>
    </>
  );
}
