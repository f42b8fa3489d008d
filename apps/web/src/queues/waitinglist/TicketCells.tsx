import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Ticket } from '../model';

/** What a ticket is: label, urgency, customer, services, requested member and notes. */
export function TicketCells({
  t,
  names,
}: {
  t: Ticket;
  names: { services: Record<string, string>; members: Record<string, string>; noteTypes: Record<string, { name: string; color: string | null }> };
}) {
  const translate = useTranslate();
  const notes = t.notes ?? [];
  // Services and the team member asked for go under the name: the row stays narrow enough for a split screen.
  const services = t.service_ids.map((id) => names.services[id]).filter(Boolean);
  const member = t.member_id ? names.members[t.member_id] : undefined;
  const details = [...services, ...(member ? [`${translate('queues.columns.member')}: ${member}`] : [])];
  return (
    <>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <strong>{t.label}</strong>
          {t.urgent && <Chip size="small" color="error" label={translate('queues.columns.urgent')} data-testid="urgent-flag" />}
          {t.late && <Chip size="small" variant="outlined" label={translate('queues.ticket.late')} />}
          {notes.length > 0 && (
            <Tooltip title={notes.map((n) => `${n.note_type_id ? `${names.noteTypes[n.note_type_id]?.name ?? ''}: ` : ''}${n.text}`).join('\n')}>
              <Chip
                size="small"
                variant="outlined"
                label={translate('queues.columns.notes_count', { count: notes.length })}
                sx={{ borderColor: (notes[notes.length - 1].note_type_id && names.noteTypes[notes[notes.length - 1].note_type_id!]?.color) || undefined }}
                data-testid="notes"
              />
            </Tooltip>
          )}
        </Box>
      </TableCell>
      <TableCell>
        <Typography variant="body2">{t.customer_name ?? '—'}</Typography>
        {details.length > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid="ticket-details">
            {details.join(' · ')}
          </Typography>
        )}
      </TableCell>
    </>
  );
}

export type Names = Parameters<typeof TicketCells>[0]['names'];
