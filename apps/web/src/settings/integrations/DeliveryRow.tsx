import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { WebhookDelivery } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { T } from './webhooks-keys';
import { DELIVERY_COLOURS } from './webhooks-model';

/** One delivery of the log: when, what, its position, status and answer; send it again, or replay from it. */
export function DeliveryRow({ d, onRedeliver, onReplayFrom }: { d: WebhookDelivery; onRedeliver: () => void; onReplayFrom: () => void }) {
  const translate = useTranslate();
  const f = useFormat();
  return (
    <TableRow data-testid="webhook-delivery" data-status={d.status}>
      <TableCell>{f.when(d.created_at)}</TableCell>
      <TableCell>
        <span dir="ltr">{d.event_type}</span>
        {d.cause !== 'event' && (
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.log.causes.${d.cause}`)}
          </Typography>
        )}
      </TableCell>
      <TableCell>{d.position}</TableCell>
      <TableCell>
        <Chip size="small" color={DELIVERY_COLOURS[d.status]} label={translate(`${T}.log.statuses.${d.status}`)} />
        {d.next_attempt_at && d.attempts > 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.log.next_attempt`, { when: f.when(d.next_attempt_at) })}
          </Typography>
        )}
      </TableCell>
      <TableCell>{d.attempts}</TableCell>
      <TableCell sx={{ maxWidth: 320 }}>
        <span dir="ltr">{d.response_status ?? (d.attempts ? translate(`${T}.log.no_answer`) : '—')}</span>
        {(d.response_body || d.error) && (
          <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            {(d.response_body ?? d.error ?? '').slice(0, 300)}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Stack sx={{ gap: 0.5 }}>
          <Button size="small" onClick={onRedeliver} data-testid="webhook-redeliver">
            {translate(`${T}.actions.redeliver`)}
          </Button>
          <Button size="small" onClick={onReplayFrom}>
            {translate(`${T}.actions.replay_from_here`)}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
