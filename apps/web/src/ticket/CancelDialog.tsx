import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

/** Cancelling the ticket, asked first. */
export function CancelDialog({ label, onClose, onConfirm }: { label: string; onClose: () => void; onConfirm: () => Promise<void> }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancel-title" aria-describedby="cancel-text">
      <DialogTitle id="cancel-title">{translate('ticket.cancel')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-text">{translate('ticket.cancel_confirm', { label })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ticket.cancel_keep')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          data-testid="cancel-confirm"
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          {translate('ticket.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
