/** The statistics screens' parts without a chart: titled cards, figures and the export buttons (no chart library here). */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { useFormat } from '../i18n/format';
import { exportSheet } from './exportSheet';
import { fileName, minutes, sheetRows, type Column } from './model';

/** What a chart's export writes: its columns (translated headers) and rows. */
export interface Exportable<T> {
  chart: string;
  columns: Column<T>[];
  rows: T[];
  from: string;
  to: string;
}

export function ExportButtons<T>({ data }: { data: Exportable<T> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = (format: 'csv' | 'xlsx') =>
    exportSheet(sheetRows(data.columns, data.rows), data.chart, fileName(data.chart, data.from, data.to, format), format).catch((e: Error) =>
      notify(e.message, { type: 'error' }),
    );
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => run('csv')} data-testid={`export-csv-${data.chart}`}>
        {translate('statistics.export.csv')}
      </Button>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => run('xlsx')} data-testid={`export-xlsx-${data.chart}`}>
        {translate('statistics.export.xlsx')}
      </Button>
    </Box>
  );
}

/** A titled card with its export buttons. */
export function ChartCard<T>({ title, exportable, children, testid }: { title: string; exportable?: Exportable<T>; children: ReactNode; testid?: string }) {
  return (
    <Card sx={{ mb: 2 }} data-testid={testid}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {exportable && <ExportButtons data={exportable} />}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** A labelled figure (a total above its name). */
export function Figure({ label, value, testid }: { label: string; value: ReactNode; testid?: string }) {
  return (
    <Box sx={{ minWidth: 130 }} data-testid={testid}>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
    </Box>
  );
}

/** A duration as a manager reads it: seconds under a minute, else minutes with one decimal; a dash for none. */
export function useDuration(): (seconds: number | null | undefined) => string {
  const translate = useTranslate();
  const f = useFormat();
  return (seconds) => {
    if (seconds === null || seconds === undefined) return '—';
    if (seconds < 60) return translate('statistics.seconds', { n: f.number(Math.round(seconds)) });
    return translate('statistics.minutes', { n: f.number(minutes(seconds)) });
  };
}
