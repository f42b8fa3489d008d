/** The statistics screen's frequency tab: visits over the period, the weekday-hour heatmap and the busiest hour. */
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { StatisticFilter } from '@tabour/contracts';
import { useFormat } from '../i18n/format';
import { statisticsApi } from '../data/statistics';
import { Heatmap, SeriesChart } from './Charts';
import { Loaded } from './Loaded';
import { ChartCard, type Exportable } from './parts';
import { minutes, type ChartType } from './model';
import { useColumns } from './useColumns';
import { useFigures } from './useFigures';

export function FrequencyTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
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
