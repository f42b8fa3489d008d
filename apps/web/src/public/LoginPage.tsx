import { FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { useNotificationContext, useNotify, useTranslate } from 'react-admin';
import { authProvider } from '../data/authProvider';
import { readSession } from '../auth/session';
import type { Captcha } from '@tabour/contracts';
import { loginConfig, newCaptcha } from '../data/signIn';
import { RequiredField } from '../components/RequiredField';
import type { Backdrop } from './background';
import { PublicShell } from './PublicShell';

// Shown on some visits only (after registering; where a captcha is asked): fetched then.
const Alert = lazy(() => import('@mui/material/Alert'));
const CaptchaField = lazy(() => import('./CaptchaField'));

/**
 * MUI's Link as it looks (primary, underlined in a lighter tone, full on hover), written on
 * Typography, which the page already holds: Link's own code would be in the first download
 * for two links.
 */
const LINK = {
  color: 'primary.main',
  textDecoration: 'underline',
  textDecorationColor: 'rgba(21, 101, 192, 0.4)',
  '&:hover': { textDecorationColor: 'inherit' },
} as const;

/** /login (with the captcha) and /login/no-recaptcha (installations with CAPTCHA=off). */
export function LoginPage({ captcha = true, backdrop }: { captcha?: boolean; backdrop?: Backdrop }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { resetNotifications } = useNotificationContext();
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
    loginConfig()
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
    newCaptcha()
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
      // The auth provider's call itself, not react-admin's useLogin: that hook needs react-query and
      // react-router's data router, which would put them in the login page's first download. The
      // back-office's query cache is emptied on logout, so nothing stale waits for the new user.
      await authProvider.login(withCaptcha ? { email, password, key: challenge?.key ?? '', captcha: code } : { email, password });
      resetNotifications();
      navigate('/dashboard');
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
        <Suspense fallback={null}>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="from-register">
            {translate('app.auth.from_register')}
          </Alert>
        </Suspense>
      )}
      <form onSubmit={submit} noValidate>
        {/* A flex column with a gap spaces the fields as Stack does, without Stack's code. */}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <RequiredField name="email" type="email" label="app.auth.email" value={email} onChange={setEmail} autoComplete="email" autoFocus />
          <RequiredField name="password" type="password" label="app.auth.password" value={password} onChange={setPassword} autoComplete="current-password" />
          {withCaptcha && (
            <Suspense fallback={null}>
              <CaptchaField image={challenge?.image ?? null} code={code} onChange={setCode} onRefresh={refresh} />
            </Suspense>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="login-submit">
            {translate('app.auth.login')}
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography component={RouterLink} to="/password/forgot" variant="inherit" sx={LINK}>
              {translate('app.auth.forgot_link')}
            </Typography>
            <Typography component={RouterLink} to="/register" variant="inherit" sx={LINK}>
              {translate('app.auth.register_link')}
            </Typography>
          </Box>
        </Box>
      </form>
    </PublicShell>
  );
}

export const NoCaptchaLoginPage = () => <LoginPage captcha={false} />;
/** The login variant of the tenant with its own look. */
export const TenantLoginPage = () => <LoginPage backdrop="tt" />;
