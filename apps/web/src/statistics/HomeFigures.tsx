/**
 * The dashboard's figures (ADMIN, MANAGER): today's tickets taken, waiting now, served and
 * average wait, kept live by the queues' change notices; service consumption and visit
 * frequency over the last 30 days. Loaded lazily with the chart library.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useFormat } from '../i18n/format';
import { statisticsApi } from '../data/statistics';
import { SeriesChart } from './Charts';
import { ChartCard, Figure, useDuration } from './parts';
import { useQueueChanges } from './useQueueChanges';

export default function HomeFigures() {
  const translate = useTranslate();
  const f = useFormat();
  const duration = useDuration();
  const home = useQuery({ queryKey: ['statistics', 'home'], queryFn: () => statisticsApi.home() });
  useQueueChanges(() => void home.refetch());
  const h = home.data;
  // Before any activity the onboarding card speaks alone.
  if (!h || (h.today.taken === 0 && h.today.waiting === 0 && h.visit_frequency.every((v) => v.tickets === 0 && v.bookings === 0))) return null;
  // Each chart's series carry the same names as its exported columns.
  const counts = (...keys: string[]) => keys.map((key) => ({ key, label: translate(`statistics.columns.${key}`) }));
  const services = h.service_consumption.map((s) => ({ ...s, label: s.name ?? translate('statistics.no_service') }));
  return (
    <Box sx={{ mt: 3 }} data-testid="home-figures">
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2">
              {translate('statistics.dashboard.today')} · {f.day(h.today.day)}
            </Typography>
            <Button component={RouterLink} to="/statistics">
              {translate('statistics.dashboard.open_statistics')}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
            <Figure label={translate('statistics.dashboard.taken')} value={f.number(h.today.taken)} testid="today-taken" />
            <Figure label={translate('statistics.dashboard.waiting')} value={f.number(h.today.waiting)} testid="today-waiting" />
            <Figure label={translate('statistics.dashboard.served')} value={f.number(h.today.served)} testid="today-served" />
            <Figure label={translate('statistics.dashboard.average_wait')} value={duration(h.today.average_wait_seconds)} testid="today-average-wait" />
          </Box>
        </CardContent>
      </Card>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartCard
            title={translate('statistics.dashboard.service_consumption')}
            testid="home-services"
            exportable={{
              chart: 'service-consumption',
              from: h.from,
              to: h.to,
              rows: services,
              columns: [
                { header: translate('statistics.columns.service'), value: (r) => r.label },
                { header: translate('statistics.columns.taken'), value: (r) => r.taken },
                { header: translate('statistics.columns.served'), value: (r) => r.served },
              ],
            }}
          >
            <SeriesChart data={services} x="label" xLabel={(v) => String(v)} type="bar" height={240} series={counts('taken', 'served')} />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChartCard
            title={translate('statistics.dashboard.visit_frequency')}
            testid="home-visits"
            exportable={{
              chart: 'visit-frequency',
              from: h.from,
              to: h.to,
              rows: h.visit_frequency,
              columns: [
                { header: translate('statistics.columns.bucket'), value: (r) => r.bucket, day: true },
                { header: translate('statistics.columns.tickets'), value: (r) => r.tickets },
                { header: translate('statistics.columns.bookings'), value: (r) => r.bookings },
              ],
            }}
          >
            <SeriesChart data={h.visit_frequency} x="bucket" type="area" height={240} series={counts('tickets', 'bookings')} />
          </ChartCard>
        </Grid>
      </Grid>
    </Box>
  );
}
