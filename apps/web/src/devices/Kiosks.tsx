import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BooleanInput, NumberInput, SelectInput, TabbedForm, TextInput, maxValue, minValue, useTranslate } from 'react-admin';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';
import { ColourInput, linesFormat, linesParse } from './DeviceParts';
import { CurrentPlaceholder, DeviceCreatePage, DeviceEditPage, DeviceIdentity, DeviceList } from './DevicePages';
import { GUEST_PSEUDOS, KIOSK_COLOURS, KIOSK_FLAGS, KIOSK_TIMERS, KIOSK_V2_COLOURS, kioskBody, NEW_KIOSK, TICKET_FORMATS } from './model';
import { useChoices } from '../components/choices';

const R = 'kiosks';

export const KioskList = () => <DeviceList resource={R} />;

const flags = (names: readonly string[]) => names.map((f) => <BooleanInput key={f} source={f} helperText={`devices.hints.${f}`} />);

function KioskForm() {
  const translate = useTranslate();
  const tab = (k: string) => translate(`devices.tabs.${k}`);
  const choices = useChoices();
  return (
    <TabbedForm syncWithLocation={false} defaultValues={NEW_KIOSK}>
      <TabbedForm.Tab label={tab('identity')}>
        <DeviceIdentity resource={R} />
        <TextInput source="theme" helperText="devices.hints.theme" />
        <CurrentPlaceholder />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('restrictions')} path="restrictions">
        <TextInput source="ip_restriction" multiline minRows={2} fullWidth format={linesFormat} parse={linesParse} helperText="devices.hints.ip_restriction" />
        <TextInput
          source="mac_restriction"
          multiline
          minRows={2}
          fullWidth
          format={linesFormat}
          parse={linesParse}
          helperText="devices.hints.mac_restriction"
        />
        {flags(KIOSK_FLAGS.restrictions)}
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('guests')} path="guests">
        {flags(KIOSK_FLAGS.guests)}
        <SelectInput source="guest_pseudo" choices={choices(GUEST_PSEUDOS, 'kiosk.pseudos')} translateChoice={false} helperText="devices.hints.guest_pseudo" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('options')} path="options">
        {flags(KIOSK_FLAGS.options)}
        <SelectInput source="ticket_format" choices={choices(TICKET_FORMATS, 'devices.formats')} translateChoice={false} />
        <NumberInput source="zoom" min={50} max={300} validate={[minValue(50), maxValue(300)]} helperText="devices.hints.zoom" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('colours')} path="colours">
        <Typography color="text.secondary">{translate('devices.hints.colours')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {KIOSK_COLOURS.map((c) => (
            <ColourInput key={c} source={`colours.${c}`} label={translate(`devices.colours.${c}`)} />
          ))}
        </Box>
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('style2')} path="style2">
        <SelectInput
          source="config_version"
          choices={[
            { id: 1, name: translate('devices.styles.1') },
            { id: 2, name: translate('devices.styles.2') },
          ]}
          translateChoice={false}
          helperText="devices.hints.config_version"
        />
        <Typography variant="subtitle1" sx={{ mt: 1 }}>
          {translate('devices.v2_colours_title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {KIOSK_V2_COLOURS.map((c) => (
            <ColourInput key={c} source={`v2_colours.${c}`} label={translate(`devices.v2_colours.${c}`)} />
          ))}
        </Box>
        <Typography variant="subtitle1" sx={{ mt: 2 }}>
          {translate('devices.timers_title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {KIOSK_TIMERS.map((t) => (
            <NumberInput key={t} source={t} min={0} max={86_400_000} step={1000} validate={[minValue(0), maxValue(86_400_000)]} helperText="devices.hints.ms" />
          ))}
        </Box>
        {flags(KIOSK_FLAGS.style)}
        <SelectInput
          source="predefined_language"
          choices={LANGUAGES.map((l) => ({ id: l, name: NATIVE_NAMES[l] }))}
          translateChoice={false}
          emptyText="devices.no_language"
          helperText="devices.hints.predefined_language"
        />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

export const KioskCreate = () => (
  <DeviceCreatePage resource={R} transform={kioskBody}>
    <KioskForm />
  </DeviceCreatePage>
);

export const KioskEdit = () => (
  <DeviceEditPage resource={R} transform={kioskBody}>
    <KioskForm />
  </DeviceEditPage>
);
