import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Loading, SaveButton, SelectInput, TextInput, email, useNotify, useTranslate } from 'react-admin';
import { NOTICE_LANGUAGES, type AccountSettingsView } from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { LTR_INPUT, When } from '../../i18n/format';
import { getAccountSettings, saveAccountSettings } from '../../data/account';

const T = 'account.settings';
const KEY = ['settings', 'account-setting'];
// Each language named in its own script, as the language menu does.
const NATIVE: Record<string, string> = { ar: 'العربية', de: 'Deutsch', en: 'English', es: 'Español', fr: 'Français', pt: 'Português', ru: 'Русский' };

function Fact({ label, children, testid }: { label: string; children: React.ReactNode; testid?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testid}>
        {children}
      </Typography>
    </Box>
  );
}

/** The business account tab of /settings/general: the account's facts and where its notices go. */
export function AccountTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: KEY, queryFn: getAccountSettings });
  if (account.isPending) return <Loading />;
  if (account.isError) return <Typography color="error">{(account.error as Error).message}</Typography>;
  const a = account.data;
  const save = async (values: Record<string, unknown>) => {
    try {
      const answer = await saveAccountSettings({
        contact_email: (values.contact_email as string) || null,
        notice_language: values.notice_language as AccountSettingsView['notice_language'],
      });
      queryClient.setQueryData(KEY, answer);
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      if (e instanceof HttpError && e.body.errors) return e.body.errors;
    }
  };
  return (
    <Box data-testid="account-tab">
      <Typography variant="h6" component="h2">
        {translate(`${T}.facts`)}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', columnGap: 3, rowGap: 1, mb: 3 }}>
        <Fact label={`${T}.name`} testid="account-name">
          {a.name}
        </Fact>
        <Fact label={`${T}.organization_id`}>
          <span dir="ltr">{a.organization_id}</span>
        </Fact>
        <Fact label={`${T}.owner`}>{a.owner ? `${a.owner.first_name} ${a.owner.last_name} (${a.owner.email})` : '—'}</Fact>
        <Fact label={`${T}.registration_email`}>
          <span dir="ltr">{a.registration_email}</span>
        </Fact>
        <Fact label={`${T}.registered_at`}>
          <When value={a.registered_at} style="date" />
        </Fact>
        <Fact label={`${T}.status`}>{translate(`${T}.statuses.${a.status}`, { _: a.status })}</Fact>
      </Box>
      <Typography variant="h6" component="h2">
        {translate(`${T}.notices`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${T}.notices_hint`)}
      </Typography>
      <Form record={{ contact_email: a.contact_email ?? '', notice_language: a.notice_language }} onSubmit={save}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, maxWidth: 720 }}>
          <TextInput
            source="contact_email"
            label={`${T}.contact_email`}
            helperText={`${T}.contact_email_hint`}
            validate={email()}
            inputProps={LTR_INPUT}
            sx={{ flex: '1 1 280px' }}
          />
          <SelectInput
            source="notice_language"
            label={`${T}.notice_language`}
            choices={NOTICE_LANGUAGES.map((l) => ({ id: l, name: NATIVE[l] }))}
            translateChoice={false}
            sx={{ flex: '1 1 200px' }}
          />
        </Box>
        <SaveButton label="ra.action.save" data-testid="account-settings-save" />
      </Form>
    </Box>
  );
}
