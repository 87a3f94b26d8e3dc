import { lazy, Suspense, useEffect, useMemo } from 'react';
import {
  NotificationContext,
  useNotificationContext,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { useDialogStore } from './DialogsContext';
import { useOpened } from './useOpened';

// Fetched with the first notice to show: no page needs the snackbar to show, and the entry bundle
// carries what every first visit needs (bench/firstLoad.ts budgets it). Should the fetch fail, notices
// go unshown rather than the failed import taking the app down (nothing above catches it).
const Notification = lazy(() => import('./Snackbar').then((m) => ({ default: m.Notification }), () => ({ default: () => null })));

const isError = (n: NotificationPayload) => n.type === 'error';
/** react-admin's notice on submitting an invalid form: the form's own field messages say what is wrong. */
const isInvalidForm = (n: NotificationPayload) => n.message === 'ra.message.invalid_form';

/**
 * react-admin's snackbar for success, info and warning notices (4000 ms unless the notice says
 * otherwise). Error notices of failed calls go to the error dialog instead, so that every failure looks
 * the same; the dialog keeps the first one when several arrive together. An invalid form shows its
 * field messages only (the forms are noValidate: no browser bubbles either), never a dialog over them.
 */
export function AppNotification() {
  const context = useNotificationContext();
  const store = useDialogStore();
  const translate = useTranslate();
  const { notifications, setNotifications } = context;

  useEffect(() => {
    const errors = notifications.filter(isError);
    if (errors.length === 0) return;
    for (const { message, notificationOptions } of errors.filter((n) => !isInvalidForm(n))) {
      if (typeof message === 'string') store.showError(translate(message, { _: message, ...notificationOptions?.messageArgs }));
    }
    setNotifications((queue) => queue.filter((n) => !isError(n)));
  }, [notifications, setNotifications, store, translate]);

  const snackbarContext = useMemo(() => {
    const queue = notifications.filter((n) => !isError(n));
    return {
      ...context,
      notifications: queue,
      takeNotification() {
        const [next] = queue;
        if (next) setNotifications((all) => all.filter((n) => n !== next));
        return next;
      },
    };
  }, [context, notifications, setNotifications]);
  const opened = useOpened(snackbarContext.notifications.length > 0);

  return (
    opened && (
      <NotificationContext.Provider value={snackbarContext}>
        <Suspense fallback={null}>
          <Notification />
        </Suspense>
      </NotificationContext.Provider>
    )
  );
}
