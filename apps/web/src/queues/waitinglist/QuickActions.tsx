import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import ReplayIcon from '@mui/icons-material/Replay';
import { useTranslate } from 'react-admin';
import { ticketAction } from '../../data/queues';
import { useQueueCall } from '../hooks';
import type { Ticket, TicketAction } from '../model';
import { ConfirmDialog } from './dialogs';
import type { TicketContext } from './TicketMenu';

/**
 * The actions a ticket at a counter (End, No-show) or on hold (Recall) needs most, one click
 * away beside it; the others stay in its menu. No-show cannot be undone: it asks first.
 */
export function QuickActions({ ticket, ctx }: { ticket: Ticket; ctx: TicketContext }) {
  const translate = useTranslate();
  const { run } = useQueueCall();
  const [confirming, setConfirming] = useState(false);
  const label = { label: ticket.label };
  const act = async (action: TicketAction) => {
    await run(action, () => ticketAction(action, ctx.queueId, ticket.id), [`queues.done.${action}`, label]);
    setConfirming(false);
    ctx.refresh();
  };
  const button = (action: TicketAction, icon: React.ReactNode, onClick: () => void) => (
    <Button size="small" startIcon={icon} onClick={onClick} data-testid={`quick-${action}-${ticket.label}`} sx={{ whiteSpace: 'nowrap' }}>
      {translate(`queues.ticket.${action}`)}
    </Button>
  );
  if (ticket.status === 'on_hold') return button('recall', <ReplayIcon fontSize="small" />, () => act('recall'));
  if (ticket.status !== 'in_service') return null;
  return (
    <Box sx={{ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>
      {button('end', <DoneAllIcon fontSize="small" />, () => act('end'))}
      {button('no_show', <PersonOffIcon fontSize="small" />, () => setConfirming(true))}
      {confirming && (
        <ConfirmDialog
          text={translate('queues.dialogs.confirm.no_show', label)}
          submit={translate('queues.ticket.no_show')}
          onConfirm={() => act('no_show')}
          onClose={() => setConfirming(false)}
        />
      )}
    </Box>
  );
}
