import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { EXPORT_FORMATS, IMPORT_ACCEPT, type ImportReport, readImportReport } from './model';
import { exportBookings, importBookings } from '../../data/bookings';

/** One button per export format, each with the table's current filters. */
export function ExportButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues } = useListContext();
  return (
    <>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="small"
          startIcon={<DownloadIcon />}
          data-testid={`export-${format}`}
          onClick={() => exportBookings(format, filterValues).catch((e: Error) => notify(e.message, { type: 'error' }))}
        >
          {translate(`bookings.table.export.${format}`)}
        </Button>
      ))}
    </>
  );
}

function ReportTable({ report }: { report: ImportReport }) {
  const translate = useTranslate();
  return (
    <Box data-testid="import-report">
      <Typography>{translate('bookings.table.import.imported', { count: report.imported })}</Typography>
      <Typography sx={{ mb: 1 }}>{translate('bookings.table.import.rejected', { count: report.rejected })}</Typography>
      {report.unknown_columns.length > 0 && (
        <Typography color="warning.main" sx={{ mb: 1 }}>
          {translate('bookings.table.import.unknown_columns', { columns: report.unknown_columns.join(', ') })}
        </Typography>
      )}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('bookings.table.import.row')}</TableCell>
            <TableCell>{translate('bookings.table.import.result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((r) => (
            <TableRow key={r.row} data-testid={`import-row-${r.row}`}>
              <TableCell>{r.row}</TableCell>
              <TableCell sx={{ color: r.ok ? 'success.main' : 'error.main' }}>
                {r.ok ? translate('bookings.table.import.ok') : r.errors.join('; ') || translate('bookings.table.import.refused')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Choose a CSV, XLS or XLSX file and whether customers hear of their bookings; the answer is shown row by row. */
export function ImportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [notifyCustomers, setNotifyCustomers] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const start = () => {
    setFile(null);
    setReport(null);
    setOpen(true);
  };
  const send = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    form.append('notify_customers', String(notifyCustomers));
    setProgress(0);
    try {
      setReport(readImportReport(await importBookings(form, setProgress)));
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={start} data-testid="import-open">
        {translate('bookings.table.import.action')}
      </Button>
      <Dialog open={open} onClose={() => progress === null && setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate(report ? 'bookings.table.import.report' : 'bookings.table.import.title')}</DialogTitle>
        <DialogContent>
          {!report && (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <input ref={input} type="file" hidden accept={IMPORT_ACCEPT} data-testid="import-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Button variant="outlined" onClick={() => input.current?.click()}>
                  {translate('bookings.table.import.choose')}
                </Button>
                <Typography color="text.secondary">{file?.name ?? translate('bookings.table.import.no_file')}</Typography>
              </Box>
              <FormControlLabel
                control={<Checkbox checked={notifyCustomers} onChange={(e) => setNotifyCustomers(e.target.checked)} data-testid="import-notify" />}
                label={translate('bookings.table.import.notify_customers')}
              />
              <Typography variant="body2" color="text.secondary">
                {translate('bookings.table.import.hint')}
              </Typography>
            </Box>
          )}
          {progress !== null && <LinearProgress sx={{ mt: 2 }} variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} />}
          {report && <ReportTable report={report} />}
        </DialogContent>
        <DialogActions>
          <Button disabled={progress !== null} onClick={() => setOpen(false)}>
            {translate('ra.action.close')}
          </Button>
          {!report && (
            <Button variant="contained" disabled={!file || progress !== null} onClick={send} data-testid="import-send">
              {translate('bookings.table.import.send')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
