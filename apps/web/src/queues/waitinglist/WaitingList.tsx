import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CampaignIcon from '@mui/icons-material/Campaign';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import ReplayIcon from '@mui/icons-material/Replay';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { closestCenter, DndContext, DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import type { HttpError } from '../../data/http';
import type { LiveState } from '../../live/useLiveRoom';
import { Minutes } from '../QueueList';
import { BackToQueues } from '../QueueHeader';
import { callNext, closeCounter, delayQueue, moveTicket, openCounter, pauseQueue, resumeQueue, ticketAction } from '../api';
import { nameMap, useMayOpen, useNoteTypes, useQueueCall, useQueues, useServices, useTeam } from '../common';
import { counterMayServe, waitMinutes } from '@tabour/contracts';
import { Counter, moveItem, Ticket, type TicketAction, WaitingList as WaitingListShape } from '../model';
import { useWaitingListData, type HeldCounter } from './data';
import { ActionDialog, ConfirmDialog, DelayDialog } from './dialogs';
import { PushDialog } from './PushDialog';
import { registerWaitingList } from './route';
import { useRowWindow } from './rowWindow';
import { TicketContext, TicketMenu } from './TicketMenu';

function LiveChip({ state }: { state: LiveState }) {
  const translate = useTranslate();
  const color = state === 'live' ? 'success' : state === 'connecting' ? 'default' : 'warning';
  return <Chip size="small" variant="outlined" color={color} label={translate(`queues.live.${state}`)} data-testid="live-state" data-state={state} />;
}

/** What a ticket is: label, urgency, customer, services, requested member and notes. */
function TicketCells({
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

type Names = Parameters<typeof TicketCells>[0]['names'];

/** `forMe`: with a counter held here, whether call next there takes this ticket next ('next'), later ('yes') or never ('no'). */
function WaitingRow({ t, names, ctx, forMe }: { t: Ticket; names: Names; ctx: TicketContext; forMe?: 'next' | 'yes' | 'no' }) {
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

/** The place of rows not in the page (useRowWindow): the page keeps its length and its scroll bar tells the truth. */
const Spacer = ({ height }: { height: number }) => (
  <tr aria-hidden style={{ height }}>
    <td colSpan={6} style={{ padding: 0, border: 0 }} />
  </tr>
);

/**
 * The waiting list in the order call next follows (urgent first, as the API sends it); a row
 * dragged onto another takes that ticket's rank.
 */
function WaitingTable({ list, names, ctx, counter }: { list: Ticket[]; names: Names; ctx: TicketContext; counter?: Counter }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { fail } = useQueueCall();
  const body = useRef<HTMLTableSectionElement>(null);
  const [dragging, setDragging] = useState(false);
  // Only the rows on screen are in the page, so the browser's find cannot reach a ticket far
  // down a long line: the list finds it by label or customer name.
  const [find, setFind] = useState('');
  const needle = find.trim().toLocaleLowerCase();
  const matching = needle
    ? list.filter((t) => t.label.toLocaleLowerCase().includes(needle) || (t.customer_name ?? '').toLocaleLowerCase().includes(needle))
    : list;
  const rows = useRowWindow(matching.length, body, dragging);
  const shown = matching.slice(rows.start, rows.end);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragging(false);
    if (!over || active.id === over.id) return;
    const from = list.findIndex((t) => t.id === active.id);
    const to = list.findIndex((t) => t.id === over.id);
    if (from < 0 || to < 0) return;
    // The server moves by rank, which urgent tickets do not follow on screen.
    const fromRank = list[from].rank ?? from + 1;
    const toRank = list[to].rank ?? to + 1;
    const key = ['queue-live', ctx.queueId, 'waiting'];
    // The row lands at once; the server's answer (or the next notice) confirms the order.
    queryClient.setQueryData<WaitingListShape>(key, (old) => (old ? { ...old, data: moveItem(old.data, from, to) } : old));
    try {
      await moveTicket(ctx.queueId, String(active.id), fromRank, toRank);
      notify('queues.done.move', { type: 'success', messageArgs: { label: list[from].label } });
    } catch (e) {
      if ((e as HttpError).status === 409) notify('queues.errors.move_stale', { type: 'warning' });
      else fail('move', e);
    }
    ctx.refresh();
  };
  // The list is in call order: the first ticket this counter may serve is the one its call next takes.
  const nextId = counter ? list.find((t) => counterMayServe(counter, t))?.id : undefined;
  if (!list.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="waiting-empty">
        {translate('queues.empty.waiting')}
      </Typography>
    );
  return (
    <>
      <TextField
        size="small"
        type="search"
        value={find}
        onChange={(e) => setFind(e.target.value)}
        label={translate('queues.find.label')}
        placeholder={translate('queues.find.placeholder')}
        inputProps={{ 'data-testid': 'find-ticket' }}
        sx={{ display: 'flex', mt: 1, mb: 1, width: { xs: '100%', sm: 320 } }}
      />
      {needle && !matching.length && (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="find-none">
          {translate('queues.find.none', { query: find.trim() })}
        </Typography>
      )}
      {matching.length > 0 && (
        // Only the page scrolls up and down under a drag: the table itself never slides sideways.
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={() => setDragging(true)}
          onDragCancel={() => setDragging(false)}
          onDragEnd={onDragEnd}
          autoScroll={{ threshold: { x: 0, y: 0.2 } }}
        >
          <SortableContext items={shown.map((t) => t.id)} strategy={verticalListSortingStrategy}>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell />
                    <TableCell>{translate('queues.columns.rank')}</TableCell>
                    <TableCell>{translate('queues.columns.label')}</TableCell>
                    <TableCell>{translate('queues.columns.customer')}</TableCell>
                    <TableCell>{translate('queues.columns.estimate')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody ref={body}>
                  {rows.before > 0 && <Spacer height={rows.before} />}
                  {shown.map((t) => (
                    <WaitingRow
                      key={t.id}
                      t={t}
                      names={names}
                      ctx={ctx}
                      forMe={counter ? (t.id === nextId ? 'next' : counterMayServe(counter, t) ? 'yes' : 'no') : undefined}
                    />
                  ))}
                  {rows.after > 0 && <Spacer height={rows.after} />}
                </TableBody>
              </Table>
            </Box>
          </SortableContext>
        </DndContext>
      )}
    </>
  );
}

/**
 * The actions a ticket at a counter (End, No-show) or on hold (Recall) needs most, one click
 * away beside it; the others stay in its menu. No-show cannot be undone: it asks first.
 */
function QuickActions({ ticket, ctx }: { ticket: Ticket; ctx: TicketContext }) {
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

/** Tickets at a counter or put aside: who, where, and their actions. */
function SideTable({
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

/** The counter an agent last opened in a queue, offered first the next time (kept in this browser). */
const LAST_COUNTER = (queueId: string) => `tabour.counter.${queueId}`;
const rememberedCounter = (queueId: string) => {
  try {
    return localStorage.getItem(LAST_COUNTER(queueId)) ?? '';
  } catch {
    return '';
  }
};

/** A key pressed while typing in a field, or with a dialog or menu open, is not a shortcut. */
function isShortcutTarget(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return false;
  const el = e.target as HTMLElement | null;
  if (el?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]')) return false;
  return !document.querySelector('[role="dialog"], [role="presentation"] [role="menu"]');
}

const Kbd = ({ k }: { k: string }) => (
  <Box
    component="kbd"
    sx={{ marginInlineStart: 1, px: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, fontSize: '0.75em', fontFamily: 'monospace' }}
    aria-hidden
  >
    {k}
  </Box>
);

/**
 * The agent's place: the counter they hold here (with "Call next" and the ticket at it), the one
 * they hold in another queue, or a counter of this queue to open. Shortcuts (shown on screen):
 * N calls next, E ends the ticket at the counter, H puts it on hold, R recalls the oldest ticket on hold.
 */
function Desk({
  queueId,
  counters,
  mine,
  serving,
  onHold,
  queueNames,
  refresh,
}: {
  queueId: string;
  counters: Counter[];
  mine: HeldCounter | null | undefined;
  serving: Ticket | undefined;
  onHold: Ticket[];
  queueNames: Record<string, string>;
  refresh: () => void;
}) {
  const translate = useTranslate();
  const { run } = useQueueCall();
  const free = counters.filter((c) => !c.open);
  const [picked, setPick] = useState(() => rememberedCounter(queueId));
  // A counter taken meanwhile (or none picked yet) falls back to the first free one.
  const pick = free.some((c) => c.id === picked) ? picked : (free[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  const callButton = useRef<HTMLButtonElement>(null);
  const busyRun = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const here = mine && mine.queue_id === queueId ? mine : null;
  const call = () =>
    here &&
    busyRun(() =>
      run(
        'call',
        () => callNext(queueId, here.id),
        // Calling next ends the ticket at the counter: the message says so.
        (r) =>
          r.ticket
            ? serving
              ? ['queues.done.call_after_end', { ended: serving.label, label: r.ticket.label }]
              : ['queues.done.call', { label: r.ticket.label }]
            : 'queues.done.call_ended',
      ),
    );
  const act = (action: TicketAction, t: Ticket | undefined) =>
    t && busyRun(() => run(action, () => ticketAction(action, queueId, t.id), [`queues.done.${action}`, { label: t.label }]));
  const shortcuts = useRef<Record<string, () => void>>({});
  // The latest handlers, read by the one key listener below.
  useEffect(() => {
    // While a call is under way a second key press waits, as the disabled buttons do.
    shortcuts.current =
      here && !busy
        ? {
            n: () => void call(),
            e: () => void act('end', serving),
            h: () => void act('hold', serving),
            r: () => void act('recall', onHold.find((t) => t.counter_id === here.id) ?? onHold[0]),
          }
        : {};
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const fn = shortcuts.current[e.key.toLowerCase()];
      if (!fn || !isShortcutTarget(e)) return;
      e.preventDefault();
      fn();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // The agent's first key press reaches Call next, not the menu's twenty links.
  const hereId = here?.id;
  useEffect(() => {
    if (hereId) callButton.current?.focus();
  }, [hereId]);

  if (mine && mine.queue_id !== queueId) {
    return (
      <Alert
        severity="info"
        data-testid="desk-elsewhere"
        action={
          <Button component={Link} to={`/queues/${mine.queue_id}/waitinglist`}>
            {translate('queues.desk.go_there')}
          </Button>
        }
      >
        {translate('queues.desk.elsewhere', { name: mine.name, queue: queueNames[mine.queue_id] ?? '' })}
      </Alert>
    );
  }
  if (here) {
    const close = () => busyRun(() => run('close_counter', () => closeCounter(queueId, here.id), 'queues.desk.closed'));
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid="desk">
          <Typography data-testid="desk-at">{translate('queues.desk.at', { name: here.name })}</Typography>
          <Button
            ref={callButton}
            variant="contained"
            size="large"
            startIcon={<CampaignIcon />}
            disabled={busy}
            onClick={call}
            aria-keyshortcuts="N"
            data-testid="call-next"
          >
            {translate('queues.call_next')}
            <Kbd k="N" />
          </Button>
          {serving && (
            <>
              <Chip color="primary" label={translate('queues.desk.serving', { label: serving.label })} data-testid="desk-serving" />
              <Button disabled={busy} startIcon={<DoneAllIcon />} onClick={() => act('end', serving)} aria-keyshortcuts="E" data-testid="desk-end">
                {translate('queues.ticket.end')}
                <Kbd k="E" />
              </Button>
              <Button disabled={busy} startIcon={<PauseCircleIcon />} onClick={() => act('hold', serving)} aria-keyshortcuts="H" data-testid="desk-hold">
                {translate('queues.ticket.hold')}
                <Kbd k="H" />
              </Button>
            </>
          )}
          {onHold.length > 0 && (
            <Button
              disabled={busy}
              startIcon={<ReplayIcon />}
              onClick={() => act('recall', onHold.find((t) => t.counter_id === here.id) ?? onHold[0])}
              aria-keyshortcuts="R"
              data-testid="desk-recall"
            >
              {translate('queues.ticket.recall')}
              <Kbd k="R" />
            </Button>
          )}
          <Button disabled={busy} onClick={() => (serving ? setClosing(true) : void close())} data-testid="close-counter">
            {translate('queues.desk.close')}
          </Button>
        </Box>
        <Typography variant="caption" color="text.secondary" data-testid="desk-shortcuts">
          {translate('queues.desk.shortcuts')}
        </Typography>
        {closing && serving && (
          <ActionDialog
            title={translate('queues.desk.close_title', { name: here.name })}
            submit={translate('queues.desk.close')}
            onSubmit={async () => {
              setClosing(false);
              await close();
            }}
            onClose={() => setClosing(false)}
            danger
          >
            <Typography data-testid="close-counter-text">{translate('queues.desk.close_body', { label: serving.label })}</Typography>
          </ActionDialog>
        )}
      </Box>
    );
  }
  const open = () =>
    busyRun(async () => {
      const done = await run('open_counter', () => openCounter(queueId, pick), 'queues.desk.opened');
      if (done !== undefined) {
        try {
          localStorage.setItem(LAST_COUNTER(queueId), pick);
        } catch {
          // a browser without storage only forgets the choice
        }
      }
    });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid="desk">
      {free.length ? (
        <>
          <TextField
            select
            fullWidth={false}
            size="small"
            label={translate('queues.desk.pick')}
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            sx={{ minWidth: 200 }}
            data-testid="desk-counter"
          >
            {free.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={busy || !pick} onClick={open} data-testid="open-counter">
            {translate('queues.desk.open')}
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">{translate(counters.length ? 'queues.desk.all_taken' : 'queues.counters.none')}</Typography>
      )}
    </Box>
  );
}

export function WaitingListPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const may = useMayOpen();
  const { run } = useQueueCall();
  const data = useWaitingListData(id);
  const services = useServices().data ?? [];
  const team = useTeam().data ?? [];
  const noteTypes = useNoteTypes().data ?? [];
  const queues = useQueues().data ?? [];
  const [pushing, setPushing] = useState(false);
  const [delaying, setDelaying] = useState(false);

  const queue = data.queue.data;
  if (data.queue.isPending) return <Loading />;
  if (!queue) return <Alert severity="error">{translate('queues.errors.load')}</Alert>;
  const waiting = data.waiting.data?.data ?? [];
  const inService = data.inService.data ?? [];
  const onHold = data.onHold.data ?? [];
  const paused = data.waiting.data?.paused ?? queue.paused;
  const delay = data.waiting.data?.delay_seconds ?? queue.delay_seconds;
  const mine = data.mine.data;
  const names: Names = {
    services: nameMap(services),
    members: nameMap(team),
    noteTypes: Object.fromEntries(noteTypes.map((n) => [n.id, { name: n.name, color: n.color }])),
  };
  const ctx: TicketContext = {
    queueId: id,
    onHoldEnabled: queue.on_hold_enabled,
    waiting,
    members: queue.member_ids?.length ? team.filter((m) => queue.member_ids.includes(m.id)) : team,
    noteTypes,
    queues,
    refresh: data.refresh,
  };
  const pauseOrResume = () =>
    run(
      paused ? 'resume' : 'pause',
      () => (paused ? resumeQueue(id) : pauseQueue(id)),
      paused ? 'queues.queue_actions.resumed' : 'queues.queue_actions.paused',
    ).then(data.refresh);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid="waiting-list-page" data-live={data.live}>
      <Title title={queue.name} />
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <BackToQueues />
          <Typography variant="h5" sx={{ flexGrow: 1 }} data-testid="queue-name">
            {queue.name}
          </Typography>
          <LiveChip state={data.live} />
          {paused && <Chip color="warning" label={translate('queues.paused')} data-testid="paused" />}
          {delay > 0 && (
            <Chip color="warning" variant="outlined" icon={<ScheduleIcon />} label={translate('queues.delay_banner', { count: Math.round(delay / 60) })} />
          )}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPushing(true)} data-testid="push-ticket">
            {translate('queues.push.action')}
          </Button>
          <Button startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />} onClick={pauseOrResume} data-testid="pause-resume">
            {translate(paused ? 'queues.queue_actions.resume' : 'queues.queue_actions.pause')}
          </Button>
          <Button startIcon={<ScheduleIcon />} onClick={() => setDelaying(true)} data-testid="delay">
            {translate('queues.queue_actions.delay')}
          </Button>
        </CardContent>
        <CardContent sx={{ pt: 0 }}>
          <Desk
            queueId={id}
            counters={data.counters.data ?? []}
            mine={mine}
            serving={mine ? inService.find((t) => t.counter_id === mine.id) : undefined}
            onHold={onHold}
            queueNames={nameMap(queues)}
            refresh={data.refresh}
          />
        </CardContent>
      </Card>
      {paused && <Alert severity="warning">{translate('queues.paused_banner')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Card data-testid="waiting-list">
          <CardContent>
            <Typography variant="h6">
              {translate('queues.sections.waiting')} ({waiting.length})
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('queues.sections.order_hint')}
            </Typography>
            <WaitingTable
              list={waiting}
              names={names}
              ctx={ctx}
              counter={mine && mine.queue_id === id ? (data.counters.data ?? []).find((c) => c.id === mine.id) : undefined}
            />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card data-testid="in-service">
            <CardContent>
              <Typography variant="h6">
                {translate('queues.sections.in_service')} ({inService.length})
              </Typography>
              <SideTable tickets={inService} names={names} ctx={ctx} prefix="in-service" empty="queues.empty.in_service" mineCounter={mine?.id} />
            </CardContent>
          </Card>
          <Card data-testid="on-hold">
            <CardContent>
              <Typography variant="h6">
                {translate('queues.sections.on_hold')} ({onHold.length})
              </Typography>
              <SideTable tickets={onHold} names={names} ctx={ctx} prefix="on-hold" empty="queues.empty.on_hold" />
            </CardContent>
          </Card>
        </Box>
      </Box>
      {pushing && (
        <PushDialog
          queue={queue}
          services={services}
          members={ctx.members}
          canPickCustomer={may('/customers')}
          onClose={() => setPushing(false)}
          onDone={data.refresh}
        />
      )}
      {delaying && (
        <DelayDialog
          onClose={() => setDelaying(false)}
          onSave={async (hours, minutes) => {
            const ok = await run('delay', () => delayQueue(id, hours, minutes), 'queues.queue_actions.delayed');
            data.refresh();
            if (ok) setDelaying(false);
          }}
        />
      )}
    </Box>
  );
}

registerWaitingList(WaitingListPage);
