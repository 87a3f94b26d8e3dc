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

/**
 * react-admin's snackbar for success, info and warning notices (4000 ms unless the notice says
 * otherwise). Error notices (a failed save, an invalid form) go to the error dialog instead, so that
 * every failure looks the same; the dialog keeps the first one when several arrive together.
 */
export function AppNotification() {
  const context = useNotificationContext();
  const store = useDialogStore();
  const translate = useTranslate();
  const { notifications, setNotifications } = context;

  useEffect(() => {
    const errors = notifications.filter(isError);
    if (errors.length === 0) return;
    for (const { message, notificationOptions } of errors) {
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
