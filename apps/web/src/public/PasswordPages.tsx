import { FormEvent, ReactNode, useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { isStrongPassword } from '../auth/password';
import { HttpError } from '../data/http';
import { requestPasswordReset, resetPassword } from '../data/signIn';
import { PublicShell } from './PublicShell';

/** The frame both password pages share: their fields, the submit button, then the way back to sign-in. */
function PasswordForm(props: { title: string; submitLabel: string; onSubmit: (e: FormEvent) => void; links?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <PublicShell title={props.title}>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack spacing={2}>
          {props.children}
          <Button type="submit" variant="contained">
            {translate(props.submitLabel)}
          </Button>
          {props.links}
          <Link component={RouterLink} to="/login">
            {translate('app.auth.back_to_login')}
          </Link>
        </Stack>
      </form>
    </PublicShell>
  );
}

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await requestPasswordReset(email);
      notify('app.password.code_sent', { type: 'success' });
      navigate(`/password/reset?email=${encodeURIComponent(email)}`);
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
  return (
    <PasswordForm
      title="app.password.forgot_title"
      submitLabel="app.password.send_code"
      onSubmit={submit}
      links={
        <Link component={RouterLink} to="/password/reset">
          {translate('app.password.have_code')}
        </Link>
      }
    >
      <Typography variant="body2">{translate('app.password.forgot_intro')}</Typography>
      <TextField name="email" type="email" label={translate('app.auth.email')} value={email} onChange={(e) => setEmail(e.target.value)} required />
    </PasswordForm>
  );
}

export function ResetPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [v, setV] = useState({ email: params.get('email') ?? '', code: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!isStrongPassword(v.password)) local.password = translate('app.password.weak');
    if (v.password !== v.password_confirmation) local.password_confirmation = translate('app.register.password_mismatch');
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await resetPassword(v);
      notify('app.password.reset_done', { type: 'success' });
      navigate('/login');
    } catch (err) {
      const h = err as HttpError;
      setErrors(h.body?.errors ?? {});
      notify(h.body?.errors?.code ? 'app.password.reset_failed' : h.message, { type: 'error' });
    }
  };
  const field = (k: keyof typeof v, label: string, type = 'text') => (
    <TextField
      name={k}
      type={type}
      label={translate(label)}
      value={v[k]}
      onChange={set(k)}
      error={!!errors[k]}
      helperText={errors[k] ?? (k === 'password' ? translate('app.password.hint') : undefined)}
      required
    />
  );
  return (
    <PasswordForm title="app.password.reset_title" submitLabel="app.password.reset_submit" onSubmit={submit}>
      {field('email', 'app.auth.email', 'email')}
      {field('code', 'app.password.code')}
      {field('password', 'app.password.new_password', 'password')}
      {field('password_confirmation', 'app.password.confirm', 'password')}
    </PasswordForm>
  );
}
