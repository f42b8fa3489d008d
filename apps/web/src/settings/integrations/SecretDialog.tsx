import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { T } from './webhooks-keys';

/** The secret, shown this once, with a copy button. */
export function SecretDialog({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () =>
    navigator.clipboard
      ?.writeText(secret)
      .then(() => notify(`${T}.copied`, { type: 'info' }))
      .catch(() => undefined);
  return (
    <Dialog open onClose={onClose} aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{translate(`${T}.dialogs.secret_title`)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${T}.dialogs.secret_once`)}
        </Alert>
        {rotated && <Typography sx={{ mb: 2 }}>{translate(`${T}.dialogs.secret_rotated`)}</Typography>}
        <Box
          component="code"
          dir="ltr"
          data-testid="webhook-secret"
          sx={{ display: 'block', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all' }}
        >
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{translate(`${T}.actions.copy`)}</Button>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-close">
          {translate(`${T}.actions.close`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
