import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ReceivedPayments } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { T } from './payment-keys';

/** A page of received payments: the totals (all, and by method) above the table. */
export function ReceivedTable({
  data,
  money,
  word,
}: {
  data: ReceivedPayments;
  money: (amount: number) => string;
  word: { method: (m: string) => string; status: (s: string) => string };
}) {
  const translate = useTranslate();
  const f = useFormat();
  return (
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
    </>
  );
}
