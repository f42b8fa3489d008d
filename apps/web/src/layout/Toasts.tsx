import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { NotificationPayload, useNotificationContext, useTranslate } from 'react-admin';

/**
 * Every notification as a toast (docs/product.md#messages-and-toasts): a success titled "SUCCESSFUL", a failure titled
 * "Sorry!", with the message, both from the catalogue.
 */
export function Toasts() {
  const { notifications, resetNotifications } = useNotificationContext();
  const translate = useTranslate();

  // The newest notification replaces the one on screen: each action's outcome shows at once.
  // Closing it drops the older ones too; the count keys the toast, so a new one starts its own timer.
  const n: NotificationPayload | undefined = notifications[notifications.length - 1];
  if (!n) return null;
  const close = () => resetNotifications();
  const failed = n.type === 'error' || n.type === 'warning';
  const { messageArgs } = n.notificationOptions ?? {};
  const text = typeof n.message === 'string' ? translate(n.message, { _: n.message, ...messageArgs }) : n.message;
  return (
    <Snackbar
      key={notifications.length}
      open
      autoHideDuration={n.notificationOptions?.autoHideDuration ?? 5000}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={failed ? 'error' : 'success'} variant="filled" onClose={close} data-testid="toast" sx={{ minWidth: 300 }}>
        <AlertTitle>{translate(failed ? 'app.toast.sorry' : 'app.toast.successful')}</AlertTitle>
        {text}
      </Alert>
    </Snackbar>
  );
}
