import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, Form, Loading, NumberInput, SaveButton, Title, maxValue, minValue, required, useNotify, useTranslate } from 'react-admin';
import { BOOKING_MESSAGE_TYPES, CHANNELS, QUEUE_MESSAGE_TYPES, type NotificationSettings } from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { settingsPart } from './model';
import { TemplateEditor } from './TemplateEditor';
import { AccountTab, PrivacyTab } from '../account';
import { notificationSettings, saveNotificationSettings } from '../../data/notifications';

const T = 'notifications.general';
const KEY = ['settings', 'notification-settings'];
const TABS = ['notifications', 'public', 'templates'] as const;
// The account's own tabs follow, worded in the account namespace.
const ACCOUNT_TABS = ['account', 'privacy'] as const;
const PLACES_INVALID = `${T}.get_ready_places_invalid`;

function useSaveSettings(tab: 'notifications' | 'public') {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (values: NotificationSettings) => {
    try {
      const answer = await saveNotificationSettings(settingsPart(values, tab));
      queryClient.setQueryData(KEY, answer);
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      // The server names fields as `public.get_ready_places`, the form's own paths.
      if (e instanceof HttpError && e.body.errors) return e.body.errors;
    }
  };
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2">
        {translate(title)}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {translate(hint)}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

function NotificationsTab({ settings }: { settings: NotificationSettings }) {
  const save = useSaveSettings('notifications');
  return (
    <Form record={settings} onSubmit={(v: object) => save(v as NotificationSettings)}>
      <Section title={`${T}.channels`} hint={`${T}.channels_hint`}>
        {CHANNELS.map((c) => (
          <BooleanInput key={c} source={`channels.${c}`} label={`notifications.channels.${c}`} helperText={false} />
        ))}
      </Section>
      <Section title={`${T}.booking`}>
        {BOOKING_MESSAGE_TYPES.map((t) => (
          <BooleanInput key={t} source={`booking.${t}`} label={`notifications.types.${t}`} helperText={false} />
        ))}
      </Section>
      <Section title={`${T}.queue`}>
        {QUEUE_MESSAGE_TYPES.map((t) => (
          <BooleanInput key={t} source={`queue.${t}`} label={`notifications.types.${t}`} helperText={false} />
        ))}
      </Section>
      <SaveButton label="ra.action.save" data-testid="notification-settings-save" />
    </Form>
  );
}

function PublicTab({ settings }: { settings: NotificationSettings }) {
  const save = useSaveSettings('public');
  return (
    <Form record={settings} onSubmit={(v: object) => save(v as NotificationSettings)}>
      <Section title={`${T}.tabs.public`} hint={`${T}.public_hint`}>
        <BooleanInput source="public.allow_cancel" label={`${T}.allow_cancel`} helperText={false} />
        <BooleanInput source="public.allow_running_late" label={`${T}.allow_running_late`} helperText={false} />
        <BooleanInput source="public.allow_feedback" label={`${T}.allow_feedback`} helperText={false} />
      </Section>
      <NumberInput
        source="public.get_ready_places"
        label={`${T}.get_ready_places`}
        min={1}
        max={50}
        step={1}
        validate={[required(), minValue(1, PLACES_INVALID), maxValue(50, PLACES_INVALID)]}
        sx={{ maxWidth: 520 }}
        fullWidth
      />
      <SaveButton label="ra.action.save" data-testid="public-settings-save" />
    </Form>
  );
}

/** /settings/general: which messages go out and how, what customers may do on their ticket page, and the texts they read. */
export function GeneralSettingsPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const settings = useQuery({ queryKey: KEY, queryFn: notificationSettings });
  return (
    <Card sx={{ mt: 2 }} data-testid="general-settings">
      <Title title={translate(`${T}.title`)} />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable" aria-label={translate(`${T}.title`)}>
        {TABS.map((t) => (
          <Tab key={t} label={translate(`${T}.tabs.${t}`)} data-testid={`general-tab-${t}`} />
        ))}
        {ACCOUNT_TABS.map((t) => (
          <Tab key={t} label={translate(`account.tabs.${t}`)} data-testid={`general-tab-${t}`} />
        ))}
      </Tabs>
      <CardContent>
        {tab < 2 && settings.isPending && <Loading />}
        {tab < 2 && settings.isError && <Typography color="error">{(settings.error as Error).message}</Typography>}
        {tab === 0 && settings.data && <NotificationsTab settings={settings.data} />}
        {tab === 1 && settings.data && <PublicTab settings={settings.data} />}
        {tab === 2 && <TemplateEditor />}
        {tab === 3 && <AccountTab />}
        {tab === 4 && <PrivacyTab />}
      </CardContent>
    </Card>
  );
}
