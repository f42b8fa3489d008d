import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Counter } from '../model';

/** A free counter of this queue to open (or why there is none). */
export function DeskOpen({
  free,
  anyCounter,
  pick,
  setPick,
  busy,
  open,
}: {
  free: Counter[];
  anyCounter: boolean;
  pick: string;
  setPick: (id: string) => void;
  busy: boolean;
  open: () => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid="desk">
      {free.length ? (
        <>
          <TextField
            select
            fullWidth={false}
            size="small"
            label={translate('queues.desk.pick')}
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            sx={{ minWidth: 200 }}
            data-testid="desk-counter"
          >
            {free.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={busy || !pick} onClick={open} data-testid="open-counter">
            {translate('queues.desk.open')}
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">{translate(anyCounter ? 'queues.desk.all_taken' : 'queues.counters.none')}</Typography>
      )}
    </Box>
  );
}
