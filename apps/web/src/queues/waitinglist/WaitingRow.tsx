import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslate } from 'react-admin';
import { waitMinutes } from '@tabour/contracts';
import { Minutes } from '../QueueList';
import type { Ticket } from '../model';
import { TicketCells, type Names } from './TicketCells';
import { TicketMenu, type TicketContext } from './TicketMenu';

/** `forMe`: with a counter held here, whether call next there takes this ticket next ('next'), later ('yes') or never ('no'). */
export function WaitingRow({ t, names, ctx, forMe }: { t: Ticket; names: Names; ctx: TicketContext; forMe?: 'next' | 'yes' | 'no' }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: t.id });
  return (
    <TableRow
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ bgcolor: isDragging ? 'action.selected' : t.urgent ? 'rgba(211, 47, 47, 0.06)' : undefined, opacity: forMe === 'no' ? 0.6 : undefined }}
      data-for-me={forMe ?? ''}
      data-row
      data-testid={`waiting-${t.label}`}
      data-rank={t.rank ?? ''}
      data-position={t.call_position ?? t.rank ?? ''}
    >
      <TableCell
        sx={{ width: 40, cursor: 'grab', touchAction: 'none' }}
        aria-label={translate('queues.ticket.drag')}
        {...attributes}
        {...listeners}
        data-testid={`drag-${t.label}`}
      >
        <DragIndicatorIcon fontSize="small" color="action" />
      </TableCell>
      <TableCell data-testid="position">{t.call_position ?? t.rank}</TableCell>
      <TicketCells t={t} names={names} />
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          {waitMinutes(t.estimated_wait_seconds) === 0 ? (
            <span data-testid="next-up">{translate('queues.next_up')}</span>
          ) : (
            <Minutes seconds={t.estimated_wait_seconds} />
          )}
          {forMe === 'next' && <Chip size="small" color="primary" variant="outlined" label={translate('queues.columns.next_mine')} data-testid="next-mine" />}
          {forMe === 'no' && <Chip size="small" variant="outlined" label={translate('queues.columns.not_mine')} data-testid="not-mine" />}
        </Box>
      </TableCell>
      <TableCell align="right">
        <TicketMenu ticket={t} ctx={ctx} />
      </TableCell>
    </TableRow>
  );
}
