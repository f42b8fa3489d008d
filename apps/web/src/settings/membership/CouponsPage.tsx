import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import type { CouponView } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { SettingsTable } from '../../components/SettingsTable';
import { getCoupons } from '../../data/membership';
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
        <SettingsTable
          query={coupons}
          rows={coupons.data?.data ?? []}
          failure={coupons.error?.message}
          empty={translate(`${C}.none`)}
          columns={['code', 'value', 'duration', 'valid', 'packages', 'redemptions'].map((k) => translate(`${C}.${k}`))}
          row={(c) => (
            <TableRow key={c.code} data-testid="coupon-row">
              <TableCell dir="ltr" sx={{ fontFamily: 'monospace' }}>
                {c.code}
              </TableCell>
              <TableCell>{value(c)}</TableCell>
              <TableCell>{translate(`${C}.durations.${c.duration}`, { months: c.duration_months ?? '' })}</TableCell>
              <TableCell>{valid(c)}</TableCell>
              <TableCell>{c.packages.join(', ')}</TableCell>
              <TableCell>{c.max_redemptions === null ? f.number(c.redemptions) : `${f.number(c.redemptions)} / ${f.number(c.max_redemptions)}`}</TableCell>
            </TableRow>
          )}
        />
      </CardContent>
    </Card>
  );
}
