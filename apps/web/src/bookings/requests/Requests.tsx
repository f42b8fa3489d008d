import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { DateInput, List, Pagination, ReferenceInput, SelectInput, TextInput, useGetList, useListContext, useLocale, useTranslate } from 'react-admin';
import { BOOKING_REQUEST_STATUSES, type BookingRequest } from '@tabour/contracts';
import { ApproveDialog, DeclineDialog } from './ApproveDialog';
import { useBusinessZone } from '../../data/lookups';
import { useBusinessNotices } from '../../live/businessNotices';
import { decisionKey, isRequestNotice, pendingFirst, shownReason, when } from './model';

const STATUS_COLOURS = { pending: 'warning', approved: 'success', declined: 'error' } as const;

function names(rows: { id: string; name: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((rows ?? []).map((r) => [r.id, r.name]));
}

function Decision({ request }: { request: BookingRequest }) {
  const translate = useTranslate();
  const who = decisionKey(request);
  if (!who || !request.decision) return <>—</>;
  return (
    <Box>
      <Typography variant="body2">{translate(who.key, { name: who.name })}</Typography>
      {shownReason(request) && (
        <Typography variant="caption" color="text.secondary">
          {shownReason(request)}
        </Typography>
      )}
    </Box>
  );
}

/** The page's requests, pending first, with approve and decline on the pending ones; refreshed by the business's notices. */
function RequestTable() {
  const translate = useTranslate();
  const locale = useLocale();
  const zone = useBusinessZone();
  const { data, refetch } = useListContext<BookingRequest>();
  const departments = names(useGetList('settings/departments', { pagination: { page: 1, perPage: 500 } }).data);
  const [approving, setApproving] = useState<BookingRequest | null>(null);
  const [declining, setDeclining] = useState<BookingRequest | null>(null);
  const live = useBusinessNotices(isRequestNotice, () => void refetch());
  const done = () => {
    setApproving(null);
    setDeclining(null);
    void refetch();
  };
  return (
    <>
      <Box sx={{ px: 2, pt: 1 }}>
        <Chip
          size="small"
          variant="outlined"
          color={live === 'live' ? 'success' : 'default'}
          label={translate(`bookings.requests.live.${live}`)}
          data-testid="requests-live"
        />
      </Box>
      <Table size="small" data-testid="requests-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('bookings.requests.columns.created_at')}</TableCell>
            <TableCell>{translate('bookings.requests.columns.customer')}</TableCell>
            <TableCell>{translate('bookings.requests.columns.flow')}</TableCell>
            <TableCell>{translate('bookings.requests.columns.department')}</TableCell>
            <TableCell>{translate('bookings.requests.columns.slot')}</TableCell>
            <TableCell>{translate('bookings.requests.columns.status')}</TableCell>
            <TableCell>{translate('bookings.requests.columns.decision')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {pendingFirst(data ?? []).map((r) => (
            <TableRow key={r.id} data-testid={`request-${r.id}`} data-status={r.status}>
              <TableCell>{when(r.created_at, locale, zone)}</TableCell>
              <TableCell>{r.customer_name ?? '—'}</TableCell>
              <TableCell>{translate(`bookings.requests.flows.${r.flow}`, { _: r.flow })}</TableCell>
              <TableCell>{departments[r.department_id ?? r.data?.department_id] ?? '—'}</TableCell>
              <TableCell>{when(r.data?.starts_at, locale, zone)}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOURS[r.status]} label={translate(`bookings.requests.statuses.${r.status}`)} />
              </TableCell>
              <TableCell>
                <Decision request={r} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {r.status === 'pending' && (
                  <>
                    <Button size="small" color="success" startIcon={<CheckIcon />} onClick={() => setApproving(r)} data-testid="approve">
                      {translate('bookings.requests.approve')}
                    </Button>
                    <Button size="small" color="error" startIcon={<CloseIcon />} onClick={() => setDeclining(r)} data-testid="decline">
                      {translate('bookings.requests.decline')}
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
          {data && data.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>
                <Typography color="text.secondary">{translate('bookings.requests.empty')}</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {approving && <ApproveDialog request={approving} onClose={() => setApproving(null)} onDone={done} />}
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} onDone={done} />}
    </>
  );
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="bookings.requests.filters.status"
    choices={BOOKING_REQUEST_STATUSES.map((s) => ({ id: s, name: `bookings.requests.statuses.${s}` }))}
    emptyText="bookings.requests.filters.all"
    alwaysOn
    sx={{ minWidth: 160 }}
  />,
  <ReferenceInput key="department_id" source="department_id" reference="settings/departments" perPage={500} alwaysOn>
    <SelectInput optionText="name" label="bookings.requests.filters.department" emptyText="bookings.requests.filters.all" sx={{ minWidth: 180 }} />
  </ReferenceInput>,
  <DateInput key="from" source="from" label="bookings.requests.filters.from" />,
  <DateInput key="to" source="to" label="bookings.requests.filters.to" />,
  <TextInput key="q" source="q" label="bookings.requests.filters.search" alwaysOn resettable={false} />,
];

/** Online bookings and queue joins awaiting staff, and what became of the others. */
export function RequestList() {
  const translate = useTranslate();
  return (
    <List
      resource="bookings/request"
      title={translate('bookings.requests.title')}
      filters={filters}
      exporter={false}
      empty={false}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <RequestTable />
    </List>
  );
}
