import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/Restore';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Loading, Title, useLocale, useTranslate } from 'react-admin';
import { readList } from '../data/resources';
import { BackToQueues } from './QueueHeader';
import { nameMap, queuePath, useApi, useBusinessDay, useQueue, useQueueCall, useServices } from './common';
import { ARCHIVE_STATUSES, archiveBody, Ticket } from './model';

function when(iso: string | null | undefined, locale: string) {
  return iso ? new Date(iso).toLocaleString(locale) : '—';
}

/** The tickets that left the queue, newest first; today's come back with "restore". */
export function QueueArchive() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const dataProvider = useApi();
  const queryClient = useQueryClient();
  const { run } = useQueueCall();
  const queue = useQueue(id);
  const services = nameMap(useServices().data);
  const [filters, setFilters] = useState({ status: '', from: '', to: '', q: '' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const key = ['queue-archive', id, page, perPage, filters];
  const archive = useQuery({
    queryKey: key,
    queryFn: async () => {
      const body = await dataProvider.call<{ data: Ticket[]; total: number }>(`${queuePath(id)}/archive`, 'POST', archiveBody(page + 1, perPage, filters));
      return readList<Ticket>(body);
    },
    placeholderData: keepPreviousData,
  });
  const today = useBusinessDay();
  const locale = useLocale();
  const set = (k: keyof typeof filters) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFilters((f) => ({ ...f, [k]: e.target.value }));
    setPage(0);
  };
  const restore = async (t: Ticket) => {
    await run('restore', () => dataProvider.call(`${queuePath(id)}/restore/${t.id}`, 'POST'), ['queues.done.restore', { label: t.label }]);
    queryClient.invalidateQueries({ queryKey: ['queue-archive', id] });
  };
  if (queue.isPending) return <Loading />;
  return (
    <Card sx={{ mt: 2 }} data-testid="queue-archive">
      <Title title={translate('queues.archive.title', { name: queue.data?.name ?? '' })} />
      <CardContent>
        <BackToQueues />
        <Typography variant="h6" sx={{ mb: 2 }}>
          {translate('queues.archive.title', { name: queue.data?.name ?? '' })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <TextField select fullWidth={false} size="small" label={translate('queues.archive.status')} value={filters.status} onChange={set('status')} sx={{ minWidth: 200 }} data-testid="archive-status">
            <MenuItem value="">{translate('queues.archive.all')}</MenuItem>
            {ARCHIVE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`queues.archive.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField type="date" fullWidth={false} size="small" label={translate('queues.archive.from')} value={filters.from} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField type="date" fullWidth={false} size="small" label={translate('queues.archive.to')} value={filters.to} onChange={set('to')} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField fullWidth={false} size="small" label={translate('queues.archive.search')} value={filters.q} onChange={set('q')} data-testid="archive-search" />
        </Box>
        {archive.isError && <Typography color="error">{translate((archive.error as Error).message, { _: (archive.error as Error).message })}</Typography>}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('queues.columns.label')}</TableCell>
              <TableCell>{translate('queues.columns.customer')}</TableCell>
              <TableCell>{translate('queues.columns.services')}</TableCell>
              <TableCell>{translate('queues.archive.status')}</TableCell>
              <TableCell>{translate('queues.columns.checked_in_at')}</TableCell>
              <TableCell>{translate('queues.columns.archived_at')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(archive.data?.data ?? []).map((t) => (
              <TableRow key={t.id} data-testid={`archived-${t.label}`}>
                <TableCell>{t.label}</TableCell>
                <TableCell>{t.customer_name ?? '—'}</TableCell>
                <TableCell>{t.service_ids.map((s) => services[s] ?? '').filter(Boolean).join(', ') || '—'}</TableCell>
                <TableCell>{translate(`queues.archive.statuses.${t.status}`, { _: t.status })}</TableCell>
                <TableCell>{when(t.checked_in_at, locale)}</TableCell>
                <TableCell>{when(t.archived_at, locale)}</TableCell>
                <TableCell>
                  {t.day === today && (
                    <Button size="small" startIcon={<RestoreIcon />} onClick={() => restore(t)} data-testid="restore">
                      {translate('queues.archive.restore')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {archive.data && archive.data.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary">{translate('queues.archive.empty')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={archive.data?.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
        />
      </CardContent>
    </Card>
  );
}
