import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, PasswordInput, SaveButton, SelectInput, TextInput, Title, email, required, useNotify, useTranslate } from 'react-admin';
import { isStrongPassword } from '../auth/password';
import { readSession, saveSession } from '../auth/session';
import { HttpError } from '../data/http';
import { updateAccount, updatePassword } from '../data/account';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';
import { LTR_INPUT } from '../i18n/format';

const strong = (value: string) => (value && !isStrongPassword(value) ? 'app.password.weak' : undefined);
const sameAs = (value: string, all: Record<string, string>) => (value !== all.password ? 'app.register.password_mismatch' : undefined);

/** The caller's own account, and a password change. */
export function Profile() {
  const translate = useTranslate();
  const notify = useNotify();
  const session = readSession();
  const user = session?.user;

  const saveAccount = async (data: Record<string, unknown>) => {
    try {
      // An unset language or phone stays unset rather than being sent as an empty value.
      const body = Object.fromEntries(
        Object.entries(data)
          .filter(([k, v]) => !(k === 'language' && !v))
          .map(([k, v]) => [k, k === 'phone' && !v ? null : v]),
      );
      const updated = await updateAccount(body);
      const current = readSession();
      if (current) saveSession({ ...current, user: { ...current.user, ...updated } });
      notify('app.toast.saved', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return (err as HttpError).body?.errors;
    }
  };
  const savePassword = async (data: Record<string, unknown>) => {
    try {
      await updatePassword(data);
      notify('app.toast.saved', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      return (err as HttpError).body?.errors;
    }
  };

  return (
    <Stack spacing={3} sx={{ mt: 2, maxWidth: 640 }} data-testid="profile">
      <Title title="app.profile.title" />
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('app.profile.account')}
          </Typography>
          <Form
            onSubmit={saveAccount}
            defaultValues={{
              first_name: user?.first_name ?? '',
              last_name: user?.last_name ?? '',
              email: user?.email ?? '',
              phone: user?.phone ?? '',
              language: user?.language ?? '',
            }}
          >
            <TextInput source="first_name" label="app.profile.first_name" validate={required()} fullWidth />
            <TextInput source="last_name" label="app.profile.last_name" validate={required()} fullWidth />
            <TextInput source="email" label="app.profile.email" validate={[required(), email()]} fullWidth inputProps={LTR_INPUT} />
            <TextInput source="phone" label="app.profile.phone" fullWidth inputProps={LTR_INPUT} />
            <SelectInput
              source="language"
              label="app.profile.language"
              choices={LANGUAGES.map((l) => ({ id: l, name: NATIVE_NAMES[l] }))}
              translateChoice={false}
              fullWidth
            />
            <SaveButton label="app.profile.save" alwaysEnable />
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate('app.profile.password_title')}
          </Typography>
          <Form onSubmit={savePassword} defaultValues={{ current_password: '', password: '', password_confirmation: '' }}>
            <PasswordInput source="current_password" label="app.profile.current_password" validate={required()} autoComplete="current-password" fullWidth />
            <PasswordInput
              source="password"
              label="app.profile.new_password"
              validate={[required(), strong]}
              helperText="app.password.hint"
              autoComplete="new-password"
              fullWidth
            />
            <PasswordInput source="password_confirmation" label="app.profile.confirm" validate={[required(), sameAs]} autoComplete="new-password" fullWidth />
            <SaveButton label="app.profile.change_password" />
          </Form>
        </CardContent>
      </Card>
    </Stack>
  );
}
