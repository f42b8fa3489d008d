import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { closestCenter, DndContext, DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { counterMayServe } from '@tabour/contracts';
import type { HttpError } from '../../data/http';
import { moveTicket } from '../../data/queues';
import { useQueueCall } from '../hooks';
import { Counter, moveItem, Ticket, WaitingList as WaitingListShape } from '../model';
import { useRowWindow } from './rowWindow';
import type { Names } from './TicketCells';
import type { TicketContext } from './TicketMenu';
import { WaitingRow } from './WaitingRow';

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
export function WaitingTable({ list, names, ctx, counter }: { list: Ticket[]; names: Names; ctx: TicketContext; counter?: Counter }) {
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
