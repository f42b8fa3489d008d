/**
 * /statistics (ADMIN, MANAGER): the figures of the statistics projections under one filter bar
 * (dates, queue, service, counter, member, department, chart period and type), in five tabs.
 * Every chart exports its numbers as CSV or XLSX; the tab and filters live in the address, so a
 * view can be bookmarked and the back button works.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { DEFAULT_SERVICE_LEVEL_TARGET_SECONDS, STATISTIC_PERIODS, type StatisticFilter, type StatisticPeriod } from '@tabour/contracts';
import { useFormat } from '../i18n/format';
import { useNames, useQueues, useServices, useTeam, type Named } from '../queues/common';
import { statisticsApi } from './api';
import { Heatmap, SeriesChart } from './Charts';
import { ChartCard, Figure, useDuration, type Exportable } from './parts';
import { CHART_TYPES, filterBody, minutes, percent, STAT_TABS, targetSeconds, type ChartType, type Column, type FilterState, type StatTab } from './model';

const FILTER_KEYS = ['from', 'to', 'queue_id', 'service_id', 'counter_id', 'member_id', 'department_id'] as const;

/** The filter and view read from the address. */
function useView() {
  const [params, setParams] = useSearchParams();
  const tab = (STAT_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as StatTab) : 'customers';
  const chart = (CHART_TYPES as readonly string[]).includes(params.get('chart') ?? '') ? (params.get('chart') as ChartType) : 'area';
  const period = (STATISTIC_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as StatisticPeriod) : 'daily';
  const filter = { period } as FilterState;
  for (const k of FILTER_KEYS) filter[k] = params.get(k) ?? '';
  const set = (changes: Record<string, string>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return { tab, chart, filter, body: filterBody(filter), set };
}

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

function Filters({ view }: { view: ReturnType<typeof useView> }) {
  const translate = useTranslate();
  const queues = useQueues();
  const services = useServices();
  const team = useTeam();
  const counters = useNames<Named>('counters', '/business/counter');
  const departments = useNames<Named>('departments', '/business/department');
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

/** One statistics call under the view's filter, refetched when it changes. */
function useFigures<T>(name: string, call: (f: StatisticFilter) => Promise<T>, body: StatisticFilter) {
  return useQuery({ queryKey: ['statistics', name, body], queryFn: () => call(body) });
}

/** Shows the loading state or the error of a call, else its figures. */
function Loaded<T>({ q, children }: { q: { isPending: boolean; error: unknown; data?: T }; children: (data: T) => ReactNode }) {
  if (q.isPending) return <Loading />;
  if (q.error || q.data === undefined) return <Alert severity="error">{(q.error as Error | null)?.message ?? ''}</Alert>;
  return <>{children(q.data)}</>;
}

/** A table of the rows an export writes, under its chart: the numbers, readable without hovering. */
function NumbersTable<T>({ data, testid }: { data: Exportable<T>; testid?: string }) {
  const f = useFormat();
  const cell = (v: string | number | null, day?: boolean) => (typeof v === 'number' ? f.number(v) : v === null ? '—' : day ? f.day(v) : v);
  return (
    <Box sx={{ overflowX: 'auto', maxHeight: 320 }}>
      <Table size="small" stickyHeader data-testid={testid}>
        <TableHead>
          <TableRow>
            {data.columns.map((c) => (
              <TableCell key={c.header}>{c.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((r, i) => (
            <TableRow key={i}>
              {data.columns.map((c) => (
                <TableCell key={c.header}>{cell(c.value(r), c.day)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The columns of the exports, headed in the reader's language. */
function useColumns() {
  const translate = useTranslate();
  return {
    bucket: <T extends { bucket: string }>(): Column<T> => ({ header: translate('statistics.columns.bucket'), value: (r) => r.bucket, day: true }),
    col: <T,>(key: string, value: (r: T) => string | number | null): Column<T> => ({ header: translate(`statistics.columns.${key}`), value }),
  };
}

function CustomersTab({ body, chart, range }: { body: StatisticFilter; chart: ChartType; range: { from: string; to: string } }) {
  const translate = useTranslate();
  const f = useFormat();
  const duration = useDuration();
  const { bucket, col } = useColumns();
  const overview = useFigures('overview', statisticsApi.overview, body);
  const customers = useFigures('customers', statisticsApi.customers, body);
  return (
    <>
      <Loaded q={overview}>
        {(o) => (
          <Card sx={{ mb: 2 }}>
            <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
              <Figure label={translate('statistics.figures.taken')} value={f.number(o.totals.taken)} testid="total-taken" />
              <Figure label={translate('statistics.figures.served')} value={f.number(o.totals.served)} testid="total-served" />
              <Figure label={translate('statistics.figures.serve_ratio')} value={`${f.number(percent(o.serve_ratio))} %`} testid="serve-ratio" />
              <Figure label={translate('statistics.figures.drop_off')} value={`${f.number(percent(o.drop_off))} %`} testid="drop-off" />
              <Figure label={translate('statistics.figures.average_wait')} value={duration(o.totals.wait.mean_seconds)} testid="average-wait" />
              <Figure label={translate('statistics.figures.bookings')} value={f.number(o.totals.bookings.made)} testid="total-bookings" />
              <Figure label={translate('statistics.figures.sms')} value={f.number(o.totals.sms.count)} testid="total-sms" />
            </CardContent>
          </Card>
        )}
      </Loaded>
      <Loaded q={customers}>
        {(c) => {
          const data: Exportable<(typeof c.series)[number]> = {
            chart: 'customers',
            from: c.from,
            to: c.to,
            rows: c.series,
            columns: [
              bucket(),
              col('new_customers', (r) => r.new_customers),
              col('returning_customers', (r) => r.returning_customers),
              col('walk_ins', (r) => r.walk_ins),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.customers')} exportable={data} testid="chart-customers">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
                <Figure label={translate('statistics.columns.new_customers')} value={f.number(c.totals.new_customers)} testid="new-customers" />
                <Figure
                  label={translate('statistics.columns.returning_customers')}
                  value={f.number(c.totals.returning_customers)}
                  testid="returning-customers"
                />
                <Figure label={translate('statistics.columns.walk_ins')} value={f.number(c.totals.walk_ins)} testid="walk-ins" />
                <Figure
                  label={translate('statistics.figures.rating')}
                  value={c.ratings.average === null ? '—' : `${f.number(c.ratings.average, { maximumFractionDigits: 1 })} / ${f.number(5)}`}
                  testid="rating"
                />
              </Box>
              <SeriesChart
                data={c.series}
                x="bucket"
                type={chart}
                series={[
                  { key: 'new_customers', label: translate('statistics.columns.new_customers'), stack: 'c' },
                  { key: 'returning_customers', label: translate('statistics.columns.returning_customers'), stack: 'c' },
                  { key: 'walk_ins', label: translate('statistics.columns.walk_ins'), stack: 'c' },
                ]}
              />
            </ChartCard>
          );
        }}
      </Loaded>
      <RangeNote range={range} />
    </>
  );
}

function FrequencyTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
  const translate = useTranslate();
  const f = useFormat();
  const { bucket, col } = useColumns();
  const visits = useFigures('visits', statisticsApi.visitFrequency, body);
  const peak = useFigures('hourPeak', statisticsApi.hourPeak, body);
  return (
    <>
      <Loaded q={visits}>
        {(v) => {
          const data: Exportable<(typeof v.series)[number]> = {
            chart: 'visits',
            from: v.from,
            to: v.to,
            rows: v.series,
            columns: [bucket(), col('tickets', (r) => r.tickets), col('bookings', (r) => r.bookings)],
          };
          const heat: Exportable<(typeof v.heatmap)[number]> = {
            chart: 'heatmap',
            from: v.from,
            to: v.to,
            rows: v.heatmap,
            columns: [
              col('weekday', (r) => r.weekday),
              col('hour', (r) => r.hour),
              col('tickets', (r) => r.tickets),
              col('average_wait_minutes', (r) => minutes(r.average_wait_seconds)),
            ],
          };
          return (
            <>
              <ChartCard title={translate('statistics.charts.visits')} exportable={data} testid="chart-visits">
                <SeriesChart
                  data={v.series}
                  x="bucket"
                  type={chart}
                  series={[
                    { key: 'tickets', label: translate('statistics.columns.tickets') },
                    { key: 'bookings', label: translate('statistics.columns.bookings') },
                  ]}
                />
              </ChartCard>
              <ChartCard title={translate('statistics.charts.heatmap')} exportable={heat} testid="chart-heatmap">
                <Heatmap cells={v.heatmap} />
              </ChartCard>
            </>
          );
        }}
      </Loaded>
      <Loaded q={peak}>
        {(p) => {
          const data: Exportable<(typeof p.hours)[number]> = {
            chart: 'hours',
            from: p.from,
            to: p.to,
            rows: p.hours,
            columns: [col('hour', (r) => r.hour), col('tickets', (r) => r.tickets)],
          };
          return (
            <ChartCard title={translate('statistics.charts.hours')} exportable={data} testid="chart-hours">
              <Typography sx={{ mb: 1 }} data-testid="peak-hour">
                {p.peak_hour === null ? translate('statistics.no_peak') : translate('statistics.peak_hour', { hour: f.number(p.peak_hour) })}
              </Typography>
              <SeriesChart
                data={p.hours}
                x="hour"
                xLabel={(h) => f.number(Number(h))}
                type="bar"
                series={[{ key: 'tickets', label: translate('statistics.columns.tickets') }]}
              />
            </ChartCard>
          );
        }}
      </Loaded>
    </>
  );
}

function ServiceLevelCard({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const client = useQueryClient();
  const { bucket, col } = useColumns();
  const settings = useQuery({ queryKey: ['statistics', 'settings'], queryFn: statisticsApi.settings });
  const target = settings.data?.service_level_target_seconds ?? DEFAULT_SERVICE_LEVEL_TARGET_SECONDS;
  const level = useFigures('serviceLevel', statisticsApi.serviceLevel, { ...body, target_seconds: target });
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (seconds: number) => statisticsApi.saveSettings({ service_level_target_seconds: seconds }),
    onSuccess: (s) => {
      client.setQueryData(['statistics', 'settings'], s);
      setDraft(null);
      notify('app.toast.saved', { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const text = draft ?? String(target / 60);
  const seconds = targetSeconds(text);
  return (
    <Loaded q={level}>
      {(l) => {
        const rows = l.series.map((s) => ({ ...s, percent: percent(s.share) }));
        const data: Exportable<(typeof rows)[number]> = {
          chart: 'service-level',
          from: l.from,
          to: l.to,
          rows,
          columns: [bucket(), col('waits', (r) => r.waits), col('within_target', (r) => r.within_target), col('share_percent', (r) => r.percent)],
        };
        return (
          <ChartCard title={translate('statistics.charts.service_level')} exportable={data} testid="chart-service-level">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center', mb: 2 }}>
              <Figure
                label={translate('statistics.service_level.within', { minutes: f.number(l.target_seconds / 60) })}
                value={l.share === null ? '—' : `${f.number(percent(l.share))} %`}
                testid="service-level"
              />
              <Figure label={translate('statistics.columns.waits')} value={f.number(l.waits)} />
              <TextField
                fullWidth={false}
                size="small"
                type="number"
                label={translate('statistics.service_level.target')}
                value={text}
                onChange={(e) => setDraft(e.target.value)}
                error={seconds === null}
                helperText={seconds === null ? translate('statistics.service_level.invalid') : translate('statistics.service_level.help')}
                slotProps={{ htmlInput: { min: 1, max: 240, 'data-testid': 'target-minutes' } }}
              />
              <Button
                variant="contained"
                disabled={seconds === null || seconds === target || save.isPending}
                onClick={() => seconds && save.mutate(seconds)}
                data-testid="target-save"
              >
                {translate('ra.action.save')}
              </Button>
            </Box>
            <SeriesChart data={rows} x="bucket" type={chart} unit="%" series={[{ key: 'percent', label: translate('statistics.columns.share_percent') }]} />
          </ChartCard>
        );
      }}
    </Loaded>
  );
}

function TimeTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
  const translate = useTranslate();
  const duration = useDuration();
  const { bucket, col } = useColumns();
  const times = useFigures('averageTimes', statisticsApi.averageTimes, body);
  const accuracy = useFigures('estimateAccuracy', statisticsApi.estimateAccuracy, body);
  const queues = useQueues();
  const queueName = (id: string) => queues.data?.find((q) => q.id === id)?.name ?? '—';
  return (
    <>
      <Loaded q={times}>
        {(t) => {
          const rows = t.series.map((s) => ({
            bucket: s.bucket,
            wait: minutes(s.wait.mean_seconds),
            service: minutes(s.service.mean_seconds),
            wait_p90: minutes(s.wait.p90_seconds),
          }));
          const data: Exportable<(typeof rows)[number]> = {
            chart: 'times',
            from: t.from,
            to: t.to,
            rows,
            columns: [
              bucket(),
              col('mean_wait_minutes', (r) => r.wait),
              col('p90_wait_minutes', (r) => r.wait_p90),
              col('mean_service_minutes', (r) => r.service),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.times')} exportable={data} testid="chart-times">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
                <Figure label={translate('statistics.figures.average_wait')} value={duration(t.wait.mean_seconds)} testid="mean-wait" />
                <Figure label={translate('statistics.figures.median_wait')} value={duration(t.wait.median_seconds)} testid="median-wait" />
                <Figure label={translate('statistics.figures.p90_wait')} value={duration(t.wait.p90_seconds)} testid="p90-wait" />
                <Figure label={translate('statistics.figures.average_service')} value={duration(t.service.mean_seconds)} testid="mean-service" />
              </Box>
              <SeriesChart
                data={rows}
                x="bucket"
                type={chart}
                series={[
                  { key: 'wait', label: translate('statistics.columns.mean_wait_minutes') },
                  { key: 'service', label: translate('statistics.columns.mean_service_minutes') },
                ]}
              />
            </ChartCard>
          );
        }}
      </Loaded>
      <ServiceLevelCard body={body} chart={chart} />
      <Loaded q={accuracy}>
        {(a) => {
          const rows = a.weeks.map((w) => ({ ...w, queue: queueName(w.queue_id) }));
          const data: Exportable<(typeof rows)[number]> = {
            chart: 'estimate-accuracy',
            from: a.from,
            to: a.to,
            rows,
            columns: [
              { ...col('week', (r) => r.week), day: true },
              col('queue', (r) => r.queue),
              col('waits', (r) => r.count),
              col('mae_minutes', (r) => minutes(r.mean_absolute_error_seconds)),
              col('under_estimated_percent', (r) => percent(r.under_estimated_share)),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.estimate_accuracy')} exportable={data} testid="chart-estimate-accuracy">
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {translate('statistics.estimate_accuracy_help')}
              </Typography>
              {rows.length === 0 ? <Typography>{translate('statistics.empty')}</Typography> : <NumbersTable data={data} testid="estimate-accuracy" />}
            </ChartCard>
          );
        }}
      </Loaded>
    </>
  );
}

function ServicesTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
  const translate = useTranslate();
  const { col } = useColumns();
  const frequency = useFigures('serviceFrequency', statisticsApi.serviceFrequency, body);
  const durations = useFigures('serviceDurations', statisticsApi.serviceDurations, body);
  const counters = useFigures('counters', statisticsApi.counters, body);
  const feedback = useFigures('counterFeedback', statisticsApi.counterFeedback, body);
  const none = translate('statistics.no_service');
  const hours = (s: number) => Math.round(s / 360) / 10;
  return (
    <>
      <Loaded q={frequency}>
        {(s) => {
          const rows = s.services.map((r) => ({ ...r, label: r.name ?? none, percent: percent(r.share) }));
          const data: Exportable<(typeof rows)[number]> = {
            chart: 'services',
            from: s.from,
            to: s.to,
            rows,
            columns: [col('service', (r) => r.label), col('taken', (r) => r.taken), col('served', (r) => r.served), col('share_percent', (r) => r.percent)],
          };
          return (
            <ChartCard title={translate('statistics.charts.services')} exportable={data} testid="chart-services">
              <SeriesChart
                data={rows}
                x="label"
                xLabel={(v) => String(v)}
                type={chart}
                series={[
                  { key: 'taken', label: translate('statistics.columns.taken') },
                  { key: 'served', label: translate('statistics.columns.served') },
                ]}
              />
            </ChartCard>
          );
        }}
      </Loaded>
      <Loaded q={durations}>
        {(d) => {
          const rows = d.services.map((r) => ({ ...r, label: r.name ?? none }));
          const data: Exportable<(typeof rows)[number]> = {
            chart: 'service-durations',
            from: d.from,
            to: d.to,
            rows,
            columns: [
              col('service', (r) => r.label),
              col('served', (r) => r.service.count),
              col('mean_service_minutes', (r) => minutes(r.service.mean_seconds)),
              col('median_service_minutes', (r) => minutes(r.service.median_seconds)),
              col('p90_service_minutes', (r) => minutes(r.service.p90_seconds)),
              col('mean_wait_minutes', (r) => minutes(r.wait.mean_seconds)),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.service_durations')} exportable={data} testid="chart-service-durations">
              <NumbersTable data={data} />
            </ChartCard>
          );
        }}
      </Loaded>
      <Loaded q={counters}>
        {(c) => {
          const rows = c.counters.map((r) => ({ ...r, label: r.name ?? '—' }));
          const data: Exportable<(typeof rows)[number]> = {
            chart: 'counters',
            from: c.from,
            to: c.to,
            rows,
            columns: [
              col('counter', (r) => r.label),
              col('served', (r) => r.served),
              col('mean_service_minutes', (r) => minutes(r.service.mean_seconds)),
              col('open_hours', (r) => hours(r.open_seconds)),
              col('serving_hours', (r) => hours(r.serving_seconds)),
              col('idle_hours', (r) => hours(r.idle_seconds)),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.counters')} exportable={data} testid="chart-counters">
              <NumbersTable data={data} testid="counters-table" />
            </ChartCard>
          );
        }}
      </Loaded>
      <Loaded q={feedback}>
        {(fb) => {
          const rows = fb.counters.map((r) => ({ label: r.name ?? '—', count: r.ratings.count, average: r.ratings.average }));
          const data: Exportable<(typeof rows)[number]> = {
            chart: 'feedback',
            from: fb.from,
            to: fb.to,
            rows,
            columns: [
              col('counter', (r) => r.label),
              col('ratings', (r) => r.count),
              col('average_rating', (r) => (r.average === null ? null : Math.round(r.average * 10) / 10)),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.feedback')} exportable={data} testid="chart-feedback">
              {rows.length === 0 ? <Typography>{translate('statistics.empty')}</Typography> : <NumbersTable data={data} />}
            </ChartCard>
          );
        }}
      </Loaded>
    </>
  );
}

function LogsTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
  const translate = useTranslate();
  const { bucket, col } = useColumns();
  const tickets = useFigures('tickets', statisticsApi.tickets, body);
  const bookings = useFigures('bookings', statisticsApi.bookings, body);
  const sms = useFigures('sms', statisticsApi.sms, body);
  return (
    <>
      <Loaded q={tickets}>
        {(t) => {
          const data: Exportable<(typeof t.series)[number]> = {
            chart: 'tickets',
            from: t.from,
            to: t.to,
            rows: t.series,
            columns: [
              bucket(),
              col('taken', (r) => r.taken),
              col('served', (r) => r.served),
              col('no_show', (r) => r.no_show),
              col('absent', (r) => r.absent),
              col('cancelled', (r) => r.cancelled),
              col('redirected', (r) => r.redirected),
              col('closed_at_day_end', (r) => r.closed_at_day_end),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.tickets')} exportable={data} testid="chart-tickets">
              <SeriesChart
                data={t.series}
                x="bucket"
                type={chart}
                series={[
                  { key: 'served', label: translate('statistics.columns.served'), stack: 't' },
                  { key: 'no_show', label: translate('statistics.columns.no_show'), stack: 't' },
                  { key: 'absent', label: translate('statistics.columns.absent'), stack: 't' },
                  { key: 'cancelled', label: translate('statistics.columns.cancelled'), stack: 't' },
                ]}
              />
              <NumbersTable data={data} testid="tickets-table" />
            </ChartCard>
          );
        }}
      </Loaded>
      <Loaded q={bookings}>
        {(b) => {
          const data: Exportable<(typeof b.series)[number]> = {
            chart: 'bookings',
            from: b.from,
            to: b.to,
            rows: b.series,
            columns: [
              bucket(),
              col('made', (r) => r.made),
              col('honoured', (r) => r.honoured),
              col('cancelled', (r) => r.cancelled),
              col('no_show', (r) => r.no_show),
              col('online', (r) => r.online),
              col('staff', (r) => r.staff),
            ],
          };
          return (
            <ChartCard title={translate('statistics.charts.bookings')} exportable={data} testid="chart-bookings">
              <NumbersTable data={data} />
            </ChartCard>
          );
        }}
      </Loaded>
      <Loaded q={sms}>
        {(s) => {
          const data: Exportable<(typeof s.series)[number]> = {
            chart: 'sms',
            from: s.from,
            to: s.to,
            rows: s.series,
            columns: [bucket(), col('sms', (r) => r.count), col('segments', (r) => r.segments), col('cost', (r) => r.cost)],
          };
          return (
            <ChartCard title={translate('statistics.charts.sms')} exportable={data} testid="chart-sms">
              <NumbersTable data={data} />
            </ChartCard>
          );
        }}
      </Loaded>
    </>
  );
}

/** Without dates the API answers the last 30 days: say so, so the figures are not read as all time. */
function RangeNote({ range }: { range: { from: string; to: string } }) {
  const translate = useTranslate();
  if (!range.from && !range.to) return <Typography color="text.secondary">{translate('statistics.default_range')}</Typography>;
  return null;
}

export function StatisticsPage() {
  const translate = useTranslate();
  const view = useView();
  const { tab, chart, body } = view;
  const range = { from: view.filter.from, to: view.filter.to };
  return (
    <Box sx={{ mt: 2 }} data-testid="statistics">
      <Title title="statistics.title" />
      <Filters view={view} />
      <Tabs value={tab} onChange={(_, v: StatTab) => view.set({ tab: v === 'customers' ? '' : v })} variant="scrollable" sx={{ mb: 2 }}>
        {STAT_TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`statistics.tabs.${t}`)} data-testid={`tab-${t}`} />
        ))}
      </Tabs>
      {tab === 'customers' && <CustomersTab body={body} chart={chart} range={range} />}
      {tab === 'frequency' && <FrequencyTab body={body} chart={chart} />}
      {tab === 'time' && <TimeTab body={body} chart={chart} />}
      {tab === 'services' && <ServicesTab body={body} chart={chart} />}
      {tab === 'logs' && <LogsTab body={body} chart={chart} />}
    </Box>
  );
}

export default StatisticsPage;
