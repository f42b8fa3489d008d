import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/Inbox';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { TabourDataProvider } from '../data/dataProvider';
import { useFormat } from '../i18n/format';

export function EmptyTab({ text = 'customers.empty_tab' }: { text?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="empty-tab">
      <InboxIcon fontSize="large" />
      <Typography>{translate(text)}</Typography>
    </Box>
  );
}

type Row = Record<string, unknown> & { id: string };
const PAGE = 15;
const shown = (v: unknown, f: ReturnType<typeof useFormat>) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)
    ? f.when(v)
    : v === null || v === undefined
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/**
 * A customer's bookings, tickets and archives: the booking and queue contexts fill these lists,
 * and each row carries its own summary, so the columns are the row's own keys.
 */
/** A customer's past tickets, a page at a time. */
export function RelatedList({ customerId }: { customerId: string }) {
  const dataProvider = useDataProvider<TabourDataProvider>();
  const f = useFormat();
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery({
    queryKey: ['customer-related', 'tickets', customerId, page],
    queryFn: () => dataProvider.customerTickets<Row>(customerId, page),
  });
  if (isPending) return <LinearProgress />;
  const rows = data?.data ?? [];
  if (!rows.length) return <EmptyTab />;
  const columns = Object.keys(rows[0]).filter((k) => !['id', 'tenant_id', 'customer_id'].includes(k));
  return (
    <Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c.replace(/_/g, ' ')}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              {columns.map((c) => (
                <TableCell key={c}>{shown(r[c], f)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(data?.total ?? 0) > PAGE && <Pagination sx={{ mt: 1 }} page={page} count={Math.ceil((data?.total ?? 0) / PAGE)} onChange={(_e, p) => setPage(p)} />}
    </Box>
  );
}
