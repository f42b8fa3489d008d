/** The statistics screen's services tab: how often each service is taken, its durations, the counters and their ratings. */
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { StatisticFilter } from '@tabour/contracts';
import { statisticsApi } from '../data/statistics';
import { SeriesChart } from './Charts';
import { Loaded } from './Loaded';
import { NumbersTable } from './NumbersTable';
import { ChartCard, type Exportable } from './parts';
import { minutes, percent, type ChartType } from './model';
import { useColumns } from './useColumns';
import { useFigures } from './useFigures';

export function ServicesTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
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
