import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify, useRedirect, useTranslate } from 'react-admin';
import { clearSession, readSession } from '../../auth/session';
import { HttpError } from '../../data/http';
import { useFormat } from '../../i18n/format';
import { sameName } from './model';
import type { PrivacyView } from '@tabour/contracts';
import { deleteAccount, deleteHistory, getPrivacy, savePrivacy, savePublished } from '../../data/account';

const T = 'account.privacy';
const KEY = ['settings', 'privacy'];

function PrivacySwitches({ privacy }: { privacy: PrivacyView }) {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const queryClient = useQueryClient();
  const run = async (change: () => Promise<PrivacyView>) => {
    try {
      queryClient.setQueryData(KEY, await change());
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  const flag = (key: 'hide_customer_names' | 'delete_history_daily') => (
    <FormControlLabel
      control={
        <Switch
          checked={privacy[key]}
          onChange={(_, v) => run(() => savePrivacy({ [key]: v }))}
          inputProps={{ 'aria-describedby': undefined }}
          data-testid={`privacy-${key}`}
        />
      }
      label={translate(`${T}.${key}`)}
    />
  );
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, mb: 3 }}>
      <Typography variant="h6" component="h2">
        {translate(`${T}.settings`)}
      </Typography>
      {flag('hide_customer_names')}
      {flag('delete_history_daily')}
      {privacy.delete_history_daily && privacy.next_history_deletion_at && (
        <Typography variant="body2" color="text.secondary" sx={{ ms: 6 }}>
          {translate(`${T}.next_deletion`, { when: f.when(privacy.next_history_deletion_at) })}
        </Typography>
      )}
      {privacy.last_history_deletion_at && (
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.last_deletion`, { when: f.when(privacy.last_history_deletion_at) })}
        </Typography>
      )}
      <FormControlLabel
        control={<Switch checked={privacy.published} onChange={(_, v) => run(() => savePublished(v))} data-testid="privacy-published" />}
        label={translate(`${T}.published`)}
      />
    </Box>
  );
}

function DeleteHistory() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const { customers_erased } = await deleteHistory();
      notify(translate(`${T}.history_done`, { count: customers_erased }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: KEY });
      setOpen(false);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2">
        {translate(`${T}.history`)}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1, maxWidth: 760 }} data-testid="history-explained">
        {translate(`${T}.history_explained`)}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} data-testid="delete-history">
        {translate(`${T}.history_button`)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-history-title">
        <DialogTitle id="delete-history-title">{translate(`${T}.history_confirm_title`)}</DialogTitle>
        <DialogContent>
          <Typography>{translate(`${T}.history_explained`)}</Typography>
          <Typography sx={{ mt: 1, fontWeight: 600 }}>{translate(`${T}.history_confirm`)}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={confirm} data-testid="delete-history-confirm">
            {translate(`${T}.history_button`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function DeleteAccount() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const name = readSession()?.business.name ?? '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = sameName(typed, name);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount({ password, confirmation: typed });
      clearSession();
      notify(`${T}.deleted`, { type: 'success' });
      redirect('/login');
    } catch (e) {
      const fields = e instanceof HttpError ? e.body.errors : undefined;
      setError(fields?.confirmation ?? fields?.password ?? (e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" color="error">
        {translate(`${T}.delete`)}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1, maxWidth: 760 }} data-testid="delete-explained">
        {translate(`${T}.delete_explained`)}
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} data-testid="delete-account">
        {translate(`${T}.delete_button`)}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-account-title" fullWidth maxWidth="sm">
        <DialogTitle id="delete-account-title">{translate(`${T}.delete_confirm_title`, { name })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{translate(`${T}.delete_explained`)}</Typography>
          <TextField
            label={translate(`${T}.delete_type_name`, { name })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            fullWidth
            autoComplete="off"
            error={typed !== '' && !matches}
            helperText={typed !== '' && !matches ? translate(`${T}.name_mismatch`) : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'delete-confirmation' } }}
          />
          <TextField
            label={translate(`${T}.password`)}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            fullWidth
            autoComplete="current-password"
            slotProps={{ htmlInput: { 'data-testid': 'delete-password' } }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translate(error, { _: error })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy || !matches || !password} onClick={confirm} data-testid="delete-account-confirm">
            {translate(`${T}.delete_button`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The data and privacy tab of /settings/general: the privacy switches, deleting the history, deleting the account. */
export function PrivacyTab() {
  const privacy = useQuery({ queryKey: KEY, queryFn: getPrivacy });
  if (privacy.isPending) return <Loading />;
  if (privacy.isError) return <Typography color="error">{(privacy.error as Error).message}</Typography>;
  return (
    <Box data-testid="privacy-tab">
      <PrivacySwitches privacy={privacy.data} />
      <Divider sx={{ mb: 2 }} />
      <DeleteHistory />
      <Divider sx={{ mb: 2 }} />
      <DeleteAccount />
    </Box>
  );
}
