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
import { mayEnterAmount, PAYMENT_METHODS, type PaymentMethod } from '@tabour/contracts';
import { readSession } from '../auth/session';
import { getPaymentSettings } from '../data/account';
import { addPayment, bookingPayments, deletePayment, getPaymentTypes } from '../data/bookings';

/** A booking's payments: what its services cost, what is paid, what is left, and one more payment. */
export function Payments({ bookingId }: { bookingId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const key = ['bookings', 'payments', bookingId];
  const payments = useQuery({ queryKey: key, queryFn: () => bookingPayments(bookingId) });
  const accepted = useQuery({ queryKey: ['bookings', 'payment-types'], queryFn: getPaymentTypes, staleTime: 60_000 });
  const methods = accepted.data?.methods?.length ? accepted.data.methods : PAYMENT_METHODS;
  // The business may keep amounts to administrators and managers (/settings/payment); the API refuses the others too.
  const settings = useQuery({ queryKey: ['settings', 'myliberrex'], queryFn: getPaymentSettings, staleTime: 60_000 });
  const mayAdd = !settings.data || mayEnterAmount(readSession()?.user.role ?? '', settings.data);
  const [amount, setAmount] = useState('');
  const [chosen, setMethod] = useState<PaymentMethod | ''>('');
  const [note, setNote] = useState('');
  const method = chosen || methods[0];

  const run = async (call: () => Promise<unknown>) => {
    try {
      await call();
      await client.invalidateQueries({ queryKey: key });
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    }
  };
  const add = async () => {
    if (await run(() => addPayment({ booking_id: bookingId, amount: Number(amount), method, note: note.trim() || null }))) {
      setAmount('');
      setNote('');
    }
  };
  const summary = payments.data;
  const rows = summary?.data ?? [];
  return (
    <Box data-testid="payments">
      <Typography variant="subtitle1" component="h2">
        {translate('bookings.dialog.payments')}
      </Typography>
      {summary && (
        <Typography variant="body2" data-testid="payments-summary">
          {translate('bookings.dialog.price')}: {summary.price.toFixed(2)} · {translate('bookings.dialog.paid')}: {summary.paid.toFixed(2)} ·{' '}
          {translate('bookings.dialog.rest_to_pay')}: {summary.rest_to_pay.toFixed(2)}
        </Typography>
      )}
      {summary && !rows.length && <Typography variant="body2">{translate('bookings.dialog.no_payments')}</Typography>}
      {rows.map((p) => (
        <Box key={p.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {p.amount.toFixed(2)} · {translate(`bookings.dialog.methods.${p.method}`)} · {translate(`bookings.dialog.payment_statuses.${p.status}`)}
            {p.note ? ` · ${p.note}` : ''}
          </Typography>
          <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => void run(() => deletePayment(p.id))}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {!mayAdd && (
        <Typography variant="body2" color="text.secondary" data-testid="payment-not-allowed">
          {translate('account.payment.agents_not_allowed')}
        </Typography>
      )}
      <Box sx={{ display: mayAdd ? 'flex' : 'none', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="number"
          fullWidth={false}
          label={translate('bookings.dialog.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { min: 0, step: 0.01, 'data-testid': 'payment-amount' } }}
        />
        <TextField
          size="small"
          select
          fullWidth={false}
          label={translate('bookings.dialog.method')}
          value={method}
          onChange={(e) => setMethod(e.target.value as PaymentMethod)}
          sx={{ minWidth: 140 }}
        >
          {methods.map((m) => (
            <MenuItem key={m} value={m}>
              {translate(`bookings.dialog.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          fullWidth={false}
          label={translate('bookings.dialog.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <Button disabled={!(Number(amount) > 0)} onClick={() => void add()} data-testid="payment-add">
          {translate('bookings.dialog.add_payment')}
        </Button>
      </Box>
    </Box>
  );
}
