/**
 * The counter statistics over the current local month or year (the statistics projection), for
 * a queue's counters and members or for one team member's counters across queues.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Loading, useTranslate } from 'react-admin';
import { COUNTER_STAT_PERIODS, type CounterRow, type CounterStatPeriod, type DurationFigures } from '@tabour/contracts';
import { useFormat } from '../i18n/format';
import { statisticsApi } from '../data/statistics';
import { NumbersTable } from './NumbersTable';
import { ExportButtons, Figure, useDuration, type Exportable } from './parts';
import { minutes } from './model';

const hours = (s: number) => Math.round(s / 360) / 10;

interface Row {
  name: string;
  served: number;
  service: DurationFigures;
  open_seconds: number;
  serving_seconds: number;
  idle_seconds: number;
}

function RowsTable({ rows, first, testid, chart, range }: { rows: Row[]; first: string; testid: string; chart: string; range: { from: string; to: string } }) {
  const translate = useTranslate();
  const data: Exportable<Row> = {
    chart,
    ...range,
    rows,
    columns: [
      { header: first, value: (r) => r.name },
      { header: translate('statistics.columns.served'), value: (r) => r.served },
      { header: translate('statistics.columns.mean_service_minutes'), value: (r) => minutes(r.service.mean_seconds) },
      { header: translate('statistics.columns.open_hours'), value: (r) => hours(r.open_seconds) },
      { header: translate('statistics.columns.serving_hours'), value: (r) => hours(r.serving_seconds) },
      { header: translate('statistics.columns.idle_hours'), value: (r) => hours(r.idle_seconds) },
    ],
  };
  if (!rows.length) return <Typography color="text.secondary">{translate('statistics.counter_stats.none')}</Typography>;
  return (
    <>
      <ExportButtons data={data} />
      <NumbersTable data={data} testid={testid} maxHeight="none" />
    </>
  );
}

function PeriodPicker({ period, onChange }: { period: CounterStatPeriod; onChange: (p: CounterStatPeriod) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={period}
      onChange={(_, v: CounterStatPeriod | null) => v && onChange(v)}
      aria-label={translate('statistics.counter_stats.period')}
    >
      {COUNTER_STAT_PERIODS.map((p) => (
        <ToggleButton key={p} value={p} data-testid={`period-${p}`}>
          {translate(`statistics.counter_stats.${p}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function Heading({ from, to, period, onChange }: { from: string; to: string; period: CounterStatPeriod; onChange: (p: CounterStatPeriod) => void }) {
  const translate = useTranslate();
  const f = useFormat();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h6" component="h2">
        {translate('statistics.counter_stats.title')}
      </Typography>
      <PeriodPicker period={period} onChange={onChange} />
      <Typography color="text.secondary" data-testid="period-range">
        {translate('statistics.counter_stats.range', { from: f.day(from), to: f.day(to) })}
      </Typography>
    </Box>
  );
}

/** A queue's counters and members this month or year, names from the screen's lists. */
export function QueueCounterPeriod({ queueId, memberNames }: { queueId: string; memberNames: Record<string, string> }) {
  const translate = useTranslate();
  const [period, setPeriod] = useState<CounterStatPeriod>('month');
  const q = useQuery({ queryKey: ['statistics', 'queue-counters', queueId, period], queryFn: () => statisticsApi.queueCounters(queueId, period) });
  return (
    <Card sx={{ mt: 2 }} data-testid="counter-period">
      <CardContent>
        {q.isPending || !q.data ? (
          <Loading />
        ) : (
          <>
            <Heading from={q.data.from} to={q.data.to} period={period} onChange={setPeriod} />
            <Typography variant="subtitle1" sx={{ mt: 1 }}>
              {translate('statistics.counter_stats.counters')}
            </Typography>
            <RowsTable
              rows={q.data.counters.map((c: CounterRow) => ({ ...c, name: c.name ?? '—' }))}
              first={translate('statistics.columns.counter')}
              testid="period-counters"
              chart={`queue-counters-${period}`}
              range={q.data}
            />
            <Typography variant="subtitle1" sx={{ mt: 2 }}>
              {translate('statistics.counter_stats.members')}
            </Typography>
            <RowsTable
              rows={q.data.members.map((m) => ({ ...m, name: memberNames[m.member_id] ?? '—' }))}
              first={translate('statistics.columns.member')}
              testid="period-members"
              chart={`queue-members-${period}`}
              range={q.data}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A team member's counters across queues this month or year. */
export function MemberCounterPeriod({ memberId }: { memberId: string }) {
  const translate = useTranslate();
  const f = useFormat();
  const duration = useDuration();
  const [period, setPeriod] = useState<CounterStatPeriod>('month');
  const q = useQuery({ queryKey: ['statistics', 'member-counters', memberId, period], queryFn: () => statisticsApi.memberCounters(memberId, period) });
  return (
    <Box sx={{ p: 2 }} data-testid="member-counter-period">
      {q.isPending || !q.data ? (
        <Loading />
      ) : (
        <>
          <Heading from={q.data.from} to={q.data.to} period={period} onChange={setPeriod} />
          <Box sx={{ display: 'flex', gap: 3, mb: 2 }}>
            <Figure label={translate('statistics.columns.served')} value={f.number(q.data.served)} testid="member-served" />
            <Figure label={translate('statistics.figures.average_service')} value={duration(q.data.service.mean_seconds)} />
          </Box>
          <RowsTable
            rows={q.data.counters.map((c) => ({ ...c, name: c.name ?? '—' }))}
            first={translate('statistics.columns.counter')}
            testid="member-counters"
            chart={`member-counters-${period}`}
            range={q.data}
          />
        </>
      )}
    </Box>
  );
}
