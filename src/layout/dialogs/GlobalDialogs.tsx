import { AppNotification } from './AppNotification';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorDialog } from './ErrorDialog';
import { LoadingIndicator } from './LoadingIndicator';

/**
 * Passed to <Admin notification>: rendered once, on every route (with or without the layout), inside
 * react-admin's contexts (router, i18n, theme, react-query).
 */
export function GlobalDialogs() {
  return (
    <>
      <LoadingIndicator />
      <AppNotification />
      <ErrorDialog />
      <ConfirmDialog />
    </>
  );
}
