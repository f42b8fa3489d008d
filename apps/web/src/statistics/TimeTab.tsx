/** The statistics screen's time tab: waits and service times, the service level and how good the estimates were. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { StatisticFilter } from '@tabour/contracts';
import { useQueues } from '../data/lookups';
import { statisticsApi } from '../data/statistics';
import { SeriesChart } from './Charts';
import { Loaded } from './Loaded';
import { NumbersTable } from './NumbersTable';
import { ChartCard, Figure, useDuration, type Exportable } from './parts';
import { minutes, percent, type ChartType } from './model';
import { ServiceLevelCard } from './ServiceLevelCard';
import { useColumns } from './useColumns';
import { useFigures } from './useFigures';

export function TimeTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
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
