import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArchiveIcon from '@mui/icons-material/Archive';
import EditIcon from '@mui/icons-material/Edit';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import TvIcon from '@mui/icons-material/Tv';
import { Link } from 'react-router-dom';
import { CreateButton, Datagrid, DeleteButton, FunctionField, List, SearchInput, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Empty } from '../components/EmptyList';
import { useMayOpen, useQueueCall } from './hooks';
import { Queue, Summary, waitMinutes } from './model';

const R = 'queues';
type Row = Queue & { summary?: Summary };

function ListActions() {
  const may = useMayOpen();
  return <TopToolbar>{may('/queues/create') && <CreateButton data-testid="create-queue" />}</TopToolbar>;
}

/** A minute count as the screens word it ("3 min"), or a dash when nothing is known yet. */
export function Minutes({ seconds }: { seconds: number | null | undefined }) {
  const translate = useTranslate();
  const m = waitMinutes(seconds);
  return <>{m === null ? '—' : translate('queues.minutes', { count: m })}</>;
}

function RowButtons() {
  const record = useRecordContext<Row>();
  const translate = useTranslate();
  const { fail } = useQueueCall();
  const may = useMayOpen();
  if (!record) return null;
  const to = (page: string) => `/queues/${record.id}/${page}`;
  const icon = (page: string, label: string, node: React.ReactNode) =>
    may(to(page)) && (
      <Tooltip title={translate(label)}>
        <IconButton
          component={Link}
          to={to(page)}
          aria-label={translate(label)}
          size="small"
          data-testid={`queue-${page}`}
          onClick={(e: React.MouseEvent) => e.stopPropagation()}
        >
          {node}
        </IconButton>
      </Tooltip>
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Button component={Link} to={to('waitinglist')} size="small" variant="contained" startIcon={<FormatListNumberedIcon />} data-testid="queue-waitinglist">
        {translate('queues.actions.waiting_list')}
      </Button>
      {icon('edit', 'ra.action.edit', <EditIcon fontSize="small" />)}
      {icon('archive', 'queues.actions.archive', <ArchiveIcon fontSize="small" />)}
      {icon('counterStats', 'queues.actions.counter_stats', <PointOfSaleIcon fontSize="small" />)}
      {icon('reorderServices', 'queues.actions.reorder_services', <SwapVertIcon fontSize="small" />)}
      {icon('display', 'display.open_board', <TvIcon fontSize="small" />)}
      {may('/queues/create') && (
        <DeleteButton
          mutationMode="pessimistic"
          mutationOptions={{ onError: (e: unknown) => fail('delete', e) }}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          data-testid="queue-delete"
        />
      )}
    </Box>
  );
}

export function QueueList() {
  const translate = useTranslate();
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('queues.search')} />]}
      actions={<ListActions />}
      empty={<Empty resource={R} />}
      exporter={false}
      perPage={25}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} data-testid="queue-list">
        <FunctionField
          source="name"
          sortable={false}
          render={(r: Row) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid={`queue-row-${r.name}`}>
              <strong>{r.name}</strong>
              {r.paused && <Chip size="small" color="warning" label={translate('queues.paused')} />}
            </Box>
          )}
        />
        <TextField source="ticket_prefix" sortable={false} emptyText="—" />
        <FunctionField label="queues.summary.waiting" render={(r: Row) => <span data-testid="summary-waiting">{r.summary?.waiting ?? 0}</span>} />
        <FunctionField label="queues.summary.in_service" render={(r: Row) => r.summary?.in_service ?? 0} />
        <FunctionField label="queues.summary.on_hold" render={(r: Row) => r.summary?.on_hold ?? 0} />
        <FunctionField label="queues.summary.open_counters" render={(r: Row) => `${r.summary?.open_counters ?? 0} / ${r.summary?.counters ?? 0}`} />
        <FunctionField label="queues.summary.average_wait" render={(r: Row) => <Minutes seconds={r.summary?.average_wait_seconds} />} />
        <FunctionField label="queues.summary.served_today" render={(r: Row) => r.summary?.served_today ?? 0} />
        <RowButtons />
      </Datagrid>
    </List>
  );
}
