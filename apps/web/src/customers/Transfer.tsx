import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { exportCustomers, importCustomers } from '../data/customers';

interface ImportReport {
  total_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: { row: number; reason: string }[];
  unknown_columns: string[];
}

export function ImportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [open, setOpen] = useState(false);

  const send = async (file: File) => {
    setOpen(true);
    setReport(null);
    setProgress(0);
    const form = new FormData();
    form.append('file', file);
    try {
      setReport(await importCustomers<ImportReport>(form, setProgress));
      refresh();
    } catch (e) {
      setOpen(false);
      notify((e as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept=".csv,.xls,.xlsx,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        data-testid="import-input"
        onChange={(e) => e.target.files?.[0] && send(e.target.files[0])}
      />
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} title={translate('customers.import.choose')}>
        {translate('customers.import.action')}
      </Button>
      <Dialog open={open} onClose={() => progress === null && setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate(report ? 'customers.import.report' : 'customers.import.uploading')}</DialogTitle>
        <DialogContent data-testid="import-report">
          {progress !== null && <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} />}
          {report && (
            <Box>
              <Typography>{translate('customers.import.created', { count: report.created })}</Typography>
              <Typography>{translate('customers.import.updated', { count: report.updated })}</Typography>
              <Typography>{translate('customers.import.unchanged', { count: report.unchanged })}</Typography>
              <Typography variant="subtitle2" sx={{ mt: 2 }}>
                {translate('customers.import.rejected')}
              </Typography>
              {report.rejected.length === 0 ? (
                <Typography color="text.secondary">{translate('customers.import.none_rejected')}</Typography>
              ) : (
                <List dense>
                  {report.rejected.map((r) => (
                    <ListItem key={r.row}>
                      <ListItemText primary={translate('customers.import.row', { row: r.row })} secondary={r.reason} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button disabled={progress !== null} onClick={() => setOpen(false)}>
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ExportButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const go = (format: 'csv' | 'xlsx') =>
    exportCustomers(format, filterValues, sort, `customers.${format}`).catch((e: Error) => notify(e.message, { type: 'error' }));
  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => go('csv')} data-testid="export-csv">
        {translate('customers.export.csv')}
      </Button>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => go('xlsx')} data-testid="export-xlsx">
        {translate('customers.export.xlsx')}
      </Button>
    </>
  );
}
