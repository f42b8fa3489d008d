/** The share of waits within the business's target, and the target itself, saved from here. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { DEFAULT_SERVICE_LEVEL_TARGET_SECONDS, type StatisticFilter } from '@tabour/contracts';
import { useFormat } from '../i18n/format';
import { statisticsApi } from '../data/statistics';
import { SeriesChart } from './Charts';
import { Loaded } from './Loaded';
import { ChartCard, Figure, type Exportable } from './parts';
import { percent, targetSeconds, type ChartType } from './model';
import { useColumns } from './useColumns';
import { useFigures } from './useFigures';

export function ServiceLevelCard({ body, chart }: { body: StatisticFilter; chart: ChartType }) {
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
