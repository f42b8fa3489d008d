import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Divider from '@mui/material/Divider';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PersonIcon from '@mui/icons-material/Person';
import TimerIcon from '@mui/icons-material/Timer';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import ReplayIcon from '@mui/icons-material/Replay';
import VerticalAlignBottomIcon from '@mui/icons-material/VerticalAlignBottom';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import ForumIcon from '@mui/icons-material/Forum';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import { addNote, redirectTicket, setDuration, setMember, setUrgent, swapTickets, ticketAction } from '../../data/queues';
import { useQueueCall, type Named } from '../hooks';
import { FINAL_ACTIONS, Ticket, TicketAction, ticketActions } from '../model';
import { simpleActionCall } from '../../data/queues';
import { MessageHistory } from '../../notifications';
import { HistoryLink } from '../../activity';
import { ConfirmDialog, DurationDialog, MemberDialog, NoteDialog, RedirectDialog, SwapDialog } from './dialogs';

const ICONS: Record<TicketAction, React.ReactNode> = {
  urgent: <PriorityHighIcon fontSize="small" />,
  note: <NoteAddIcon fontSize="small" />,
  member: <PersonIcon fontSize="small" />,
  duration: <TimerIcon fontSize="small" />,
  hold: <PauseCircleIcon fontSize="small" />,
  recall: <ReplayIcon fontSize="small" />,
  push_back: <VerticalAlignBottomIcon fontSize="small" />,
  swap: <SwapVertIcon fontSize="small" />,
  redirect: <CallSplitIcon fontSize="small" />,
  no_show: <PersonOffIcon fontSize="small" />,
  absent: <EventBusyIcon fontSize="small" />,
  end: <DoneAllIcon fontSize="small" />,
  revoke: <DeleteForeverIcon fontSize="small" />,
};

export interface TicketContext {
  queueId: string;
  onHoldEnabled: boolean;
  waiting: Ticket[];
  members: Named[];
  noteTypes: (Named & { color: string | null })[];
  queues: Named[];
  refresh: () => void;
}

/** Every action a ticket offers in its state, each behind a dialog when it needs an answer or cannot be undone. */
export function TicketMenu({ ticket, ctx }: { ticket: Ticket; ctx: TicketContext }) {
  const translate = useTranslate();
  const { run } = useQueueCall();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [made, setMade] = useState(false);
  const [open, setOpen] = useState<TicketAction | null>(null);
  const [messages, setMessages] = useState(false);
  // Every row has a menu: the list of the others is built only for the dialog that offers them.
  const othersWaiting = ctx.waiting.length > 1 || (ctx.waiting.length === 1 && ctx.waiting[0].id !== ticket.id);
  const actions = ticketActions(ticket, { onHoldEnabled: ctx.onHoldEnabled, othersWaiting });
  const q = ctx.queueId;
  const label = { label: ticket.label };

  const act = async (action: TicketAction, call: () => Promise<unknown>) => {
    const ok = await run(action, call, [`queues.done.${action}`, label]);
    if (ok !== undefined) setOpen(null);
    ctx.refresh();
  };
  const choose = (action: TicketAction) => {
    setAnchor(null);
    const simple = simpleActionCall(action, ctx.queueId, ticket.id);
    if (action === 'urgent') return act('urgent', () => setUrgent(q, ticket.id, !ticket.urgent));
    if (simple && !FINAL_ACTIONS.includes(action)) return act(action, () => ticketAction(action, q, ticket.id));
    setOpen(action);
  };
  const close = () => setOpen(null);
  const simple = open ? simpleActionCall(open, ctx.queueId, ticket.id) : null;
  const itemLabel = (a: TicketAction) => (a === 'urgent' ? (ticket.urgent ? 'queues.ticket.urgent_off' : 'queues.ticket.urgent_on') : `queues.ticket.${a}`);

  return (
    <>
      <IconButton
        aria-label={translate('queues.ticket.menu', label)}
        onClick={(e) => {
          setMade(true);
          setAnchor(e.currentTarget);
        }}
        size="small"
        data-testid={`menu-${ticket.label}`}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {/* Its items (a dozen translated texts) are made once it first opens, not with every row. */}
        {made &&
          actions.map((a, i) => [
            FINAL_ACTIONS.includes(a) && i > 0 && !FINAL_ACTIONS.includes(actions[i - 1]) ? <Divider key={`d-${a}`} /> : null,
            <MenuItem key={a} onClick={() => choose(a)} data-testid={`action-${a}`}>
              <ListItemIcon>{ICONS[a]}</ListItemIcon>
              <ListItemText>{translate(itemLabel(a))}</ListItemText>
            </MenuItem>,
          ])}
        {made && <Divider />}
        {made && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setMessages(true);
            }}
            data-testid="ticket-messages"
          >
            <ListItemIcon>
              <ForumIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('notifications.history.open')}</ListItemText>
          </MenuItem>
        )}
        {made && <HistoryLink recordId={ticket.id} menu />}
      </Menu>
      {messages && (
        <Dialog open onClose={() => setMessages(false)} fullWidth maxWidth="md" data-testid="ticket-messages-dialog">
          <DialogTitle>{translate('notifications.history.ticket_title', label)}</DialogTitle>
          <DialogContent>
            <MessageHistory ticketId={ticket.id} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setMessages(false)}>{translate('notifications.history.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
      {open && simple && FINAL_ACTIONS.includes(open) && (
        <ConfirmDialog
          text={translate(`queues.dialogs.confirm.${open}`, label)}
          submit={translate(`queues.ticket.${open}`)}
          onConfirm={() => act(open, () => ticketAction(open, q, ticket.id))}
          onClose={close}
        />
      )}
      {open === 'note' && (
        <NoteDialog
          ticket={ticket}
          noteTypes={ctx.noteTypes}
          onClose={close}
          onSave={(note, typeId) => act('note', () => addNote(q, ticket.id, note, typeId))}
        />
      )}
      {open === 'member' && (
        <MemberDialog ticket={ticket} members={ctx.members} onClose={close} onSave={(memberId) => act('member', () => setMember(q, ticket.id, memberId))} />
      )}
      {open === 'duration' && (
        <DurationDialog ticket={ticket} onClose={close} onSave={(minutes) => act('duration', () => setDuration(q, ticket.id, minutes))} />
      )}
      {open === 'swap' && (
        <SwapDialog
          ticket={ticket}
          others={ctx.waiting.filter((t) => t.id !== ticket.id)}
          onClose={close}
          onSave={(other) => act('swap', () => swapTickets(q, ticket.id, other))}
        />
      )}
      {open === 'redirect' && (
        <RedirectDialog
          ticket={ticket}
          queues={ctx.queues.filter((x) => x.id !== ctx.queueId)}
          onClose={close}
          onSave={(target, keep) => act('redirect', () => redirectTicket(q, ticket.id, target, keep))}
        />
      )}
    </>
  );
}
