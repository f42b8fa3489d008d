import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { WEBHOOK_DELIVERY_STATUSES, type Webhook, type WebhookDelivery } from '@tabour/contracts';
import { listDeliveries, redeliver as redeliverCall, replayWebhook } from '../../data/integrations';
import { useFailureNotice } from '../../components/SettingsSection';
import { SettingsTable } from '../../components/SettingsTable';
import { DeliveryRow } from './DeliveryRow';
import { ReplayBox } from './ReplayBox';
import { T } from './webhooks-keys';

const LOG_PAGE = 25;

/** A webhook's deliveries, newest first, with their answers; send one again, or replay from a position. */
export function DeliveryLog({ hook, onClose, onChanged }: { hook: Webhook; onClose: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failed = useFailureNotice();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const key = ['integrations', 'webhooks', hook.id, 'deliveries', status, page];
  const log = useQuery({ queryKey: key, queryFn: () => listDeliveries(hook.id, page, LOG_PAGE, status) });
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: ['integrations', 'webhooks', hook.id] });
    onChanged();
  };

  const redeliver = async (d: WebhookDelivery) => {
    try {
      await redeliverCall(hook.id, d.id);
      notify(`${T}.log.redelivered`, { type: 'success' });
      await changed();
    } catch (e) {
      failed(e);
    }
  };

  const position = /^\d{1,15}$/.test(from.trim()) ? Number(from.trim()) : null;
  const replay = async () => {
    if (position === null) return;
    try {
      const answer = await replayWebhook(hook.id, position);
      notify(answer.next_position === null ? `${T}.log.replayed` : `${T}.log.replayed_more`, {
        type: 'success',
        messageArgs: { count: answer.queued, next: answer.next_position ?? '' },
      });
      if (answer.next_position !== null) setFrom(String(answer.next_position));
      await changed();
    } catch (e) {
      failed(e);
    }
  };

  const rows = log.data?.data ?? [];
  const last = log.data?.last_page ?? 1;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="webhook-log-title">
      <DialogTitle id="webhook-log-title">{translate(`${T}.log.title`)}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" dir="ltr" sx={{ mb: 2, wordBreak: 'break-all' }}>
          {hook.url}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
          <TextField
            select
            size="small"
            label={translate(`${T}.log.status`)}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': 'webhook-log-status' }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate(`${T}.log.all`)}</MenuItem>
            {WEBHOOK_DELIVERY_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`${T}.log.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <ReplayBox from={from} setFrom={setFrom} position={position} onReplay={() => void replay()} />
        </Stack>
        <SettingsTable
          query={log}
          rows={rows}
          empty={translate(`${T}.log.empty`)}
          testId="webhook-deliveries"
          columns={['time', 'event', 'position', 'status', 'attempts', 'answer'].map((k) => translate(`${T}.log.${k}`))}
          actions
          row={(d) => <DeliveryRow key={d.id} d={d} onRedeliver={() => void redeliver(d)} onReplayFrom={() => setFrom(String(d.position))} />}
        />
      </DialogContent>
      <DialogActions>
        <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {translate(`${T}.actions.previous`)}
        </Button>
        <Typography variant="body2" sx={{ mx: 1 }}>
          {page} / {last}
        </Typography>
        <Button disabled={page >= last} onClick={() => setPage((p) => p + 1)}>
          {translate(`${T}.actions.next`)}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onClose}>
          {translate(`${T}.actions.close`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
