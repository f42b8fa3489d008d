import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Webhook } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { T } from './webhooks-keys';
import { STATE_COLOURS, webhookState } from './webhooks-model';

/** A webhook of the list: its address, types, state, what waits and the last success, and its actions. */
export function WebhookRow({
  hook,
  onLog,
  onEdit,
  onConfirm,
  onEnable,
}: {
  hook: Webhook;
  onLog: () => void;
  onEdit: () => void;
  onConfirm: (kind: 'rotate' | 'delete' | 'disable') => void;
  onEnable: () => void;
}) {
  const translate = useTranslate();
  const f = useFormat();
  const state = webhookState(hook);
  return (
    <TableRow data-testid="webhook-row" data-id={hook.id}>
      <TableCell sx={{ maxWidth: 320, wordBreak: 'break-all' }}>
        <span dir="ltr">{hook.url}</span>
        {hook.description && (
          <Typography variant="body2" color="text.secondary" dir="auto">
            {hook.description}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ maxWidth: 280 }}>
        {hook.event_types.includes('*') ? translate(`${T}.fields.all_types`) : <span dir="ltr">{hook.event_types.join(', ')}</span>}
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATE_COLOURS[state]} label={translate(`${T}.states.${state}`)} data-state={state} />
        {hook.failing_since && (
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.fields.failing_since`)}: {f.when(hook.failing_since)}
          </Typography>
        )}
      </TableCell>
      <TableCell>{f.number(hook.pending)}</TableCell>
      <TableCell>{f.when(hook.last_success_at) || '—'}</TableCell>
      <TableCell>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <Button size="small" onClick={onLog} data-testid="webhook-log">
            {translate(`${T}.actions.log`)}
          </Button>
          <Button size="small" onClick={onEdit} data-testid="webhook-edit">
            {translate(`${T}.actions.edit`)}
          </Button>
          {hook.enabled ? (
            <Button size="small" onClick={() => onConfirm('disable')} data-testid="webhook-disable">
              {translate(`${T}.actions.disable`)}
            </Button>
          ) : (
            <Button size="small" onClick={onEnable} data-testid="webhook-enable">
              {translate(`${T}.actions.enable`)}
            </Button>
          )}
          <Button size="small" onClick={() => onConfirm('rotate')} data-testid="webhook-rotate">
            {translate(`${T}.actions.rotate`)}
          </Button>
          <Button size="small" color="error" onClick={() => onConfirm('delete')} data-testid="webhook-delete">
            {translate(`${T}.actions.delete`)}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
