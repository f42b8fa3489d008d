import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Create,
  InputHelperText,
  Title,
  TopToolbar,
  ListButton,
  regex,
  useInput,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { routeAccess } from '../auth/access';
import { Link } from 'react-router-dom';
import { readSession, subjectOf } from '../auth/session';
import { presence, REMOTE_COMMANDS, RemoteCommand } from './model';
import { remoteCommand, resetDevice } from '../data/devices';
import type { IssuedDevice } from '@tabour/contracts';

/** Shown instead of the screen to a business whose package has no kiosks and displays (docs/product.md#plan-gate). */
export function UpgradeNotice({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Title title={title} />
      <Alert
        severity="warning"
        data-testid="upgrade-required"
        sx={{ fontSize: '1.1rem' }}
        action={
          // Only the administrator buys a package (/settings/membership).
          readSession()?.user.role === 'ADMIN' ? (
            <Button component={Link} to="/settings/membership" color="inherit" data-testid="upgrade-link">
              {translate('account.membership.upgrade')}
            </Button>
          ) : undefined
        }
      >
        {translate('app.pages.upgrade')}
      </Alert>
    </Box>
  );
}

/**
 * The plan's gate on the client: a FREE business sees the upgrade message, and the screen never
 * calls the API (whose 403 would end the session, docs/product.md#sessions).
 */
export function PlanGate({ path, title, children }: { path: string; title: string; children: ReactNode }) {
  if (routeAccess(path, subjectOf(readSession())) === 'upgrade') return <UpgradeNotice title={title} />;
  return <>{children}</>;
}

export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={status === 'active' ? 'success' : 'default'} label={translate(`devices.statuses.${status}`, { _: status })} />;
}

