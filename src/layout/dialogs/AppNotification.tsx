import { useEffect, useMemo } from 'react';
import {
  Notification,
  NotificationContext,
  useNotificationContext,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { useDialogStore } from './DialogsContext';

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

  return (
    <NotificationContext.Provider value={snackbarContext}>
      <Notification />
    </NotificationContext.Provider>
  );
}
