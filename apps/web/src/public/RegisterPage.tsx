import { FormEvent, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { isStrongPassword } from '../auth/password';
import type { HttpError } from '../data/http';
import { countriesIn, register } from '../data/signIn';
import { readList } from '../data/resources';
import { countryChoices } from '../i18n/countries';
import { PublicShell } from './PublicShell';

type Values = Record<'business_name' | 'first_name' | 'last_name' | 'email' | 'phone' | 'country' | 'password' | 'password_confirmation', string>;

export function RegisterPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const [values, setValues] = useState<Values>({
    business_name: '',
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    country: '',
    password: '',
    password_confirmation: '',
  });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [countries, setCountries] = useState<{ code: string; name: string }[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    countriesIn(locale)
      .then((body) => setCountries(readList<{ code: string; name: string }>(body).data))
      // Not everywhere may an anonymous visitor ask: the browser names the countries then.
      .catch(() => setCountries(countryChoices(locale)));
  }, [locale]);

  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    for (const f of ['business_name', 'first_name', 'last_name', 'email'] as const) if (!values[f].trim()) local[f] = translate('ra.validation.required');
    if (!isStrongPassword(values.password)) local.password = translate('app.password.weak');
    if (values.password !== values.password_confirmation) local.password_confirmation = translate('app.register.password_mismatch');
    if (!terms) local.terms = translate('app.register.terms_required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await register({ ...values, phone: values.phone || undefined, country: values.country || undefined, terms: true });
      navigate('/login?fromRegister=1');
    } catch (err) {
      const e = err as HttpError;
      setErrors(e.body?.errors ?? {});
      notify(e.status === 422 && e.body?.errors ? e.message : 'app.register.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (k: keyof Values, type = 'text', props: Record<string, unknown> = {}) => (
    <TextField
      fullWidth
      name={k}
      type={type}
      label={translate(`app.register.${k}`)}
      value={values[k]}
      onChange={set(k)}
      error={!!errors[k]}
      helperText={errors[k] ?? (k === 'password' ? translate('app.password.hint') : ' ')}
      {...props}
    />
  );

  return (
    <PublicShell title="app.register.title" wide>
      <form onSubmit={submit} noValidate>
        <Grid container spacing={2}>
          <Grid size={12}>{field('business_name', 'text', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('first_name', 'text', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('last_name', 'text', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('email', 'email', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('phone', 'tel')}</Grid>
          <Grid size={12}>
            {field('country', 'text', {
              select: true,
              children: countries.map((c) => (
                <MenuItem key={c.code} value={c.code}>
                  {c.name}
                </MenuItem>
              )),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('password', 'password', { required: true })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('password_confirmation', 'password', { required: true })}</Grid>
          <Grid size={12}>
            <FormControlLabel
              control={<Checkbox name="terms" checked={terms} onChange={(e) => setTerms(e.target.checked)} />}
              label={translate('app.register.terms')}
            />
            <Link component={RouterLink} to="/terms" sx={{ mx: 1 }}>
              {translate('app.pages.terms_title')}
            </Link>
            {errors.terms && <FormHelperText error>{errors.terms}</FormHelperText>}
          </Grid>
          <Grid size={12}>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} data-testid="register-submit">
              {translate('app.register.submit')}
            </Button>
          </Grid>
          <Grid size={12}>
            <Link component={RouterLink} to="/login">
              {translate('app.register.have_account')}
            </Link>
          </Grid>
        </Grid>
      </form>
    </PublicShell>
  );
}