export function PresenceChip({ record }: { record: { sessions?: number | null; last_seen_at?: string | null } }) {
  const translate = useTranslate();
  const p = presence(record);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={p === 'online' ? 'success' : p === 'idle' ? 'info' : 'default'}
      label={translate(`devices.presence.${p}`)}
      data-testid="device-presence"
      data-presence={p}
    />
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate(copied ? 'devices.credentials.copied' : 'devices.credentials.copy')}>
                <IconButton
                  aria-label={translate('devices.credentials.copy_what', { what: label })}
                  onClick={async () => {
                    try {
                      await navigator.clipboard.writeText(value);
                      setCopied(true);
                    } catch {
                      setCopied(false);
                    }
                  }}
                >
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The key, secret and auto-login token, shown this once after a creation or a reset. */
export function CredentialsDialog({ issued, onClose }: { issued: IssuedDevice; onClose: () => void }) {
  const translate = useTranslate();
  const [copiedAll, setCopiedAll] = useState(false);
  const all = `${translate('devices.credentials.key')}: ${issued.key}\n${translate('devices.credentials.secret')}: ${issued.secret}\n${translate('devices.credentials.token')}: ${issued.autologin_token}`;
  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="credentials-title" data-testid="credentials-dialog">
      <DialogTitle id="credentials-title">{translate('devices.credentials.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Alert severity="warning" data-testid="credentials-warning">
          {translate('devices.credentials.warning')}
        </Alert>
        <CopyField label={translate('devices.credentials.key')} value={issued.key} testId="credentials-key" />
        <CopyField label={translate('devices.credentials.secret')} value={issued.secret} testId="credentials-secret" />
        <CopyField label={translate('devices.credentials.token')} value={issued.autologin_token} testId="credentials-token" />
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(all);
              setCopiedAll(true);
            } catch {
              setCopiedAll(false);
            }
          }}
          data-testid="credentials-copy"
        >
          {translate(copiedAll ? 'devices.credentials.copied' : 'devices.credentials.copy_all')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="credentials-done">
          {translate('devices.credentials.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Create, then the credentials dialog, then the device's edit page. */
export function DeviceCreate({
  resource,
  transform,
  children,
}: {
  resource: 'kiosks' | 'displays';
  transform: (v: Record<string, unknown>) => Record<string, unknown>;
  children: ReactNode;
}) {
  const [issued, setIssued] = useState<IssuedDevice | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create resource={resource} transform={transform} mutationOptions={{ onSuccess: (data: unknown) => setIssued(data as IssuedDevice) }}>
        {children}
      </Create>
      {issued && <CredentialsDialog issued={issued} onClose={() => redirect('edit', resource, issued.id)} />}
    </>
  );
}

const COMMAND_ICONS: Record<RemoteCommand, ReactNode> = {
  autologin: <LoginIcon fontSize="small" />,
  refresh: <RefreshIcon fontSize="small" />,
  logout: <LogoutIcon fontSize="small" />,
  v1: null,
  v2: null,
};

/** The edit page's actions: remote commands to the device, and a new secret. */
export function DeviceActions({ resource }: { resource: 'kiosks' | 'displays' }) {
  const record = useRecordContext<{ id: string; key: string }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirmReset, setConfirmReset] = useState(false);
  const [issued, setIssued] = useState<IssuedDevice | null>(null);
  if (!record) return <TopToolbar />;
  const send = async (command: RemoteCommand) => {
    try {
      const r = await remoteCommand(resource, String(record.id), command);
      notify('devices.remote.sent', { type: 'success', messageArgs: { command: translate(`devices.remote.${command}`), count: r.sessions_ended } });
      refresh();
    } catch (e) {
      notify('devices.remote.failed', { type: 'error', messageArgs: { reason: e instanceof Error ? translate(e.message, { _: e.message }) : String(e) } });
    }
  };
  const reset = async () => {
    try {
      const r = await resetDevice(resource, String(record.id));
      setConfirmReset(false);
      setIssued(r);
      refresh();
    } catch (e) {
      notify('devices.reset.failed', { type: 'error', messageArgs: { reason: e instanceof Error ? translate(e.message, { _: e.message }) : String(e) } });
    }
  };
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
        {translate('devices.remote.title')}
      </Typography>
      <ButtonGroup size="small" variant="outlined" aria-label={translate('devices.remote.title')}>
        {REMOTE_COMMANDS.map((c) => (
          <Button key={c} startIcon={COMMAND_ICONS[c]} onClick={() => send(c)} data-testid={`remote-${c}`}>
            {translate(`devices.remote.${c}`)}
          </Button>
        ))}
      </ButtonGroup>
      <Button size="small" color="warning" variant="outlined" startIcon={<KeyIcon />} onClick={() => setConfirmReset(true)} data-testid="reset-secret">
        {translate('devices.reset.action')}
      </Button>
      <ListButton />
      {confirmReset && (
        <Dialog open onClose={() => setConfirmReset(false)} aria-labelledby="reset-title" aria-describedby="reset-text">
          <DialogTitle id="reset-title">{translate('devices.reset.action')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="reset-text">{translate('devices.reset.confirm')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmReset(false)}>{translate('ra.action.cancel')}</Button>
            <Button color="warning" variant="contained" onClick={reset} data-testid="reset-confirm">
              {translate('devices.reset.action')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {issued && <CredentialsDialog issued={{ ...issued, key: issued.key ?? record.key }} onClose={() => setIssued(null)} />}
    </TopToolbar>
  );
}

const HEX_RE = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const HEX = regex(HEX_RE, 'devices.colour_invalid');

/** A colour as `#rrggbb`, with a swatch of it; empty for the product's own. */
export function ColourInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState, id } = useInput({ source, validate: HEX });
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      name={field.name}
      placeholder="#1565c0"
      error={fieldState.invalid}
      helperText={fieldState.invalid ? <InputHelperText error={fieldState.error?.message} /> : undefined}
      size="small"
      sx={{ width: 220 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                aria-hidden
                sx={{ width: 20, height: 20, borderRadius: '4px', border: '1px solid #9e9e9e', bgcolor: HEX_RE.test(value) ? value : 'transparent' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** An image file for the placeholder: chosen here, sent with the form. */
export function PlaceholderInput({ current }: { current?: string | null }) {
  const translate = useTranslate();
  const { field } = useInput({ source: 'placeholder' });
  const chosen = typeof Blob !== 'undefined' && field.value instanceof File ? (field.value as File) : null;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
      {current && !chosen && (
        <Box component="img" src={current} alt={translate('devices.placeholder.current')} sx={{ height: 80, borderRadius: 1, border: '1px solid #e0e0e0' }} />
      )}
      <Button variant="outlined" component="label">
        {translate('devices.placeholder.choose')}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => field.onChange(e.target.files?.[0] ?? undefined)}
          data-testid="placeholder-file"
        />
      </Button>
      <Typography variant="body2" color="text.secondary">
        {chosen ? chosen.name : translate('devices.placeholder.hint')}
      </Typography>
    </Box>
  );
}

/** One entry per line in a textarea, kept as a list in the record. */
export const linesFormat = (v: unknown) => (Array.isArray(v) ? v.join('\n') : typeof v === 'string' ? v : '');
export const linesParse = (v: string) => v.split('\n');
