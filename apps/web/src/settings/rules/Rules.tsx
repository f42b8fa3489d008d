import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  BooleanInput,
  CreateButton,
  DateInput,
  FormDataConsumer,
  Labeled,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  TopToolbar,
  maxLength,
  required,
  useInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { RULE_ACTIONS, RULE_APPLIES_TO, RULE_FLOWS, RULE_TIME_FRAMES, type Rule } from '@tabour/contracts';
import type { WorkingDay } from '@tabour/contracts';
import { WorkingDaysEditor } from '../../components/WorkingDaysEditor';
import { EmptyRow, formPages } from '../../components/ResourcePages';
import { inOrder, moved, ruleBody, timeFrameError } from './model';
import { listRules, reorderRules } from '../../data/settings';

const T = 'settings.rules';
const choices = (group: string, ids: readonly string[]) => ids.map((id) => ({ id, name: `${T}.${group}.${id}` }));

const fetchRules = async () => inOrder(await listRules<Rule>());

/**
 * The rules in the order they are matched (the first that matches an incoming request decides);
 * the arrows move a rule and save the new order at once.
 */
export function RuleList() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['settings-rules'], queryFn: fetchRules });
  const [saving, setSaving] = useState(false);
  const move = async (index: number, delta: number) => {
    const next = moved(rules.data ?? [], index, delta);
    client.setQueryData(['settings-rules'], next);
    setSaving(true);
    try {
      await reorderRules(next.map((r) => r.id));
      notify(`${T}.reordered`, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
      void client.invalidateQueries({ queryKey: ['settings-rules'] });
    }
  };
  const list = rules.data ?? [];
  return (
    <Box sx={{ mt: 2 }} data-testid="rules">
      <Title title={translate(`${T}.title`)} />
      <TopToolbar>
        <CreateButton resource="settings/rules" data-testid="rule-create" />
      </TopToolbar>
      <Card>
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate(`${T}.order_hint`)}
        </Typography>
        {(rules.isPending || saving) && <LinearProgress />}
        {rules.isError && (
          <Typography color="error" sx={{ p: 2 }}>
            {(rules.error as Error).message}
          </Typography>
        )}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{translate(`${T}.fields.name`)}</TableCell>
              <TableCell>{translate(`${T}.fields.action`)}</TableCell>
              <TableCell>{translate(`${T}.fields.flow`)}</TableCell>
              <TableCell>{translate(`${T}.fields.applies_to`)}</TableCell>
              <TableCell>{translate(`${T}.fields.time_frame`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((r, i) => (
              <TableRow key={r.id} data-testid={`rule-${i}`} sx={{ opacity: r.enabled === false ? 0.5 : 1 }}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>
                  <Link to={`/settings/rules/${encodeURIComponent(r.id)}`}>{r.name}</Link>
                </TableCell>
                <TableCell>
                  <Chip size="small" color={r.action === 'approve' ? 'success' : 'error'} label={translate(`${T}.actions.${r.action}`)} />
                </TableCell>
                <TableCell>{translate(`${T}.flows.${r.flow}`)}</TableCell>
                <TableCell>{translate(`${T}.applies.${r.applies_to}`)}</TableCell>
                <TableCell>{r.time_frame === 'custom' ? `${r.starts_on ?? ''} – ${r.ends_on ?? ''}` : translate(`${T}.time_frames.forever`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    size="small"
                    disabled={saving || i === 0}
                    aria-label={translate(`${T}.move_up`)}
                    onClick={() => move(i, -1)}
                    data-testid="rule-up"
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    disabled={saving || i === list.length - 1}
                    aria-label={translate(`${T}.move_down`)}
                    onClick={() => move(i, 1)}
                    data-testid="rule-down"
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {rules.isSuccess && list.length === 0 && <EmptyRow columns={7} text={`${T}.empty`} />}
          </TableBody>
        </Table>
      </Card>
    </Box>
  );
}

/** Every day all day (no limit), or the days and hours the editor sets. */
function WorkingDaysInput() {
  const translate = useTranslate();
  const { field } = useInput<WorkingDay[] | null>({ source: 'working_days', defaultValue: null });
  const limited = Array.isArray(field.value);
  return (
    <Labeled label={`${T}.fields.working_days`} fullWidth>
      <Box>
        <FormControlLabel
          control={<Switch checked={limited} onChange={(e) => field.onChange(e.target.checked ? [] : null)} data-testid="rule-limit-days" />}
          label={translate(limited ? `${T}.days_limited` : `${T}.days_all`)}
        />
        {limited && <WorkingDaysEditor value={field.value} onChange={field.onChange} />}
      </Box>
    </Labeled>
  );
}

function validate(values: Record<string, unknown>) {
  const error = timeFrameError(values);
  if (!error) return {};
  return error === 'required' ? { [values.starts_on ? 'ends_on' : 'starts_on']: 'ra.validation.required' } : { ends_on: `${T}.end_before_start` };
}

function RuleForm() {
  return (
    <SimpleForm
      validate={validate}
      defaultValues={{ action: 'decline', flow: 'booking', applies_to: 'all', time_frame: 'forever', working_days: null, enabled: true }}
    >
      <TextInput source="name" label={`${T}.fields.name`} validate={[required(), maxLength(120)]} />
      <SelectInput source="action" label={`${T}.fields.action`} choices={choices('actions', RULE_ACTIONS)} validate={required()} />
      <SelectInput source="flow" label={`${T}.fields.flow`} choices={choices('flows', RULE_FLOWS)} validate={required()} />
      <SelectInput source="applies_to" label={`${T}.fields.applies_to`} choices={choices('applies', RULE_APPLIES_TO)} validate={required()} />
      <SelectInput source="time_frame" label={`${T}.fields.time_frame`} choices={choices('time_frames', RULE_TIME_FRAMES)} validate={required()} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.time_frame === 'custom' && (
            <Box sx={{ display: 'flex', gap: 2 }}>
              <DateInput source="starts_on" label={`${T}.fields.starts_on`} />
              <DateInput source="ends_on" label={`${T}.fields.ends_on`} />
            </Box>
          )
        }
      </FormDataConsumer>
      <WorkingDaysInput />
      <BooleanInput source="enabled" label={`${T}.fields.enabled`} />
    </SimpleForm>
  );
}

export const { create: RuleCreate, edit: RuleEdit } = formPages(RuleForm, {
  resource: 'settings/rules',
  titles: { create: `${T}.create_title`, edit: `${T}.edit_title` },
  transform: ruleBody,
  deleteOnEdit: true,
});
