import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { WEBHOOK_DELIVERY_STATUSES, type Page, type Webhook, type WebhookDelivery, type WebhookReplay, type WebhookWithSecret } from '@tabour/contracts';
import { api, HttpError } from '../../data/http';
import { LTR_INPUT, useFormat } from '../../i18n/format';
import { SettingsSection, useFailureNotice } from '../SettingsSection';
import { SettingsTable } from '../SettingsTable';
import {
  DELIVERY_COLOURS,
  deliveriesPath,
  emptyWebhookForm,
  formOf,
  STATE_COLOURS,
  typeGroups,
  webhookBody,
  webhookFormErrors,
  webhookState,
  type WebhookFormValues,
} from './webhooks-model';

const T = 'webhooks';
const BASE = '/business/integrations/webhooks';
const KEY = ['integrations', 'webhooks'];
const LOG_PAGE = 25;

/**
 * The webhooks section of /settings/integrations (docs/integrations-webhooks.md): the business's
 * webhooks, created with their secret shown once, edited, turned off and on, a new secret, and
 * each one's delivery log with "send again" and "replay from a position".
 */
export function WebhooksSection() {
  const translate = useTranslate();
  const f = useFormat();
  const failed = useFailureNotice();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => api<Page<Webhook>>(BASE) });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'rotate' | 'delete' | 'disable'; hook: Webhook } | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const toggle = async (hook: Webhook, enabled: boolean) => {
    try {
      await api(`${BASE}/${hook.id}`, { method: 'PATCH', body: { enabled } });
      await refresh();
      notify(`${T}.saved`, { type: 'success' });
    } catch (e) {
      failed(e);
    }
  };

  const confirmed = async () => {
    if (!confirm) return;
    const { kind, hook } = confirm;
    setConfirm(null);
    try {
      if (kind === 'disable') return await toggle(hook, false);
      if (kind === 'rotate') {
        const answer = await api<WebhookWithSecret>(`${BASE}/${hook.id}/secret`, { method: 'POST' });
        setSecret({ value: answer.secret, rotated: true });
      } else {
        await api(`${BASE}/${hook.id}`, { method: 'DELETE' });
        notify(`${T}.deleted`, { type: 'success' });
      }
      await refresh();
    } catch (e) {
      failed(e);
    }
  };

  const hooks = list.data?.data ?? [];
  return (
    <SettingsSection
      id="webhooks"
      title={translate(`${T}.title`)}
      addLabel={translate(`${T}.add`)}
      onAdd={() => setEditing('new')}
      addTestId="webhook-add"
      dialogs={
        <>
          {editing && (
            <WebhookDialog
              hook={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
              onSaved={async (created) => {
                setEditing(null);
                if (created) setSecret({ value: created.secret, rotated: false });
                notify(`${T}.saved`, { type: 'success' });
                await refresh();
              }}
            />
          )}
          {secret && <SecretDialog secret={secret.value} rotated={secret.rotated} onClose={() => setSecret(null)} />}
          {log && <DeliveryLog hook={log} onClose={() => setLog(null)} onChanged={refresh} />}
          <Confirm
            isOpen={!!confirm}
            title={`${T}.actions.${confirm?.kind ?? 'delete'}`}
            content={`${T}.dialogs.${confirm?.kind ?? 'delete'}_confirm`}
            translateOptions={{ url: confirm?.hook.url ?? '' }}
            onConfirm={() => void confirmed()}
            onClose={() => setConfirm(null)}
          />
        </>
      }
    >
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate(`${T}.intro`)}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {translate(`${T}.docs_hint`)}
      </Typography>
      <SettingsTable
        query={list}
        rows={hooks}
        failure={translate(`${T}.loading_failed`)}
        empty={translate(`${T}.empty`)}
        emptyTestId="webhooks-empty"
        testId="webhooks-table"
        columns={['url', 'event_types', 'status', 'pending', 'last_success'].map((k) => translate(`${T}.fields.${k}`))}
        actions
        row={(hook) => {
          const state = webhookState(hook);
          return (
            <TableRow key={hook.id} data-testid="webhook-row" data-id={hook.id}>
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
                  <Button size="small" onClick={() => setLog(hook)} data-testid="webhook-log">
                    {translate(`${T}.actions.log`)}
                  </Button>
                  <Button size="small" onClick={() => setEditing(hook)} data-testid="webhook-edit">
                    {translate(`${T}.actions.edit`)}
                  </Button>
                  {hook.enabled ? (
                    <Button size="small" onClick={() => setConfirm({ kind: 'disable', hook })} data-testid="webhook-disable">
                      {translate(`${T}.actions.disable`)}
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => void toggle(hook, true)} data-testid="webhook-enable">
                      {translate(`${T}.actions.enable`)}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setConfirm({ kind: 'rotate', hook })} data-testid="webhook-rotate">
                    {translate(`${T}.actions.rotate`)}
                  </Button>
                  <Button size="small" color="error" onClick={() => setConfirm({ kind: 'delete', hook })} data-testid="webhook-delete">
                    {translate(`${T}.actions.delete`)}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          );
        }}
      />
    </SettingsSection>
  );
}

