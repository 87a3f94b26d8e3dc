// react-admin's snackbar, in a chunk of its own: AppNotification fetches it with the first notice.
export { Notification } from 'react-admin';
