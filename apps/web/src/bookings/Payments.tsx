import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '@tabour/contracts';
import { addPayment, bookingPayments, deletePayment } from './api';

/** A booking's payments: the list, and one more added. */
export function Payments({ bookingId }: { bookingId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const key = ['bookings', 'payments', bookingId];
  const payments = useQuery({ queryKey: key, queryFn: () => bookingPayments(bookingId) });
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [status, setStatus] = useState<PaymentStatus>('paid');

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      await client.invalidateQueries({ queryKey: key });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const rows = payments.data ?? [];
  return (
    <Box data-testid="payments">
      <Typography variant="subtitle1" component="h2">
        {translate('bookings.dialog.payments')}
      </Typography>
      {!rows.length && <Typography variant="body2">{translate('bookings.dialog.no_payments')}</Typography>}
      {rows.map((p) => (
        <Box key={p.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {p.amount.toFixed(2)} · {translate(`bookings.dialog.methods.${p.method}`)} · {translate(`bookings.dialog.payment_statuses.${p.status}`)} · {translate('bookings.dialog.rest_to_pay')}: {p.rest_to_pay.toFixed(2)}
          </Typography>
          <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => run(() => deletePayment(p.id))}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <TextField size="small" type="number" label={translate('bookings.dialog.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} sx={{ width: 120 }} />
        <TextField size="small" select label={translate('bookings.dialog.method')} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)} sx={{ minWidth: 120 }}>
          {PAYMENT_METHODS.map((m) => <MenuItem key={m} value={m}>{translate(`bookings.dialog.methods.${m}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" select label={translate('bookings.dialog.payment_status')} value={status} onChange={(e) => setStatus(e.target.value as PaymentStatus)} sx={{ minWidth: 140 }}>
          {PAYMENT_STATUSES.map((s) => <MenuItem key={s} value={s}>{translate(`bookings.dialog.payment_statuses.${s}`)}</MenuItem>)}
        </TextField>
        <Button disabled={!(Number(amount) > 0)} onClick={() => run(async () => { await addPayment({ booking_id: bookingId, amount: Number(amount), method, status }); setAmount(''); })}>
          {translate('bookings.dialog.add_payment')}
        </Button>
      </Box>
    </Box>
  );
}
