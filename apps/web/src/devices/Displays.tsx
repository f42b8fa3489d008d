import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { useQuery } from '@tanstack/react-query';
import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  FunctionField,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
  maxValue,
  minValue,
  required,
  useInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';
import { browserSpeaker, DEFAULT_VOICE, defaultTemplate, utterancesFor, useVoices } from '../display';
import { linesFormat, linesParse } from './DeviceParts';
import { CurrentPlaceholder, DeviceCreatePage, DeviceEditPage, DeviceIdentity, DeviceList, type DeviceRow } from './DevicePages';
import { DISPLAY_THEMES, displayBody, NEW_DISPLAY, voiceBody } from './model';
import { useFormat } from '../i18n/format';
import { displayLogs, removeDisplayVideo, uploadDisplayVideo } from '../data/devices';
import { useChoices } from '../components/choices';
import type { DisplayLogRow } from '@tabour/contracts';

const R = 'displays';
const F = `resources.${R}.fields`;
type Row = DeviceRow & { language: string; video_file: string | null };

export const DisplayList = () => (
  <DeviceList
    resource={R}
    columns={<FunctionField source="language" sortable={false} render={(r: Row) => NATIVE_NAMES[r.language as keyof typeof NATIVE_NAMES] ?? r.language} />}
  />
);

