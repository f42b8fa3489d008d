import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/** Running late: how many places to step back. */
export function LateDialog({ onClose, onSubmit }: { onClose: () => void; onSubmit: (places: number) => Promise<void> }) {
  const translate = useTranslate();
  const [places, setPlaces] = useState(1);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="late-title" aria-describedby="late-intro">
      <DialogTitle id="late-title">{translate('ticket.late_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="late-intro" sx={{ mb: 2 }}>
          {translate('ticket.late_intro')}
        </DialogContentText>
        <TextField
          select
          label={translate('ticket.late_places')}
          value={places}
          onChange={(e) => setPlaces(Number(e.target.value))}
          fullWidth
          data-testid="late-places"
        >
          {[1, 2, 3, 5, 10].map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="late-submit"
          onClick={async () => {
            setBusy(true);
            try {
              await onSubmit(places);
            } finally {
              setBusy(false);
            }
          }}
        >
          {translate('ticket.late_submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
