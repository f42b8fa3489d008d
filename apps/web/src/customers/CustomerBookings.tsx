import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import type { Booking } from '@tabour/contracts';
import { byId, useBusinessZone, useDepartments, useMembers } from '../data/lookups';
import type { TabourDataProvider } from '../data/dataProvider';
import { EmptyTab } from './Related';

const COLUMNS = ['date', 'time', 'department', 'services', 'member', 'status'] as const;

/**
 * A customer's bookings: the next ones (soonest first) or the archive (latest first), a page at
 * a time. `first` shows only the next booking, for the "booking" tab.
 */
export function CustomerBookings({ customerId, kind, first = false }: { customerId: string; kind: 'next' | 'past'; first?: boolean }) {
  const dataProvider = useDataProvider<TabourDataProvider>();
  const translate = useTranslate();
  const locale = useLocale();
  const zone = useBusinessZone();
  const departments = byId(useDepartments().data);
  const members = byId(useMembers().data);
  const [page, setPage] = useState(1);
  const { data, isPending } = useQuery({
    queryKey: ['customer-bookings', kind, customerId, page],
    queryFn: () => dataProvider.customerBookings(kind, customerId, page),
  });
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  const rows = (data?.data ?? []).slice(0, first ? 1 : undefined);
  if (!rows.length) return <EmptyTab text={kind === 'next' ? 'customers.no_next_booking' : 'customers.no_past_booking'} />;
  const serviceNames = (b: Booking) => {
    const offered = departments[b.department_id]?.services ?? [];
    return b.service_ids.map((id) => offered.find((s) => s.id === id)?.name ?? '—').join(', ');
  };
  const cell = (b: Booking, c: (typeof COLUMNS)[number]) => {
    switch (c) {
      case 'date':
        return DateTime.fromISO(b.date).setLocale(locale).toLocaleString(DateTime.DATE_MED);
      case 'time':
        return zone ? DateTime.fromISO(b.starts_at, { zone }).setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE) : b.slot;
      case 'department':
        return departments[b.department_id]?.name ?? '—';
      case 'services':
        return serviceNames(b) || '—';
      case 'member':
        return b.member_id ? (members[b.member_id]?.name ?? '—') : '—';
      case 'status':
        return (
          <Chip
            size="small"
            label={translate(`bookings.table.statuses.${b.status}`)}
            color={b.status === 'confirmed' || b.status === 'checked_in' ? 'primary' : 'default'}
          />
        );
    }
  };
  return (
    <Box data-testid={`customer-bookings-${kind}`}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{translate(`bookings.table.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((b) => (
            <TableRow key={b.id} data-testid="customer-booking">
              {COLUMNS.map((c) => (
                <TableCell key={c}>{cell(b, c)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!first && (data?.last_page ?? 1) > 1 && <Pagination sx={{ mt: 1 }} page={page} count={data!.last_page} onChange={(_e, p) => setPage(p)} />}
    </Box>
  );
}
