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
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { createApiKey, listApiKeys, revokeApiKey } from '../../data/integrations';
import { useFormat } from '../../i18n/format';
import { SettingsSection, useFailureNotice } from '../../components/SettingsSection';
import { SettingsTable } from '../../components/SettingsTable';

const T = 'integrations.keys';
const KEY = ['integrations', 'keys'];
const NAME_MAX = 100;

/**
 * The API keys section of /settings/integrations (docs/integrations.md): the business's keys with
 * their scopes and last use, a new key shown once with a copy button, revocation.
 */
export function KeysSection() {
  const translate = useTranslate();
  const f = useFormat();
  const failed = useFailureNotice();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => listApiKeys() });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const revoke = async () => {
    const key = revoking;
    setRevoking(null);
    if (!key) return;
    try {
      await revokeApiKey(key.id);
      await refresh();
      notify(`${T}.revoked`, { type: 'success', messageArgs: { name: key.name } });
    } catch (e) {
      failed(e);
    }
  };

  const keys = list.data?.data ?? [];
  return (
    <SettingsSection
      id="keys"
      title={translate(`${T}.title`)}
      addLabel={translate(`${T}.add`)}
      onAdd={() => setCreating(true)}
      addTestId="key-add"
      dialogs={
        <>
          {creating && (
            <CreateKeyDialog
              onClose={() => setCreating(false)}
              onCreated={(key) => {
                setCreating(false);
                setCreated(key);
                void refresh();
              }}
            />
          )}
          {created && <TokenDialog created={created} onClose={() => setCreated(null)} />}
          <Confirm
            isOpen={!!revoking}
            title={`${T}.revoke_title`}
            content={`${T}.revoke_confirm`}
            translateOptions={{ name: revoking?.name ?? '' }}
            onConfirm={() => void revoke()}
            onClose={() => setRevoking(null)}
          />
        </>
      }
    >
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {translate(`${T}.intro`)}
      </Typography>
      <SettingsTable
        query={list}
        rows={keys}
        failure={translate(`${T}.loading_failed`)}
        empty={translate(`${T}.empty`)}
        emptyTestId="keys-empty"
        testId="keys-table"
        columns={['name', 'key', 'scopes', 'created_at', 'last_used_at', 'status'].map((k) => translate(`${T}.fields.${k}`))}
        actions
        row={(key) => (
          <TableRow key={key.id} data-testid="key-row" sx={key.revoked_at ? { '& td': { color: 'text.secondary' } } : undefined}>
            <TableCell>{key.name}</TableCell>
            <TableCell>
              <Box component="code" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                {key.prefix}…
              </Box>
            </TableCell>
            <TableCell>
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                {key.scopes.map((s) => (
                  <Chip key={s} size="small" label={translate(`${T}.scopes.${scopeKey(s)}`)} />
                ))}
              </Stack>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.when(key.created_at)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="key-last-used">
              {key.last_used_at ? f.when(key.last_used_at) : translate(`${T}.never_used`)}
            </TableCell>
            <TableCell>
              {key.revoked_at ? (
                <Chip size="small" label={translate(`${T}.states.revoked`)} />
              ) : (
                <Chip size="small" color="success" label={translate(`${T}.states.active`)} />
              )}
            </TableCell>
            <TableCell align="right">
              {!key.revoked_at && (
                <Button color="error" size="small" onClick={() => setRevoking(key)} data-testid="key-revoke">
                  {translate(`${T}.revoke`)}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      />
    </SettingsSection>
  );
}

/** Catalogue keys cannot hold a colon: feed:read is read as feed_read. */
const scopeKey = (s: ApiKeyScope) => s.replace(':', '_');

function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const translate = useTranslate();
  const failed = useFailureNotice();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['feed:read']);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const errors: Record<string, string> = {};
  if (touched && !name.trim()) errors.name = translate(`${T}.errors.name`);
  if (touched && name.trim().length > NAME_MAX) errors.name = translate(`${T}.errors.name_long`, { max: NAME_MAX });
  if (touched && !scopes.length) errors.scopes = translate(`${T}.errors.scopes`);
  if (touched && scopes.includes('pii:read') && !scopes.includes('feed:read') && !scopes.includes('webhooks'))
    errors.scopes = translate(`${T}.errors.pii_alone`);
  const shown = { ...serverErrors, ...errors };

  const save = async () => {
    setTouched(true);
    const n = name.trim();
    if (!n || n.length > NAME_MAX || !scopes.length || (scopes.includes('pii:read') && !scopes.includes('feed:read') && !scopes.includes('webhooks'))) return;
    setSaving(true);
    try {
      onCreated(await createApiKey(n, scopes));
    } catch (e) {
      if (e instanceof HttpError && e.body.errors) setServerErrors(e.body.errors);
      failed(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="key-create-title" fullWidth maxWidth="sm">
      <DialogTitle id="key-create-title">{translate(`${T}.create_title`)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="normal"
          label={translate(`${T}.fields.name`)}
          helperText={shown.name ?? translate(`${T}.fields.name_hint`)}
          error={!!shown.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: NAME_MAX + 1, 'data-testid': 'key-name' } }}
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate(`${T}.fields.scopes`)}
        </Typography>
        <FormGroup>
          {API_KEY_SCOPES.map((s) => (
            <FormControlLabel
              key={s}
              control={
                <Checkbox
                  checked={scopes.includes(s)}
                  onChange={(e) => setScopes((now) => (e.target.checked ? [...now, s] : now.filter((x) => x !== s)))}
                  slotProps={{ input: { 'data-testid': `key-scope-${scopeKey(s)}` } as object }}
                />
              }
              label={
                <span>
                  <strong>{translate(`${T}.scopes.${scopeKey(s)}`)}</strong>
                  {' — '}
                  {translate(`${T}.scope_hints.${scopeKey(s)}`)}
                </span>
              }
            />
          ))}
        </FormGroup>
        {shown.scopes && <FormHelperText error>{shown.scopes}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()} data-testid="key-create">
          {translate(`${T}.create`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The token, once: only its hash is kept, so it cannot be shown again. */
function TokenDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () =>
    navigator.clipboard
      ?.writeText(created.token)
      .then(() => notify(`${T}.copied`, { type: 'info' }))
      .catch(() => undefined);
  return (
    <Dialog open onClose={onClose} aria-labelledby="key-token-title">
      <DialogTitle id="key-token-title">{translate(`${T}.token_title`, { name: created.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${T}.token_once`)}
        </Alert>
        <Box
          component="code"
          dir="ltr"
          data-testid="key-token"
          sx={{ display: 'block', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, wordBreak: 'break-all' }}
        >
          {created.token}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate(`${T}.token_use`)}
        </Typography>
        <Box component="code" dir="ltr" sx={{ display: 'block', mt: 1, fontSize: '0.8rem', wordBreak: 'break-all' }}>
          Authorization: Bearer {created.prefix}…
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()} data-testid="key-copy">
          {translate(`${T}.copy`)}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="key-token-close">
          {translate(`${T}.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
