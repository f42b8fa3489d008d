import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentSettings } from '@tabour/contracts';
import { api } from '../../data/http';
import { useFormat } from '../../i18n/format';
import { exportSheet } from '../../statistics';
import { getPaymentSettings, getReceivedPayments, savePaymentSettings, type PaymentFilters } from '../../data/account';
import { paymentRows, PERIODS, periodRange, type Period } from './model';

const T = 'account.payment';
const SETTINGS_KEY = ['settings', 'myliberrex'];

function SettingsSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: getPaymentSettings });
  const save = async (change: Partial<PaymentSettings>) => {
    try {
      queryClient.setQueryData(SETTINGS_KEY, await savePaymentSettings(change));
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  if (!settings.data) return <Loading />;
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid="payment-settings">
      <Typography variant="h6" component="h2">
        {translate(`${T}.settings`)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
        <TextField
          select
          size="small"
          label={translate(`${T}.currency`)}
          value={settings.data.currency}
          onChange={(e) => save({ currency: e.target.value as PaymentSettings['currency'] })}
          fullWidth={false}
          sx={{ width: 140 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'payment-currency' } as object } }}
        >
          {PAYMENT_CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <FormControlLabel
            control={
              <Switch checked={settings.data.agents_may_enter_amount} onChange={(_, v) => save({ agents_may_enter_amount: v })} data-testid="payment-agents" />
            }
            label={translate(`${T}.agents_may_enter_amount`)}
          />
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.agents_hint`)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

function Filter({
  label,
  value,
  onChange,
  options,
  testid,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
  testid: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth={false}
      sx={{ width: 180 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testid } as object } }}
    >
      {options.map(([id, name]) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ReceivedSection() {
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
    queryFn: () => api<{ data: { id: string; name: string }[] }>('/business/department?pagination=off'),
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
        <Filter
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
        <Filter
          label={translate(`${T}.method`)}
          value={method}
          onChange={change(setMethod)}
          options={[anyOption, ...PAYMENT_METHODS.map((m): [string, string] => [m, word.method(m)])]}
          testid="payment-method"
        />
        <Filter
          label={translate(`${T}.status`)}
          value={status}
          onChange={change(setStatus)}
          options={[anyOption, ...PAYMENT_STATUSES.map((s): [string, string] => [s, word.status(s)])]}
          testid="payment-status"
        />
        <Filter
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
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }} data-testid="payment-totals">
            <Typography sx={{ fontWeight: 600 }}>
              {translate(`${T}.total`)}: <span data-testid="payment-total">{money(data.totals.amount)}</span>
            </Typography>
            <Typography color="text.secondary">
              · {translate(`${T}.count`)}: {f.number(data.totals.count)}
            </Typography>
            {data.totals.by_method.map((m) => (
              <Chip key={m.method} size="small" label={`${word.method(m.method)}: ${money(m.amount)} (${f.number(m.count)})`} />
            ))}
          </Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="payment-table">
              <TableHead>
                <TableRow>
                  {['day', 'amount', 'method', 'status', 'rest_to_pay', 'department', 'note'].map((k) => (
                    <TableCell key={k}>{translate(`${T}.${k}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7}>
                      <Typography color="text.secondary">{translate(`${T}.none`)}</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {data.data.map((p) => (
                  <TableRow key={p.id} data-testid="payment-row">
                    <TableCell>{f.day(p.day)}</TableCell>
                    <TableCell>{money(p.amount)}</TableCell>
                    <TableCell>{word.method(p.method)}</TableCell>
                    <TableCell>{word.status(p.status)}</TableCell>
                    <TableCell>{money(p.rest_to_pay)}</TableCell>
                    <TableCell>{p.department_name ?? '—'}</TableCell>
                    <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{p.note ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
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

/** /settings/payment (ADMIN): the payments the business received on its bookings, and its payment settings. */
export function PaymentSettingsPage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="payment-page">
      <Title title={translate(`${T}.title`)} />
      <CardContent>
        <SettingsSection />
        <ReceivedSection />
      </CardContent>
    </Card>
  );
}
