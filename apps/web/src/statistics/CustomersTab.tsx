/** The statistics screen's first tab: the overview's totals and new, returning and walk-in customers. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { StatisticFilter } from '@tabour/contracts';
import { useFormat } from '../i18n/format';
import { statisticsApi } from '../data/statistics';
import { SeriesChart } from './Charts';
import { Loaded } from './Loaded';
import { ChartCard, Figure, useDuration, type Exportable } from './parts';
import { percent, type ChartType } from './model';
import { useColumns } from './useColumns';
import { useFigures } from './useFigures';

export function CustomersTab({ body, chart, range }: { body: StatisticFilter; chart: ChartType; range: { from: string; to: string } }) {
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

/** Without dates the API answers the last 30 days: say so, so the figures are not read as all time. */
function RangeNote({ range }: { range: { from: string; to: string } }) {
  const translate = useTranslate();
  if (!range.from && !range.to) return <Typography color="text.secondary">{translate('statistics.default_range')}</Typography>;
  return null;
}
