import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@tabour/contracts';
import { departmentNames } from '../../data/lookups';
import { useFormat } from '../../i18n/format';
import { exportSheet } from '../../statistics';
import { getReceivedPayments, type PaymentFilters } from '../../data/account';
import { paymentRows, PERIODS, periodRange, type Period } from './model';
import { PaymentFilter } from './PaymentFilter';
import { T } from './payment-keys';
import { ReceivedTable } from './ReceivedTable';

/** The payments received on the business's bookings: filters, totals, the table by page, and its CSV or XLSX export. */
export function ReceivedSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const [period, setPeriod] = useState<Period>('all');
  const [custom, setCustom] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [method, setMethod] = useState('');
  const [status, setStatus] = useState('');
  const [department, setDepartment] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const range = period === 'custom' ? { from: custom.from || undefined, to: custom.to || undefined } : periodRange(period, f.zone);
  const filters: PaymentFilters = { ...range, method, status, department_id: department };
  const departments = useQuery({
    queryKey: ['departments', 'all'],
    queryFn: () => departmentNames(),
    staleTime: 60_000,
  });
  const payments = useQuery({
    queryKey: ['payments', filters, page, perPage],
    queryFn: () => getReceivedPayments(filters, page + 1, perPage),
    placeholderData: keepPreviousData,
  });
  const money = (amount: number) => f.number(amount, { style: 'currency', currency: payments.data?.currency ?? 'EUR' });
  const word = { method: (m: string) => translate(`${T}.methods.${m}`), status: (s: string) => translate(`${T}.statuses.${s}`) };
  const anyOption: [string, string] = ['', translate(`${T}.any`)];
  const exportAll = async (format: 'csv' | 'xlsx') => {
    try {
      const all = await getReceivedPayments(filters, 'all');
      const header = ['day', 'amount', 'method', 'status', 'rest_to_pay', 'department', 'booking', 'note'].map((k) => translate(`${T}.${k}`));
      const stamp = [range.from ?? 'start', range.to ?? 'today'].join('_');
      await exportSheet(paymentRows(all.data, header, word), translate(`${T}.received`), `payments_${stamp}.${format}`, format);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  const change =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(0);
    };
  const data = payments.data;
  return (
    <Box component="section" data-testid="received-payments">
      <Typography variant="h6" component="h2">
        {translate(`${T}.received`)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, my: 1.5 }}>
        <PaymentFilter
          label={translate(`${T}.period`)}
          value={period}
          onChange={change((v: string) => setPeriod(v as Period))}
          options={PERIODS.map((p) => [p, translate(`${T}.periods.${p}`)])}
          testid="payment-period"
        />
        {period === 'custom' && (
          <>
            <TextField
              size="small"
              type="date"
              label={translate(`${T}.from`)}
              value={custom.from}
              fullWidth={false}
              onChange={(e) => change(setCustom)({ ...custom, from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payment-from' } }}
            />
            <TextField
              size="small"
              type="date"
              label={translate(`${T}.to`)}
              value={custom.to}
              fullWidth={false}
              onChange={(e) => change(setCustom)({ ...custom, to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payment-to' } }}
            />
          </>
        )}
        <PaymentFilter
          label={translate(`${T}.method`)}
          value={method}
          onChange={change(setMethod)}
          options={[anyOption, ...PAYMENT_METHODS.map((m): [string, string] => [m, word.method(m)])]}
          testid="payment-method"
        />
        <PaymentFilter
          label={translate(`${T}.status`)}
          value={status}
          onChange={change(setStatus)}
          options={[anyOption, ...PAYMENT_STATUSES.map((s): [string, string] => [s, word.status(s)])]}
          testid="payment-status"
        />
        <PaymentFilter
          label={translate(`${T}.department`)}
          value={department}
          onChange={change(setDepartment)}
          options={[anyOption, ...(departments.data?.data ?? []).map((d): [string, string] => [d.id, d.name])]}
          testid="payment-department"
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button startIcon={<DownloadIcon />} onClick={() => exportAll('csv')} data-testid="payment-export-csv">
          {translate(`${T}.export_csv`)}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => exportAll('xlsx')} data-testid="payment-export-xlsx">
          {translate(`${T}.export_xlsx`)}
        </Button>
      </Box>
      {payments.isError && <Typography color="error">{(payments.error as Error).message}</Typography>}
      {data && (
        <>
          <ReceivedTable data={data} money={money} word={word} />
          <TablePagination
            component="div"
            count={data.total}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={perPage}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[25, 50, 100]}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          />
        </>
      )}
    </Box>
  );
}
