import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Ticket } from '../model';
import { QuickActions } from './QuickActions';
import { TicketCells, type Names } from './TicketCells';
import { TicketContext, TicketMenu } from './TicketMenu';

/** Tickets at a counter or put aside: who, where, and their actions. */
export function SideTable({
  tickets,
  names,
  ctx,
  prefix,
  empty,
  mineCounter,
}: {
  tickets: Ticket[];
  names: Names;
  ctx: TicketContext;
  prefix: string;
  empty: string;
  mineCounter?: string | null;
}) {
  const translate = useTranslate();
  if (!tickets.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid={`${prefix}-empty`}>
        {translate(empty)}
      </Typography>
    );
  return (
    <Table size="small">
      <TableBody>
        {tickets.map((t) => (
          <TableRow key={t.id} data-testid={`${prefix}-${t.label}`} selected={!!mineCounter && t.counter_id === mineCounter}>
            <TicketCells t={t} names={names} />
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t.counter_name ?? ''}</TableCell>
            <TableCell align="right" sx={{ px: 0.5 }}>
              {/* The buttons go under one another in a narrow column rather than out of the card. */}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5 }}>
                <QuickActions ticket={t} ctx={ctx} />
                <TicketMenu ticket={t} ctx={ctx} />
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
