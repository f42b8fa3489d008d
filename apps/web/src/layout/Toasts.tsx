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
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (notifications.length && !current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, takeNotification]);

  if (!current) return null;
  const failed = current.type === 'error' || current.type === 'warning';
  const { messageArgs } = current.notificationOptions ?? {};
  const text = typeof current.message === 'string' ? translate(current.message, { _: current.message, ...messageArgs }) : current.message;
  return (
    <Snackbar
      open={open}
      autoHideDuration={current.notificationOptions?.autoHideDuration ?? 4000}
      onClose={() => setOpen(false)}
      slotProps={{ transition: { onExited: () => setCurrent(undefined) } }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity={failed ? 'error' : 'success'} variant="filled" onClose={() => setOpen(false)} data-testid="toast" sx={{ minWidth: 300 }}>
        <AlertTitle>{translate(failed ? 'app.toast.sorry' : 'app.toast.successful')}</AlertTitle>
        {text}
      </Alert>
    </Snackbar>
  );
}
