import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput,
  Form,
  Loading,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  maxValue,
  minValue,
  required,
  useDataProvider,
  useInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { TabourDataProvider } from '../../data/dataProvider';
import { HttpError } from '../../data/http';
import type { Business } from '@tabour/contracts';
import type { BusinessPart } from '../../data/business';
import { LANGUAGES, NATIVE_NAMES } from '../../i18n/languages';
import type { WorkingDay } from '@tabour/contracts';
import { WorkingDaysEditor } from '../../components/WorkingDaysEditor';
import { LTR_INPUT } from '../../i18n/format';

/** What the business's information answers: the contract's. */
type BusinessInfo = Business;

type Values = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const KEY = ['business', 'info'];
const zones = (): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC', 'Africa/Tunis', 'Europe/Paris', 'Europe/London'];
};

function useSave(part: BusinessPart) {
  const dataProvider = useDataProvider<TabourDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: unknown) => dataProvider.saveBusiness(part, body),
    onSuccess: (info) => {
      if (info && (info as BusinessInfo).working_days !== undefined) queryClient.setQueryData(KEY, info);
      else queryClient.invalidateQueries({ queryKey: KEY });
      notify('app.toast.saved', { type: 'success' });
    },
    onError: (e: HttpError) => notify(e.message, { type: 'error' }),
  });
}

/** Only what a business may set, without nulls the API would refuse for empty fields. */
function basicBody(v: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of ['name', 'industry', 'country', 'city', 'address', 'postal_code', 'phone', 'email', 'sms_sender_name', 'time_zone', 'slot_minutes']) {
    if (v[k] !== null && v[k] !== undefined && v[k] !== '') out[k] = v[k];
  }
  return out;
}

function WorkingDaysInput() {
  const { field } = useInput<WorkingDay[] | null>({ source: 'working_days' });
  return <WorkingDaysEditor value={field.value} onChange={field.onChange} />;
}

function TranslationInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {LANGUAGES.map((l) => (
        <Box key={l} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ width: 100 }} lang={l}>
            {NATIVE_NAMES[l]}
          </Typography>
          <TextInput source={`translations.${l}.name`} label={translate('app.business.translation_name')} helperText={false} />
          <TextInput
            source={`translations.${l}.description`}
            label={translate('app.business.translation_description')}
            helperText={false}
            sx={{ minWidth: 300 }}
          />
        </Box>
      ))}
    </Box>
  );
}

export function BusinessSettings() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TabourDataProvider>();
  const [tab, setTab] = useState(0);
  const info = useQuery({ queryKey: KEY, queryFn: () => dataProvider.businessInfo() });
  const industries = useQuery({
    queryKey: ['business', 'industries'],
    queryFn: () => dataProvider.industries(),
  });
  const countries = useQuery({
    queryKey: ['business', 'countries'],
    queryFn: () => dataProvider.countries(),
  });
  const basic = useSave('basic');
  const location = useSave('location');
  const days = useSave('days');
  const translations = useSave('translations');

  if (info.isPending) return <Loading />;
  if (!info.data) return null;
  const b = info.data;
  const tabs = ['basic', 'location', 'working_days', 'translations', 'booking'];

  return (
    <Card sx={{ mt: 2 }} data-testid="business-settings">
      <Title title="app.business.title" />
      <Tabs value={tab} onChange={(_, v) => setTab(v)} variant="scrollable">
        {tabs.map((t) => (
          <Tab key={t} label={translate(`app.business.${t}`)} />
        ))}
      </Tabs>
      <CardContent>
        {tab === 0 && (
          <Form record={b} onSubmit={(v: Values) => basic.mutate(basicBody(v))}>
            <TextInput source="name" label="app.business.name" validate={required()} fullWidth />
            <SelectInput
              source="industry"
              label="app.business.industry"
              // The server names industries in English; the interface names them by id in its language.
              choices={(industries.data ?? []).map((i) => ({ id: i.id, name: translate(`app.industries.${i.id}`, { _: i.name }) }))}
              translateChoice={false}
            />
            <SelectInput
              source="country"
              label="app.business.country"
              choices={(countries.data ?? []).map((c) => ({ id: c.code, name: c.name }))}
              translateChoice={false}
            />
            <TextInput source="city" label="app.business.city" />
            <TextInput source="address" label="app.business.address" fullWidth />
            <TextInput source="postal_code" label="app.business.postal_code" />
            <TextInput source="phone" label="app.business.phone" inputProps={LTR_INPUT} />
            <TextInput source="email" label="app.business.email" inputProps={LTR_INPUT} />
            <TextInput source="sms_sender_name" label="app.business.sms_sender_name" />
            <SelectInput
              source="time_zone"
              label="app.business.time_zone"
              choices={zones().map((z) => ({ id: z, name: z }))}
              translateChoice={false}
              validate={required()}
            />
            <NumberInput source="slot_minutes" label="app.business.slot_minutes" min={1} max={1440} />
            <SaveButton label="ra.action.save" />
          </Form>
        )}
        {tab === 1 && (
          <Form record={b.location ?? { lat: null, lng: null }} onSubmit={(v: Values) => location.mutate({ lat: Number(v.lat), lng: Number(v.lng) })}>
            <NumberInput source="lat" label="app.business.lat" validate={[required(), minValue(-90), maxValue(90)]} step={0.000001} />
            <NumberInput source="lng" label="app.business.lng" validate={[required(), minValue(-180), maxValue(180)]} step={0.000001} />
            <SaveButton label="ra.action.save" />
          </Form>
        )}
        {tab === 2 && (
          <Form record={b} onSubmit={(v: Values) => days.mutate({ working_days: v.working_days })}>
            <WorkingDaysInput />
            <Box sx={{ mt: 2 }}>
              <SaveButton label="ra.action.save" alwaysEnable />
            </Box>
          </Form>
        )}
        {tab === 3 && (
          <Form record={b} onSubmit={(v: Values) => translations.mutate({ translations: v.translations })}>
            <TranslationInputs />
            <SaveButton label="ra.action.save" />
          </Form>
        )}
        {tab === 4 && (
          <Form
            record={b}
            onSubmit={(v: Values) =>
              basic.mutate({ booking_confirmation: !!v.booking_confirmation, booking_days_limit: v.booking_days_limit ?? undefined, published: !!v.published })
            }
          >
            <BooleanInput source="booking_confirmation" label="app.business.booking_confirmation" />
            <NumberInput
              source="booking_days_limit"
              label="app.business.booking_days_limit"
              validate={[minValue(0, 'app.business.days_invalid'), maxValue(3650, 'app.business.days_invalid')]}
            />
            <BooleanInput source="published" label="app.business.published" />
            <SaveButton label="ra.action.save" />
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
