import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput,
  CheckboxGroupInput,
  Datagrid,
  DateInput,
  Form,
  FunctionField,
  List,
  Loading,
  SaveButton,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useLocale,
  useNotify,
  useTranslate,
} from 'react-admin';
import {
  LANGUAGES,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type MessageStatus,
  type SmsSettings,
  type SmsSettingsAnswer,
  type SmsTransaction,
} from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { NATIVE_NAMES } from '../../i18n/languages';
import { senderNameError, smsSettingsBody, STATUS_COLOURS, usedPercent } from './model';
import { exportSmsTransactions, saveSmsSettings, smsSettings } from '../../data/settings';

const T = 'notifications.sms';
const KEY = ['settings', 'sms'];

export function MessageStatusChip({ status }: { status: MessageStatus }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={STATUS_COLOURS[status] ?? 'default'} label={translate(`notifications.statuses.${status}`, { _: status })} data-status={status} />
  );
}

function Balance({ settings }: { settings: SmsSettingsAnswer }) {
  const translate = useTranslate();
  const b = settings.balance;
  const percent = usedPercent(b);
  return (
    <Card sx={{ flex: '1 1 260px' }} data-testid="sms-balance">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`${T}.balance`)}
        </Typography>
        <Typography variant="h3" component="p" data-testid="sms-balance-left">
          {b.balance}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate(`${T}.remaining`)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={percent >= 90 ? 'error' : percent >= 75 ? 'warning' : 'primary'}
          sx={{ my: 1, height: 8, borderRadius: 4 }}
          aria-label={translate(`${T}.consumed`)}
        />
        <Typography>
          {translate(`${T}.consumed`)}: {b.consumed} · {translate(`${T}.allowance`)}: {b.allowance}
        </Typography>
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: SmsSettingsAnswer }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const save = async (values: Partial<SmsSettings>) => {
    try {
      const answer = await saveSmsSettings(smsSettingsBody(values));
      queryClient.setQueryData(KEY, answer);
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      const errors = e instanceof HttpError ? e.body.errors : undefined;
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      // The server's messages land on their fields.
      if (errors) return errors;
    }
  };
  return (
    <Card sx={{ flex: '3 1 480px' }} data-testid="sms-settings">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`${T}.settings`)}
        </Typography>
        <Form record={settings} onSubmit={save}>
          <TextInput
            source="sender_name"
            label={`${T}.sender_name`}
            helperText={`${T}.sender_name_hint`}
            validate={senderNameError}
            inputProps={{ maxLength: 11 }}
          />
          <CheckboxGroupInput
            source="enabled_types"
            label={`${T}.enabled_types`}
            helperText={`${T}.enabled_types_hint`}
            choices={MESSAGE_TYPES.map((id) => ({ id, name: `notifications.types.${id}` }))}
            row
            sx={{ '& .MuiFormGroup-root': { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' } }}
          />
          <BooleanInput source="fallback_to_email" label={`${T}.fallback_to_email`} />
          <SaveButton label="ra.action.save" data-testid="sms-settings-save" />
        </Form>
      </CardContent>
    </Card>
  );
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    label={`${T}.filters.status`}
    choices={MESSAGE_STATUSES.map((id) => ({ id, name: `notifications.statuses.${id}` }))}
    emptyText={`${T}.filters.all`}
    alwaysOn
    sx={{ minWidth: 150 }}
  />,
  <SelectInput
    key="message_type"
    source="message_type"
    label={`${T}.filters.message_type`}
    choices={MESSAGE_TYPES.map((id) => ({ id, name: `notifications.types.${id}` }))}
    emptyText={`${T}.filters.all`}
    alwaysOn
    sx={{ minWidth: 200 }}
  />,
  <DateInput key="from" source="from" label={`${T}.filters.from`} alwaysOn />,
  <DateInput key="to" source="to" label={`${T}.filters.to`} alwaysOn />,
  <TextInput key="destination" source="destination" label={`${T}.filters.destination`} alwaysOn resettable={false} data-testid="sms-filter-destination" />,
];

function ExportButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues } = useListContext();
  return (
    <TopToolbar>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          startIcon={<DownloadIcon />}
          data-testid={`sms-export-${format}`}
          onClick={() => exportSmsTransactions(format, filterValues).catch((e: Error) => notify(e.message, { type: 'error' }))}
        >
          {translate(`${T}.export_${format}`)}
        </Button>
      ))}
    </TopToolbar>
  );
}

function Transactions() {
  const translate = useTranslate();
  const locale = useLocale();
  const when = (v: string | null | undefined) => (v ? new Date(v).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—');
  return (
    <Box sx={{ mt: 2 }} data-testid="sms-transactions">
      <Typography variant="h6" component="h2">
        {translate(`${T}.transactions`)}
      </Typography>
      <List
        resource="settings/sms"
        title={translate(`${T}.title`)}
        filters={filters}
        actions={<ExportButtons />}
        exporter={false}
        perPage={25}
        disableSyncWithLocation
        storeKey={false}
        empty={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>{translate(`${T}.empty`)}</Typography>}>
          <FunctionField<SmsTransaction> label={`${T}.fields.sent_at`} render={(r) => when(r.sent_at ?? r.created_at)} />
          <FunctionField<SmsTransaction> label={`${T}.fields.destination`} render={(r) => <span dir="ltr">{r.destination}</span>} />
          <FunctionField<SmsTransaction>
            label={`${T}.fields.message_type`}
            render={(r) => translate(`notifications.types.${r.message_type}`, { _: r.message_type })}
          />
          <FunctionField<SmsTransaction>
            label={`${T}.fields.message`}
            render={(r) => (
              <Typography variant="body2" dir="auto" sx={{ maxWidth: 360, whiteSpace: 'pre-wrap' }}>
                {r.message}
              </Typography>
            )}
          />
          <FunctionField<SmsTransaction>
            label={`${T}.fields.language`}
            render={(r) => ((LANGUAGES as readonly string[]).includes(r.language) ? NATIVE_NAMES[r.language] : r.language)}
          />
          <FunctionField<SmsTransaction>
            label={`${T}.fields.segments`}
            render={(r) => (
              <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {r.segments} · {r.encoding}
              </span>
            )}
          />
          <FunctionField<SmsTransaction> label={`${T}.fields.cost`} render={(r) => r.cost} />
          <FunctionField<SmsTransaction> label={`${T}.fields.status`} render={(r) => <MessageStatusChip status={r.status} />} />
        </Datagrid>
      </List>
    </Box>
  );
}

/** /settings/sms: the sender name and the messages that go by SMS, the allowance, and every SMS sent. */
export function SmsSettingsPage() {
  const settings = useQuery({ queryKey: KEY, queryFn: () => smsSettings() });
  return (
    <Box sx={{ mt: 2 }} data-testid="sms-page">
      {settings.isPending && <Loading />}
      {settings.isError && <Typography color="error">{(settings.error as Error).message}</Typography>}
      {settings.data && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <SettingsForm settings={settings.data} />
          <Balance settings={settings.data} />
        </Box>
      )}
      <Transactions />
    </Box>
  );
}
