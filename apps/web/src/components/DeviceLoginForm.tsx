import { FormEvent, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { RequiredField } from './RequiredField';
import { loginBody } from '../auth/deviceSession';

/**
 * The device login, shared by the kiosk and the display screen: its key and secret, or the
 * auto-login token an installer was given (also accepted as `?token=` in the address).
 */
export function DeviceLoginForm({
  kind,
  onLogin,
  errorKey,
}: {
  kind: 'kiosk' | 'display';
  onLogin: (body: { key: string; secret: string } | { token: string }) => Promise<unknown>;
  errorKey: (e: unknown) => string;
}) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'key' | 'token'>(params.get('token') ? 'token' : 'key');
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const [token, setToken] = useState(params.get('token') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tried = useRef(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = loginBody(mode === 'token' ? { token } : { key, secret });
    if (!body) return setError(translate('devices.login.missing'));
    setBusy(true);
    setError(null);
    try {
      await onLogin(body);
    } catch (err) {
      const k = errorKey(err);
      setError(translate(k, { _: k }));
    } finally {
      setBusy(false);
    }
  };

  // An installer's link logs the device in at once.
  useEffect(() => {
    if (params.get('token') && !tried.current) {
      tried.current = true;
      void submit();
    }
  });

  return (
    <Paper sx={{ p: 4, width: '100%', maxWidth: 520, mt: 4 }} elevation={3}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate(`devices.login.title_${kind}`)}
      </Typography>
      <Tabs value={mode} onChange={(_, v) => setMode(v)} sx={{ mb: 2 }} aria-label={translate('devices.login.how')}>
        <Tab value="key" label={translate('devices.login.with_key')} data-testid="login-mode-key" />
        <Tab value="token" label={translate('devices.login.with_token')} data-testid="login-mode-token" />
      </Tabs>
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {mode === 'key' ? (
            <>
              <RequiredField name="key" label="devices.login.key" value={key} onChange={setKey} autoFocus autoComplete="username" testId="device-key" />
              <RequiredField
                name="secret"
                type="password"
                label="devices.login.secret"
                value={secret}
                onChange={setSecret}
                autoComplete="current-password"
                testId="device-secret"
              />
            </>
          ) : (
            <RequiredField name="token" type="password" label="devices.login.token" value={token} onChange={setToken} autoFocus testId="device-token" />
          )}
          {error && (
            <Alert severity="error" role="alert" data-testid="device-login-error">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="device-login-submit">
            {translate('devices.login.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