/** Words shown and words said instead (counter and number replacements), as rows of two fields. */
function WordsInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const [rows, setRows] = useState<{ from: string; to: string }[]>(() =>
    Object.entries((field.value as Record<string, string>) ?? {}).map(([from, to]) => ({ from, to })),
  );
  const save = (next: { from: string; to: string }[]) => {
    setRows(next);
    field.onChange(Object.fromEntries(next.filter((r) => r.from.trim()).map((r) => [r.from.trim(), r.to])));
  };
  return (
    <Box component="fieldset" sx={{ border: '1px solid #e0e0e0', borderRadius: 1, p: 2, width: '100%' }} data-testid={`words-${source}`}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
        {label}
      </Typography>
      {rows.map((r, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <MuiTextField
            size="small"
            label={translate('devices.voice.shown')}
            value={r.from}
            onChange={(e) => save(rows.map((x, j) => (j === i ? { ...x, from: e.target.value } : x)))}
          />
          <MuiTextField
            size="small"
            label={translate('devices.voice.said')}
            value={r.to}
            onChange={(e) => save(rows.map((x, j) => (j === i ? { ...x, to: e.target.value } : x)))}
          />
          <IconButton aria-label={translate('ra.action.remove')} onClick={() => save(rows.filter((_, j) => j !== i))}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => setRows([...rows, { from: '', to: '' }])}>
        {translate('devices.voice.add_word')}
      </Button>
    </Box>
  );
}

/** The voices this browser offers (the screen's browser should offer the same), and the one saved if it is not among them. */
function VoiceSelect({ source, label, lang }: { source: string; label: string; lang?: string }) {
  const translate = useTranslate();
  const voices = useVoices();
  const { field } = useInput({ source });
  const current = typeof field.value === 'string' ? field.value : '';
  const offered = voices.filter((v) => !lang || v.lang.toLowerCase().startsWith(lang));
  const names = [...new Set([...offered.map((v) => v.name), ...(current ? [current] : [])])];
  return (
    <MuiTextField
      select
      size="small"
      label={label}
      value={current}
      onChange={(e) => field.onChange(e.target.value || null)}
      sx={{ minWidth: 260 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('devices.voice.default_voice')}</MenuItem>
      {names.map((n) => (
        <MenuItem key={n} value={n}>
          {n}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

function ListenButton({ voice, language }: { voice: unknown; language: string }) {
  const translate = useTranslate();
  const speak = () => {
    const v = { ...DEFAULT_VOICE, ...voiceBody(voice), enabled: true } as typeof DEFAULT_VOICE;
    const speaker = browserSpeaker();
    for (const u of utterancesFor(
      [{ label: 'A12', counter_name: translate('devices.voice.sample_counter') }],
      { ...v, repeat: 1 },
      language,
      defaultTemplate(language),
    ))
      void speaker.speak(u);
  };
  return (
    <Button startIcon={<RecordVoiceOverIcon />} onClick={speak} disabled={typeof window === 'undefined' || !window.speechSynthesis} data-testid="voice-listen">
      {translate('devices.voice.listen')}
    </Button>
  );
}

/** The video file of the screen: uploaded at once (MP4 or WebM, 50 MB), or removed. */
function VideoFile() {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return <Typography color="text.secondary">{translate('devices.video.after_create')}</Typography>;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('video', file);
    setBusy(true);
    try {
      await uploadDisplayVideo(String(record.id), form);
      notify('devices.video.uploaded', { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await removeDisplayVideo(String(record.id));
      notify('devices.video.removed', { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
      <Typography>{record.video_file ? translate('devices.video.current') : translate('devices.video.none')}</Typography>
      <Button variant="outlined" component="label" disabled={busy}>
        {translate('devices.video.upload')}
        <input hidden type="file" accept="video/mp4,video/webm" onChange={(e) => void upload(e.target.files?.[0])} />
      </Button>
      {record.video_file && (
        <Button color="error" disabled={busy} onClick={remove}>
          {translate('devices.video.remove')}
        </Button>
      )}
    </Box>
  );
}

/** The screen's log: its pings, logins, logouts and commands, and the changes made to it. */
function DisplayLogs() {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const f = useFormat();
  const [page, setPage] = useState(1);
  // Another screen's log starts on its first page.
  const [pageOf, setPageOf] = useState(record?.id);
  if (pageOf !== record?.id) {
    setPageOf(record?.id);
    setPage(1);
  }
  const logs = useQuery({
    queryKey: ['display-logs', record?.id, page],
    queryFn: () => displayLogs(String(record!.id), page),
    enabled: !!record,
  });
  if (!record) return null;
  const rows = logs.data?.data ?? [];
  const total = logs.data?.total ?? 0;
  const details = (r: DisplayLogRow) => {
    if (r.source === 'event')
      return r.actor ? [r.actor.name, r.actor.type && translate(`app.activity.actors.${r.actor.type}`, { _: r.actor.type })].filter(Boolean).join(' · ') : '';
    const info = r.data ?? {};
    return Object.entries(info)
      .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join(', ');
  };
  return (
    <Box sx={{ width: '100%' }} data-testid="display-logs">
      {logs.isError && <Alert severity="error">{translate('devices.logs.failed')}</Alert>}
      {!rows.length && !logs.isPending && <Typography color="text.secondary">{translate('devices.logs.empty')}</Typography>}
      {rows.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('devices.logs.at')}</TableCell>
              <TableCell>{translate('devices.logs.what')}</TableCell>
              <TableCell>{translate('devices.logs.ip')}</TableCell>
              <TableCell>{translate('devices.logs.details')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={`${r.at}-${i}`}>
                <TableCell>{f.when(r.at)}</TableCell>
                <TableCell>{translate(`devices.logs.types.${r.type}`, { _: r.type })}</TableCell>
                <TableCell>{r.ip ?? ''}</TableCell>
                <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>{details(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
        <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {translate('devices.logs.newer')}
        </Button>
        <Typography variant="body2">{translate('ra.navigation.current_page', { page })}</Typography>
        <Button disabled={page * 50 >= total} onClick={() => setPage((p) => p + 1)}>
          {translate('devices.logs.older')}
        </Button>
      </Box>
    </Box>
  );
}

function DisplayForm({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const tab = (k: string) => translate(`devices.tabs.${k}`);
  const choices = useChoices();
  const languages = LANGUAGES.map((l) => ({ id: l, name: NATIVE_NAMES[l] }));
  return (
    <TabbedForm syncWithLocation={false} defaultValues={NEW_DISPLAY}>
      <TabbedForm.Tab label={tab('identity')}>
        <DeviceIdentity resource={R} />
        <SelectInput source="language" choices={languages} translateChoice={false} validate={required()} />
        <SelectInput source="theme" choices={choices(DISPLAY_THEMES, 'devices.themes')} translateChoice={false} validate={required()} />
        <NumberInput source="history_size" min={0} max={20} validate={[minValue(0), maxValue(20)]} helperText="devices.hints.history_size" />
        <CurrentPlaceholder />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('restrictions')} path="restrictions">
        <TextInput source="ip" helperText="devices.hints.ip" />
        <TextInput source="mac" helperText="devices.hints.mac" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('media')} path="media">
        <TextInput source="video_url" fullWidth helperText="devices.hints.video_url" />
        {editing ? <VideoFile /> : <Typography color="text.secondary">{translate('devices.video.after_create')}</Typography>}
        <ArrayInput source="media" label={`${F}.media`}>
          <SimpleFormIterator inline disableReordering={false}>
            <SelectInput
              source="kind"
              label={`${F}.media_kind`}
              choices={[
                { id: 'image', name: translate('devices.media.image') },
                { id: 'video', name: translate('devices.media.video') },
              ]}
              translateChoice={false}
              validate={required()}
              helperText={false}
            />
            <TextInput source="url" label={`${F}.media_url`} validate={required()} helperText={false} sx={{ minWidth: 360 }} />
            <NumberInput source="seconds" label={`${F}.media_seconds`} min={1} max={3600} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput source="ads" multiline minRows={3} fullWidth format={linesFormat} parse={linesParse} helperText="devices.hints.ads" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('voice')} path="voice">
        <BooleanInput source="voice.enabled" label={`${F}.voice_enabled`} />
        <FormDataConsumer<{ language?: string; voice?: unknown }>>
          {({ formData }) => (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <VoiceSelect source="voice.voice" label={translate(`${F}.voice_voice`)} lang={formData.language} />
              <ListenButton voice={formData.voice} language={formData.language ?? 'en'} />
            </Box>
          )}
        </FormDataConsumer>
        <TextInput source="voice.template" label={`${F}.voice_template`} fullWidth helperText="devices.hints.voice_template" />
        <NumberInput source="voice.repeat" label={`${F}.voice_repeat`} min={1} max={3} validate={[minValue(1), maxValue(3)]} />
        <WordsInput source="voice.counter_replacements" label={translate(`${F}.counter_replacements`)} />
        <WordsInput source="voice.number_replacements" label={translate(`${F}.number_replacements`)} />
        <Typography variant="subtitle1" sx={{ mt: 1 }}>
          {translate(`${F}.custom_voices`)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {LANGUAGES.map((l) => (
            <VoiceSelect key={l} source={`voice.custom_voices.${l}`} label={NATIVE_NAMES[l]} lang={l} />
          ))}
        </Box>
      </TabbedForm.Tab>
      {editing && (
        <TabbedForm.Tab label={tab('logs')} path="logs">
          <DisplayLogs />
        </TabbedForm.Tab>
      )}
    </TabbedForm>
  );
}

export const DisplayCreate = () => (
  <DeviceCreatePage resource={R} transform={displayBody}>
    <DisplayForm editing={false} />
  </DeviceCreatePage>
);

export const DisplayEdit = () => (
  <DeviceEditPage resource={R} transform={displayBody}>
    <DisplayForm editing />
  </DeviceEditPage>
);
