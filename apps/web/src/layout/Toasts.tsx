import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { NotificationPayload, useNotificationContext, useTranslate } from 'react-admin';

/**
 * Every notification as a toast (SPEC §8): a success titled "SUCCESSFUL", a failure titled
 * "Sorry!", with the message, both from the catalogue.
 */
export function Toasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const [current, setCurrent] = useState<{ n: NotificationPayload; key: number } | undefined>();

  // The newest notification replaces the one on screen: each action's outcome shows at once.
  useEffect(() => {
    if (!notifications.length) return;
    const next = takeNotification();
    if (next) setCurrent((c) => ({ n: next, key: (c?.key ?? 0) + 1 }));
  }, [notifications, takeNotification]);

  if (!current) return null;
  const close = () => setCurrent(undefined);
  const { n } = current;
  const failed = n.type === 'error' || n.type === 'warning';
  const { messageArgs } = n.notificationOptions ?? {};
  const text = typeof n.message === 'string' ? translate(n.message, { _: n.message, ...messageArgs }) : n.message;
  return (
    <Snackbar
      key={current.key}
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
