/**
 * The charts of the statistics screens and the dashboard (recharts, in this module only, so it
 * loads with the first screen that draws one). In Arabic the time axis runs right to left and
 * the value axis stands on the right; every number and date goes through the one formatter.
 */
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip as ChartTooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import { useFormat } from '../i18n/format';
import { busyHours, heatmapGrid, shade, type ChartType } from './model';
import type { HeatmapCell } from '@tabour/contracts';

export const PALETTE = ['#1976d2', '#2e7d32', '#ed6c02', '#9c27b0', '#d32f2f', '#0288d1', '#6d4c41'];

export interface Series {
  key: string;
  label: string;
  stack?: string;
}

/** A series over the period buckets (or any category), as areas or bars. */
export function SeriesChart({
  data,
  x,
  series,
  type,
  xLabel,
  height = 280,
  unit,
}: {
  data: object[];
  x: string;
  series: Series[];
  type: ChartType;
  /** How an x value is written; the bucket's date by default. */
  xLabel?: (v: string | number) => string;
  height?: number;
  unit?: string;
}) {
  const theme = useTheme();
  const f = useFormat();
  const rtl = theme.direction === 'rtl';
  const written = xLabel ?? ((v: string | number) => f.day(String(v)));
  // The chart is drawn left to right (mirrored by its axis instead): an Arabic date keeps its own order inside an isolate.
  const label = rtl ? (v: string | number) => `\u2067${written(v)}\u2069` : written;
  const value = (v: unknown) => (typeof v === 'number' ? `${f.number(v)}${unit ? ` ${unit}` : ''}` : String(v ?? ''));
  const common = {
    data: data as Record<string, unknown>[],
    margin: { top: 8, right: 16, left: 16, bottom: 8 },
  };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey={x} reversed={rtl} tickFormatter={label} minTickGap={16} />
      <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={(v: number) => f.number(v)} allowDecimals width={56} />
      <ChartTooltip labelFormatter={(v) => label(v as string)} formatter={(v) => value(v)} />
      <Legend />
    </>
  );
  return (
    <Box sx={{ width: '100%', height }} dir="ltr" data-chart-type={type}>
      <ResponsiveContainer width="100%" height="100%">
        {type === 'bar' ? (
          <BarChart {...common}>
            {axes}
            {series.map((s, i) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={PALETTE[i % PALETTE.length]} stackId={s.stack} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <AreaChart {...common}>
            {axes}
            {series.map((s, i) => (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={PALETTE[i % PALETTE.length]}
                fill={PALETTE[i % PALETTE.length]}
                fillOpacity={0.25}
                stackId={s.stack}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        )}
      </ResponsiveContainer>
    </Box>
  );
}

/**
 * Weekday × hour: a row per weekday (Monday first), a column per local hour from the first to
 * the last busy one, shaded by tickets; the cell's title gives the count and the average wait.
 */
export function Heatmap({ cells }: { cells: HeatmapCell[] }) {
  const translate = useTranslate();
  const f = useFormat();
  const grid = heatmapGrid(cells);
  const hours = busyHours(grid);
  const max = Math.max(0, ...grid.flat().map((c) => c.tickets));
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="heatmap">
      <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 12 }}>
        <thead>
          <tr>
            <th />
            {hours.map((h) => (
              <Box component="th" key={h} sx={{ px: 0.5, fontWeight: 'normal', color: 'text.secondary' }}>
                {f.number(h)}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((row, d) => (
            <tr key={d}>
              <Box component="th" sx={{ pe: 1, textAlign: 'start', fontWeight: 'normal', whiteSpace: 'nowrap' }}>
                {translate(`statistics.weekdays.${d + 1}`)}
              </Box>
              {hours.map((h) => {
                const c = row[h];
                const title = translate('statistics.heatmap.cell', {
                  day: translate(`statistics.weekdays.${d + 1}`),
                  hour: f.number(h),
                  tickets: f.number(c.tickets),
                  wait: c.wait === null ? '—' : f.number(Math.round(c.wait / 60)),
                });
                return (
                  <Tooltip key={h} title={title}>
                    <Box
                      component="td"
                      aria-label={title}
                      data-testid={`heat-${d + 1}-${h}`}
                      data-tickets={c.tickets}
                      sx={{
                        width: 28,
                        height: 24,
                        textAlign: 'center',
                        border: '1px solid',
                        borderColor: 'divider',
                        bgcolor: c.tickets ? `rgba(25, 118, 210, ${0.12 + 0.88 * shade(c.tickets, max)})` : 'transparent',
                        color: shade(c.tickets, max) > 0.5 ? 'common.white' : 'text.primary',
                      }}
                    >
                      {c.tickets ? f.number(c.tickets) : ''}
                    </Box>
                  </Tooltip>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
