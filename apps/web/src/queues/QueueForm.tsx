import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrayInput,
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  ReferenceArrayInput,
  SelectArrayInput,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
  maxValue,
  minValue,
  regex,
  required,
  useInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';
import type { WorkingDay } from '@tabour/contracts';
import { fullWeek } from '../components/WorkingDaysEditor';
import { WorkingDaysEditor } from '../components/WorkingDaysEditor';
import { useChoices } from '../components/choices';
import { createCounter, deleteCounter, getCounters, updateCounter } from '../data/queues';
import { useQueueCall } from './hooks';
import { Counter, NUMBER_TYPES, Queue, QUEUE_FLAGS, queueBody } from './model';

const R = 'resources.queues.fields';
const prefix = regex(/^[A-Za-z0-9-]{0,5}$/, 'queues.form.prefix_invalid');

/** The queue's own days, or none (null): then the business's working days apply. */
function WorkingDaysInput() {
  const translate = useTranslate();
  const { field } = useInput<WorkingDay[] | null>({ source: 'working_days' });
  const own = Array.isArray(field.value);
  return (
    <Box sx={{ width: '100%' }}>
      <FormControlLabel
        control={<Switch checked={own} onChange={(e) => field.onChange(e.target.checked ? fullWeek(null) : null)} data-testid="own-hours" />}
        label={translate('queues.form.own_hours')}
      />
      {own ? (
        <WorkingDaysEditor value={field.value} onChange={field.onChange} />
      ) : (
        <Typography color="text.secondary">{translate('queues.form.business_hours')}</Typography>
      )}
    </Box>
  );
}

function TranslationInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%', gridTemplateColumns: { xs: '1fr', md: '120px 1fr 2fr' }, alignItems: 'center' }}>
      {LANGUAGES.map((l) => [
        <Typography key={`${l}-label`} lang={l}>
          {NATIVE_NAMES[l]}
        </Typography>,
        <TextInput key={`${l}-name`} source={`translations.${l}.name`} label={translate('queues.form.translation_name')} helperText={false} />,
        <TextInput
          key={`${l}-description`}
          source={`translations.${l}.description`}
          label={translate('queues.form.translation_description')}
          helperText={false}
        />,
      ])}
    </Box>
  );
}

