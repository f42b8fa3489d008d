import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { T } from './webhooks-keys';

/** Replay from a position: the position typed (or picked from a delivery), refused unless a whole number. */
export function ReplayBox({
  from,
  setFrom,
  position,
  onReplay,
}: {
  from: string;
  setFrom: (from: string) => void;
  position: number | null;
  onReplay: () => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: '1 1 320px' }} component="section" aria-labelledby="webhook-replay-title">
      <Typography variant="subtitle2" id="webhook-replay-title" sx={{ mb: 1 }}>
        {translate(`${T}.log.replay_title`)}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={translate(`${T}.log.replay_position`)}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={from !== '' && position === null}
          helperText={from !== '' && position === null ? translate(`${T}.errors.position`) : translate(`${T}.log.replay_hint`)}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'webhook-replay-position' } }}
        />
        <Button variant="outlined" disabled={position === null} onClick={onReplay} data-testid="webhook-replay">
          {translate(`${T}.actions.replay`)}
        </Button>
      </Stack>
    </Box>
  );
}
