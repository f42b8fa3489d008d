import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/Restore';
import { useParams } from 'react-router-dom';
import { DateInput, List, Loading, Pagination, SelectInput, TextInput, useListContext, useTranslate } from 'react-admin';
import { HistoryLink } from '../activity';
import { restoreTicket } from '../data/queues';
import { BackToQueues } from './QueueHeader';
import { nameMap, useBusinessDay, useQueue, useQueueCall, useServices } from './hooks';
import { ARCHIVE_STATUSES, Ticket } from './model';
import { useFormat } from '../i18n/format';

function when(iso: string | null | undefined, f: ReturnType<typeof useFormat>) {
  return f.when(iso) || '—';
}

/** The archived tickets of the page, with "restore" on today's. */
function ArchiveTable({ queueId }: { queueId: string }) {
  const translate = useTranslate();
  const f = useFormat();
  const today = useBusinessDay();
  const services = nameMap(useServices().data);
  const { run } = useQueueCall();
  const { data, refetch } = useListContext<Ticket>();
  const restore = async (t: Ticket) => {
    await run('restore', () => restoreTicket(queueId, t.id), ['queues.done.restore', { label: t.label }]);
    refetch();
  };
  return (
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
        {(data ?? []).map((t) => (
          <TableRow key={t.id} data-testid={`archived-${t.label}`}>
            <TableCell>{t.label}</TableCell>
            <TableCell>{t.customer_name ?? '—'}</TableCell>
            <TableCell>
              {t.service_ids
                .map((s) => services[s] ?? '')
                .filter(Boolean)
                .join(', ') || '—'}
            </TableCell>
            <TableCell>{translate(`queues.archive.statuses.${t.status}`, { _: t.status })}</TableCell>
            <TableCell>{when(t.checked_in_at, f)}</TableCell>
            <TableCell>{when(t.archived_at, f)}</TableCell>
            <TableCell>
              <HistoryLink recordId={t.id} />
              {t.day === today && (
                <Button size="small" startIcon={<RestoreIcon />} onClick={() => restore(t)} data-testid="restore">
                  {translate('queues.archive.restore')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
        {data && data.length === 0 && (
          <TableRow>
            <TableCell colSpan={7}>
              <Typography color="text.secondary">{translate('queues.archive.empty')}</Typography>
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

/**
 * The tickets that left the queue, newest first (the API's only order), paged and filtered by
 * react-admin's list over the resource named by its page (`queues/<id>/archive`, whose access
 * rule is the page's); today's come back with "restore".
 */
export function QueueArchive() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const queue = useQueue(id);
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="queues.archive.status"
      choices={ARCHIVE_STATUSES.map((s) => ({ id: s, name: `queues.archive.statuses.${s}` }))}
      emptyText="queues.archive.all"
      alwaysOn
      sx={{ minWidth: 200 }}
      data-testid="archive-status"
    />,
    <DateInput key="from" source="from" label="queues.archive.from" alwaysOn />,
    <DateInput key="to" source="to" label="queues.archive.to" alwaysOn />,
    <TextInput key="q" source="q" label="queues.archive.search" alwaysOn resettable={false} data-testid="archive-search" />,
  ];
  if (queue.isPending) return <Loading />;
  const title = translate('queues.archive.title', { name: queue.data?.name ?? '' });
  return (
    <Box sx={{ mt: 2 }} data-testid="queue-archive">
      <BackToQueues />
      <Typography variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {/* Filters live with the screen, as before: not in the address, not kept for the next visit. */}
      <List
        resource={`queues/${id}/archive`}
        filters={filters}
        title={title}
        actions={false}
        empty={false}
        exporter={false}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        sort={{ field: 'archived_at', order: 'DESC' }}
        disableSyncWithLocation
        storeKey={false}
      >
        <ArchiveTable queueId={id} />
      </List>
    </Box>
  );
}
