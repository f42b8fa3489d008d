/** The statistics screen's logs tab: tickets by outcome, bookings and SMS over the period. */
import { useTranslate } from 'react-admin';
import type { StatisticFilter } from '@tabour/contracts';
import { statisticsApi } from '../data/statistics';
import { SeriesChart } from './Charts';
import { Loaded } from './Loaded';
import { NumbersTable } from './NumbersTable';
import { ChartCard, type Exportable } from './parts';
import type { ChartType } from './model';
import { useColumns } from './useColumns';
import { useFigures } from './useFigures';

export function LogsTab({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
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
