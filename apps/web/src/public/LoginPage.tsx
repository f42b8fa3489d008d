import { FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';
import Link from '@mui/material/Link';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { readSession } from '../auth/session';
import { api } from '../data/http';
import { RequiredField } from '../layout/RequiredField';
import type { Backdrop } from './background';
import { PublicShell } from './PublicShell';

interface Captcha {
  key: string;
  image: string;
}

/** /login (with the captcha) and /login/no-recaptcha (installations with CAPTCHA=off). */
export function LoginPage({ captcha = true, backdrop }: { captcha?: boolean; backdrop?: Backdrop }) {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<Captcha | null>(null);
  const [busy, setBusy] = useState(false);
  // /login asks the installation whether it wants the captcha (null until it answers); where it is
  // off, an account under attack still asks for it through the login's refusal.
  const [withCaptcha, setWithCaptcha] = useState<boolean | null>(captcha ? null : false);
  useEffect(() => {
    if (!captcha) return;
    let live = true;
    api<{ captcha: boolean }>('/business/account/login-config', { anonymous: true })
      .then((config) => live && setWithCaptcha((current) => current || config.captcha))
      .catch(() => live && setWithCaptcha(true));
    return () => {
      live = false;
    };
  }, [captcha]);

  // Each picture is good for one attempt: a new one on load, after a refusal, and on demand only.
  // The latest notify, kept out of loadChallenge's identity so a new one does not fetch a new picture.
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  }, [notify]);
  const loadChallenge = useCallback(() => {
    api<Captcha>('/business/account/captcha', { anonymous: true })
      .then(setChallenge)
      .catch((e: Error) => notifyRef.current(e.message, { type: 'error' }));
  }, []);
  const refresh = () => {
    setCode('');
    loadChallenge();
  };

  useEffect(() => {
    if (withCaptcha) loadChallenge();
  }, [withCaptcha, loadChallenge]);

  if (readSession()) return <Navigate to="/dashboard" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await login(withCaptcha ? { email, password, key: challenge?.key ?? '', captcha: code } : { email, password }, '/dashboard');
    } catch (err) {
      notify((err as Error).message || 'app.auth.failed', { type: 'error' });
      if (withCaptcha) refresh();
      else if ((err as { body?: { code?: string } }).body?.code === 'captcha_required') setWithCaptcha(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell title="app.auth.title" backdrop={backdrop}>
      {params.get('fromRegister') && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="from-register">
          {translate('app.auth.from_register')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <RequiredField name="email" type="email" label="app.auth.email" value={email} onChange={setEmail} autoComplete="email" autoFocus />
          <RequiredField name="password" type="password" label="app.auth.password" value={password} onChange={setPassword} autoComplete="current-password" />
          {withCaptcha && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ height: 50, minWidth: 150, bgcolor: 'grey.100', borderRadius: 1 }}>
                {challenge && <img src={challenge.image} alt={translate('app.auth.captcha_alt')} height={50} data-testid="captcha-image" />}
              </Box>
              <IconButton onClick={refresh} aria-label={translate('app.auth.captcha_refresh')} title={translate('app.auth.captcha_refresh')}>
                <RefreshIcon />
              </IconButton>
              <RequiredField name="captcha" label="app.auth.captcha" value={code} onChange={setCode} size="small" />
            </Box>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="login-submit">
            {translate('app.auth.login')}
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link component={RouterLink} to="/password/forgot">
              {translate('app.auth.forgot_link')}
            </Link>
            <Link component={RouterLink} to="/register">
              {translate('app.auth.register_link')}
            </Link>
          </Box>
        </Stack>
      </form>
    </PublicShell>
  );
}

export const NoCaptchaLoginPage = () => <LoginPage captcha={false} />;
/** The login variant of the tenant with its own look. */
export const TenantLoginPage = () => <LoginPage backdrop="tt" />;