/** Create or edit: the address, a description, all types or some, grouped by what they are about. */
function WebhookDialog({ hook, onClose, onSaved }: { hook: Webhook | null; onClose: () => void; onSaved: (created: WebhookWithSecret | null) => void }) {
  const translate = useTranslate();
  const failed = useFailureNotice();
  const [values, setValues] = useState<WebhookFormValues>(() => (hook ? formOf(hook) : emptyWebhookForm()));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const errors = touched ? webhookFormErrors(values) : {};
  const set = (patch: Partial<WebhookFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const toggleType = (type: string, on: boolean) => set({ event_types: on ? [...values.event_types, type] : values.event_types.filter((t) => t !== type) });

  const save = async () => {
    setTouched(true);
    if (Object.keys(webhookFormErrors(values)).length) return;
    setSaving(true);
    try {
      const body = webhookBody(values);
      if (hook) {
        await api(`${BASE}/${hook.id}`, { method: 'PATCH', body });
        onSaved(null);
      } else onSaved(await api<WebhookWithSecret>(BASE, { method: 'POST', body }));
    } catch (e) {
      if (e instanceof HttpError && e.body?.errors) setServerErrors(e.body.errors);
      failed(e);
    } finally {
      setSaving(false);
    }
  };

  const urlError = errors.url ? translate(errors.url) : serverErrors.url;
  const typesError = errors.event_types ? translate(errors.event_types) : serverErrors.event_types;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="webhook-dialog-title">
      <DialogTitle id="webhook-dialog-title">{translate(`${T}.dialogs.${hook ? 'edit' : 'create'}_title`)}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            label={translate(`${T}.fields.url`)}
            value={values.url}
            onChange={(e) => set({ url: e.target.value })}
            error={!!urlError}
            helperText={urlError ?? translate(`${T}.fields.url_hint`)}
            required
            fullWidth
            slotProps={{ htmlInput: { ...LTR_INPUT, maxLength: 2000, 'data-testid': 'webhook-url' } }}
          />
          <TextField
            label={translate(`${T}.fields.description`)}
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200, dir: 'auto' } }}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle1">
              {translate(`${T}.fields.event_types`)}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={values.all} onChange={(e) => set({ all: e.target.checked })} />}
              label={translate(`${T}.fields.all_types`)}
              data-testid="webhook-all-types"
            />
            {!values.all && (
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1 }}>
                {typeGroups().map(({ group, types }) => (
                  <FormGroup key={group}>
                    <Typography variant="subtitle2">{translate(`${T}.groups.${group}`, { _: group })}</Typography>
                    {types.map((type) => (
                      <FormControlLabel
                        key={type}
                        control={<Checkbox size="small" checked={values.event_types.includes(type)} onChange={(e) => toggleType(type, e.target.checked)} />}
                        label={<span dir="ltr">{type}</span>}
                        data-testid={`webhook-type-${type}`}
                      />
                    ))}
                  </FormGroup>
                ))}
              </Box>
            )}
            {typesError && <FormHelperText error>{typesError}</FormHelperText>}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.actions.cancel`)}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="webhook-save">
          {translate(`${T}.actions.${hook ? 'save' : 'create'}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The secret, shown this once, with a copy button. */
function SecretDialog({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
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

/** A webhook's deliveries, newest first, with their answers; send one again, or replay from a position. */
function DeliveryLog({ hook, onClose, onChanged }: { hook: Webhook; onClose: () => void; onChanged: () => void }) {
  const translate = useTranslate();
  const f = useFormat();
  const notify = useNotify();
  const failed = useFailureNotice();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const key = ['integrations', 'webhooks', hook.id, 'deliveries', status, page];
  const log = useQuery({ queryKey: key, queryFn: () => api<Page<WebhookDelivery>>(deliveriesPath(hook.id, page, LOG_PAGE, status)) });
  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: ['integrations', 'webhooks', hook.id] });
    onChanged();
  };

  const redeliver = async (d: WebhookDelivery) => {
    try {
      await api(`${BASE}/${hook.id}/deliveries/${d.id}/redeliver`, { method: 'POST' });
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
      const answer = await api<WebhookReplay>(`${BASE}/${hook.id}/replay`, { method: 'POST', body: { from_position: position } });
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
              <Button variant="outlined" disabled={position === null} onClick={() => void replay()} data-testid="webhook-replay">
                {translate(`${T}.actions.replay`)}
              </Button>
            </Stack>
          </Box>
        </Stack>
        <SettingsTable
          query={log}
          rows={rows}
          empty={translate(`${T}.log.empty`)}
          testId="webhook-deliveries"
          columns={['time', 'event', 'position', 'status', 'attempts', 'answer'].map((k) => translate(`${T}.log.${k}`))}
          actions
          row={(d) => (
            <TableRow key={d.id} data-testid="webhook-delivery" data-status={d.status}>
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
                  <Button size="small" onClick={() => void redeliver(d)} data-testid="webhook-redeliver">
                    {translate(`${T}.actions.redeliver`)}
                  </Button>
                  <Button size="small" onClick={() => setFrom(String(d.position))}>
                    {translate(`${T}.actions.replay_from_here`)}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          )}
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
