import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { REPORT_KPIS, REPORT_OPERATORS, type ReportSettingInput } from '@tabour/contracts';
import { useQueues, useTeam } from '../data/lookups';
import { OPERATOR_SIGN } from './reportOperators';

/** When a report is sent: the queue, the figure, how it compares to the value, and the team member it goes to. */
export function ReportTrigger({
  form,
  set,
  err,
}: {
  form: ReportSettingInput;
  set: (changes: ReportSettingInput) => void;
  err: (field: string) => string | undefined;
}) {
  const translate = useTranslate();
  const queues = useQueues();
  const team = useTeam();
  const unit = form.trigger_kpi === 'waiting_time' ? translate('statistics.reports.minutes_unit') : '';
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        fullWidth={false}
        select
        label={translate('statistics.filters.queue')}
        value={form.queue_id ?? ''}
        onChange={(e) => set({ queue_id: e.target.value })}
        error={!!err('queue_id')}
        helperText={err('queue_id')}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'report-queue' } }}
      >
        {(queues.data ?? []).map((q) => (
          <MenuItem key={q.id} value={q.id}>
            {q.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth={false}
        select
        label={translate('statistics.reports.kpi')}
        value={form.trigger_kpi}
        onChange={(e) => set({ trigger_kpi: e.target.value as ReportSettingInput['trigger_kpi'] })}
        sx={{ minWidth: 200 }}
      >
        {REPORT_KPIS.map((k) => (
          <MenuItem key={k} value={k}>
            {translate(`statistics.reports.kpis.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth={false}
        select
        label={translate('statistics.reports.operator')}
        value={form.trigger_operator}
        onChange={(e) => set({ trigger_operator: e.target.value as ReportSettingInput['trigger_operator'] })}
        sx={{ minWidth: 160 }}
      >
        {REPORT_OPERATORS.map((o) => (
          <MenuItem key={o} value={o}>
            {OPERATOR_SIGN[o]} {translate(`statistics.reports.operators.${o}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth={false}
        type="number"
        label={translate('statistics.reports.value')}
        value={form.trigger_value ?? ''}
        onChange={(e) => set({ trigger_value: e.target.value === '' ? undefined : Number(e.target.value) })}
        error={!!err('trigger_value')}
        helperText={err('trigger_value') ?? unit}
        sx={{ width: 140 }}
        slotProps={{ htmlInput: { min: 0, 'data-testid': 'report-value' } }}
      />
      <TextField
        fullWidth={false}
        select
        label={translate('statistics.reports.member')}
        value={form.member_id ?? ''}
        onChange={(e) => set({ member_id: e.target.value })}
        error={!!err('member_id')}
        helperText={err('member_id')}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'report-member' } }}
      >
        {(team.data ?? []).map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name || [m.first_name, m.last_name].filter(Boolean).join(' ')}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