/** On an existing queue, counters are added, renamed and removed one by one, at once. */
function CountersManager() {
  const record = useRecordContext<Queue>();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { run } = useQueueCall();
  const [name, setName] = useState('');
  const [edits, setEdits] = useState<Record<string, { name: string; break_minutes: number }>>({});
  const key = ['queue-counters', record?.id];
  const counters = useQuery({
    queryKey: key,
    queryFn: () => getCounters(record!.id),
    enabled: !!record,
  });
  if (!record) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = async () => {
    const ok = await run('save_counter', () => createCounter(record.id, name.trim()), 'queues.counters.created');
    if (ok) setName('');
    refresh();
  };
  const save = async (c: Counter) => {
    const e = edits[c.id];
    if (!e) return;
    await run(
      'save_counter',
      () => updateCounter(record.id, c.id, { name: e.name.trim(), break_minutes: Number(e.break_minutes) || 0 }),
      'queues.counters.updated',
    );
    setEdits(({ [c.id]: _done, ...rest }) => rest);
    refresh();
  };
  const remove = async (c: Counter) => {
    await run('delete_counter', () => deleteCounter(record.id, c.id), 'queues.counters.deleted');
    refresh();
  };
  // Enter in these fields saves the counter, not the whole queue form around them.
  const noSubmit = (e: React.KeyboardEvent) => e.key === 'Enter' && e.preventDefault();
  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%' }} data-testid="counters-manager">
      {(counters.data ?? []).map((c) => {
        const e = edits[c.id] ?? { name: c.name, break_minutes: c.break_minutes };
        const set = (patch: Partial<typeof e>) => setEdits((all) => ({ ...all, [c.id]: { ...e, ...patch } }));
        return (
          <Box key={c.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid={`counter-${c.name}`}>
            <MuiTextField
              fullWidth={false}
              size="small"
              label={translate('queues.form.counter_name')}
              value={e.name}
              onChange={(ev) => set({ name: ev.target.value })}
              onKeyDown={noSubmit}
            />
            <MuiTextField
              fullWidth={false}
              size="small"
              type="number"
              label={translate('queues.form.break_minutes')}
              value={e.break_minutes}
              onChange={(ev) => set({ break_minutes: Number(ev.target.value) })}
              onKeyDown={noSubmit}
              sx={{ width: 160 }}
            />
            <Typography color="text.secondary" sx={{ minWidth: 80 }}>
              {translate(c.open ? 'queues.counters.open' : 'queues.counters.closed')}
            </Typography>
            <IconButton aria-label={translate('ra.action.save')} disabled={!edits[c.id]} onClick={() => save(c)}>
              <SaveIcon fontSize="small" />
            </IconButton>
            <IconButton aria-label={translate('queues.form.remove_counter')} disabled={c.open} onClick={() => remove(c)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <MuiTextField
          fullWidth={false}
          size="small"
          label={translate('queues.form.counter_name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={noSubmit}
          inputProps={{ 'data-testid': 'new-counter-name' }}
        />
        <Button startIcon={<AddIcon />} disabled={!name.trim()} onClick={add} data-testid="add-counter">
          {translate('queues.form.add_counter')}
        </Button>
      </Box>
    </Box>
  );
}

function QueueForm({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const choices = useChoices();
  const numberTypes = choices(NUMBER_TYPES, 'queues.number_types');
  const tab = (k: string) => translate(`queues.form.tabs.${k}`);
  return (
    <TabbedForm
      syncWithLocation={false}
      defaultValues={
        editing
          ? undefined
          : {
              priority: 0,
              number_start: 1,
              number_type: 'incremental',
              ticket_prefix: '',
              on_hold_enabled: true,
              working_days: null,
              counters: [{ name: translate('queues.form.first_counter'), break_minutes: 0 }],
            }
      }
    >
      <TabbedForm.Tab label={tab('general')}>
        <TextInput source="name" validate={required()} fullWidth />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput source="ticket_prefix" validate={prefix} />
          <NumberInput source="number_start" validate={[minValue(0), maxValue(100000)]} />
          <SelectInput source="number_type" choices={numberTypes} translateChoice={false} validate={required()} />
          <NumberInput source="priority" validate={[minValue(0), maxValue(1000)]} />
        </Box>
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('options')} path="options">
        {QUEUE_FLAGS.map((f) => (
          <BooleanInput key={f} source={f} helperText={`queues.form.hints.${f}`} />
        ))}
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('links')} path="links">
        <ReferenceArrayInput source="service_ids" reference="settings/services" perPage={500}>
          <SelectArrayInput optionText="name" label={`${R}.service_ids`} fullWidth helperText="queues.form.services_hint" />
        </ReferenceArrayInput>
        <ReferenceArrayInput source="department_ids" reference="settings/departments" perPage={500}>
          <SelectArrayInput optionText="name" label={`${R}.department_ids`} fullWidth />
        </ReferenceArrayInput>
        <ReferenceArrayInput source="member_ids" reference="settings/team" perPage={500}>
          <SelectArrayInput optionText="name" label={`${R}.member_ids`} fullWidth />
        </ReferenceArrayInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('counters')} path="counters">
        {editing ? (
          <CountersManager />
        ) : (
          <ArrayInput source="counters" label={`${R}.counters`}>
            <SimpleFormIterator inline disableReordering>
              <TextInput source="name" label="queues.form.counter_name" validate={required()} helperText={false} />
              <NumberInput source="break_minutes" label="queues.form.break_minutes" min={0} max={600} helperText={false} />
            </SimpleFormIterator>
          </ArrayInput>
        )}
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('working_days')} path="working-days">
        <WorkingDaysInput />
      </TabbedForm.Tab>
      <TabbedForm.Tab label={tab('translations')} path="translations">
        <TranslationInputs />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

export const QueueCreate = () => (
  <Create redirect="list" transform={(v: Record<string, unknown>) => queueBody(v, true)}>
    <QueueForm editing={false} />
  </Create>
);

export const QueueEdit = () => (
  <Edit resource="queues" mutationMode="pessimistic" redirect="list" transform={(v: Record<string, unknown>) => queueBody(v, false)}>
    <QueueForm editing />
  </Edit>
);
