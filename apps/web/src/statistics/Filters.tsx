/** The statistics screen's filter bar: dates, queue, service, counter, member, department, chart period and type. */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslate } from 'react-admin';
import { STATISTIC_PERIODS } from '@tabour/contracts';
import { useCounters, useDepartmentNames, useQueues, useServices, useTeam, type Named } from '../data/lookups';
import { CHART_TYPES, type ChartType } from './model';
import { FILTER_KEYS, type StatisticsView } from './useView';

function Choice({
  label,
  value,
  options,
  onChange,
  testid,
}: {
  label: string;
  value: string;
  options: Named[];
  onChange: (v: string) => void;
  testid: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 160 }}
      slotProps={{ htmlInput: { 'data-testid': testid } }}
    >
      <MenuItem value="">{translate('statistics.filters.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function Filters({ view }: { view: StatisticsView }) {
  const translate = useTranslate();
  const queues = useQueues();
  const services = useServices();
  const team = useTeam();
  const counters = useCounters();
  const departments = useDepartmentNames();
  const { filter, set } = view;
  const memberName = (m: Named & { first_name?: string; last_name?: string }) => ({
    id: m.id,
    name: m.name || [m.first_name, m.last_name].filter(Boolean).join(' '),
  });
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          fullWidth={false}
          type="date"
          size="small"
          label={translate('statistics.filters.from')}
          value={filter.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-from' } }}
        />
        <TextField
          fullWidth={false}
          type="date"
          size="small"
          label={translate('statistics.filters.to')}
          value={filter.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-to' } }}
        />
        <Choice
          label={translate('statistics.filters.queue')}
          value={filter.queue_id}
          options={queues.data ?? []}
          onChange={(v) => set({ queue_id: v })}
          testid="filter-queue"
        />
        <Choice
          label={translate('statistics.filters.service')}
          value={filter.service_id}
          options={services.data ?? []}
          onChange={(v) => set({ service_id: v })}
          testid="filter-service"
        />
        <Choice
          label={translate('statistics.filters.counter')}
          value={filter.counter_id}
          options={counters.data ?? []}
          onChange={(v) => set({ counter_id: v })}
          testid="filter-counter"
        />
        <Choice
          label={translate('statistics.filters.member')}
          value={filter.member_id}
          options={(team.data ?? []).map(memberName)}
          onChange={(v) => set({ member_id: v })}
          testid="filter-member"
        />
        <Choice
          label={translate('statistics.filters.department')}
          value={filter.department_id}
          options={departments.data ?? []}
          onChange={(v) => set({ department_id: v })}
          testid="filter-department"
        />
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate('statistics.filters.period')}
          value={filter.period}
          onChange={(e) => set({ period: e.target.value === 'daily' ? '' : e.target.value })}
          sx={{ minWidth: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'filter-period' } }}
        >
          {STATISTIC_PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`statistics.periods.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.chart}
          onChange={(_, v: ChartType | null) => v && set({ chart: v === 'area' ? '' : v })}
          aria-label={translate('statistics.filters.chart')}
        >
          {CHART_TYPES.map((c) => (
            <ToggleButton key={c} value={c} data-testid={`chart-${c}`}>
              {translate(`statistics.chart_types.${c}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {FILTER_KEYS.some((k) => filter[k]) && (
          <Button onClick={() => set(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])))}>{translate('statistics.filters.clear')}</Button>
        )}
      </CardContent>
    </Card>
  );
}
