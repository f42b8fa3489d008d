import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { closestCenter, DndContext, DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Loading, Title, useTranslate } from 'react-admin';
import { BackToQueues } from './QueueHeader';
import { reorderQueueServices } from '../data/queues';
import { nameMap, useQueue, useQueueCall, useServices } from './hooks';
import { moveItem } from './model';

function Row({ id, name, index, count, move }: { id: string; name: string; index: number; count: number; move: (from: number, to: number) => void }) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <ListItem
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ bgcolor: isDragging ? 'action.selected' : 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, mb: 1 }}
      data-testid={`queue-service-${name}`}
      secondaryAction={
        <>
          <IconButton aria-label={translate('ra.action.move_up')} disabled={index === 0} onClick={() => move(index, index - 1)} data-testid="move-up">
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            aria-label={translate('ra.action.move_down')}
            disabled={index === count - 1}
            onClick={() => move(index, index + 1)}
            data-testid="move-down"
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <ListItemIcon aria-label={translate('app.services.drag')} sx={{ cursor: 'grab' }} {...attributes} {...listeners}>
        <DragIndicatorIcon />
      </ListItemIcon>
      <ListItemText primary={`${index + 1}. ${name}`} />
    </ListItem>
  );
}

/** The order the queue's services are offered in (kiosk, ticket page): dragged or moved with arrows, then saved. */
export function ReorderServices() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { run } = useQueueCall();
  const queue = useQueue(id);
  const names = nameMap(useServices().data);
  // The order as moved, until the saved one comes back from the server.
  const [order, setOrder] = useState<string[]>(queue.data?.service_ids ?? []);
  const [orderOf, setOrderOf] = useState(queue.data);
  if (orderOf !== queue.data) {
    setOrderOf(queue.data);
    setOrder(queue.data?.service_ids ?? []);
  }
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const move = (from: number, to: number) => setOrder((o) => moveItem(o, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setOrder((o) => moveItem(o, o.indexOf(String(active.id)), o.indexOf(String(over.id))));
  };
  const save = async () => {
    setSaving(true);
    await run('reorder', () => reorderQueueServices(id, order), 'queues.reorder.saved');
    setSaving(false);
    queryClient.invalidateQueries({ queryKey: ['queue-live', id] });
  };
  if (queue.isPending) return <Loading />;
  const title = translate('queues.reorder.title', { name: queue.data?.name ?? '' });
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }} data-testid="reorder-services">
      <Title title={title} />
      <CardContent>
        <BackToQueues />
        <Typography variant="h6">{title}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(order.length ? 'queues.reorder.hint' : 'queues.reorder.empty')}
        </Typography>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <List>
              {order.map((s, i) => (
                <Row key={s} id={s} name={names[s] ?? '…'} index={i} count={order.length} move={move} />
              ))}
            </List>
          </SortableContext>
        </DndContext>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" disabled={saving || order.length < 2} onClick={save} data-testid="save-service-order">
            {translate('queues.reorder.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
