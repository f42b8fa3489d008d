import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import type { Quote } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { P } from './membership-keys';
import { formatMoney } from './money';

/** A quote's lines: the list price, a discount, the credit for the time left, VAT and the total. */
export function QuoteLines({ quote }: { quote: Quote }) {
  const translate = useTranslate();
  const f = useFormat();
  const money = (minor: number) => formatMoney(minor, quote.currency, f.locale);
  const line = (label: string, value: string, testid?: string, strong = false) => (
    <TableRow>
      <TableCell>{label}</TableCell>
      <TableCell align="right" sx={strong ? { fontWeight: 700 } : undefined} data-testid={testid}>
        {value}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" data-testid="quote">
      <TableBody>
        {line(translate(`${P}.subtotal`), money(quote.list_price))}
        {quote.discount > 0 && line(translate(`${P}.discount`), `−${money(quote.discount)}`, 'quote-discount')}
        {quote.proration_credit > 0 && line(translate(`${P}.proration`), `−${money(quote.proration_credit)}`)}
        {line(translate(`${P}.vat`, { rate: f.number(quote.vat_rate) }), money(quote.vat))}
        {line(translate(`${P}.total`), money(quote.total), 'quote-total', true)}
      </TableBody>
    </Table>
  );
}
