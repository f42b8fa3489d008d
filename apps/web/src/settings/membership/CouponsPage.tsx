import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useTranslate } from 'react-admin';
import type { CouponView } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { getCoupons } from './api';
import { formatMoney } from './money';

const C = 'account.coupons';

/** /coupons (ADMIN, MANAGER): the operator's coupons the business may use on its membership now (docs/billing.md says why these). */
export function CouponsPage() {
  const translate = useTranslate();
  const f = useFormat();
  const coupons = useQuery({ queryKey: ['billing', 'coupons'], queryFn: getCoupons });
  const value = (c: CouponView) => (c.kind === 'percent' ? `${f.number(c.value)} %` : formatMoney(c.value, c.currency ?? 'EUR', f.locale));
  const valid = (c: CouponView) => [c.valid_from ? f.when(c.valid_from, 'date') : '…', c.valid_until ? f.when(c.valid_until, 'date') : '…'].join(' – ');
  return (
    <Card sx={{ mt: 2 }} data-testid="coupons-page">
      <Title title={translate(`${C}.title`)} />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${C}.hint`)}
        </Typography>
        {coupons.isPending && <Loading />}
        {coupons.isError && <Alert severity="error">{(coupons.error as Error).message}</Alert>}
        {coupons.data && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {['code', 'value', 'duration', 'valid', 'packages', 'redemptions'].map((k) => (
                    <TableCell key={k}>{translate(`${C}.${k}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {coupons.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Typography color="text.secondary">{translate(`${C}.none`)}</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {coupons.data.data.map((c) => (
                  <TableRow key={c.code} data-testid="coupon-row">
                    <TableCell dir="ltr" sx={{ fontFamily: 'monospace' }}>
                      {c.code}
                    </TableCell>
                    <TableCell>{value(c)}</TableCell>
                    <TableCell>{translate(`${C}.durations.${c.duration}`, { months: c.duration_months ?? '' })}</TableCell>
                    <TableCell>{valid(c)}</TableCell>
                    <TableCell>{c.packages.join(', ')}</TableCell>
                    <TableCell>
                      {c.max_redemptions === null ? f.number(c.redemptions) : `${f.number(c.redemptions)} / ${f.number(c.max_redemptions)}`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
