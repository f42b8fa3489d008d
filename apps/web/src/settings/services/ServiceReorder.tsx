import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { closestCenter, DndContext, DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { TabourDataProvider } from '../../data/dataProvider';

interface Row {
  id: string;
  name: string;
  parent_id: string | null;
}

function SortableRow({ row, label }: { row: Row; label: string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  return (
    <ListItem
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ bgcolor: isDragging ? 'action.selected' : 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, mb: 1, cursor: 'grab' }}
      data-testid={`reorder-${row.name}`}
      {...attributes}
      {...listeners}
    >
      <ListItemIcon aria-label={label}>
        <DragIndicatorIcon />
      </ListItemIcon>
      <ListItemText primary={row.name} />
    </ListItem>
  );
}

/** Drag the services into the order customers see on the USSD menu, then save it. */
export function ServiceReorder() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TabourDataProvider>();
  const queryClient = useQueryClient();
  const { data } = useGetList<Row>('settings/services', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'ussd_order', order: 'ASC' } });
  // The list as dragged, until the saved order comes back from the server.
  const [rows, setRows] = useState<Row[]>(data ?? []);
  const [rowsOf, setRowsOf] = useState(data);
  if (rowsOf !== data) {
    setRowsOf(data);
    setRows(data ?? []);
  }
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const { mutate, isPending } = useMutation({
    mutationFn: (order: string[]) => dataProvider.reorderServices(order),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['settings/services'] });
      notify('app.toast.order_saved', { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setRows((r) =>
      arrayMove(
        r,
        r.findIndex((x) => x.id === active.id),
        r.findIndex((x) => x.id === over.id),
      ),
    );
  };
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="app.services.reorder_title" />
      <CardContent>
        <Typography variant="h6">{translate('app.services.reorder_title')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.services.reorder_hint')}
        </Typography>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
            <List>
              {rows.map((r) => (
                <SortableRow key={r.id} row={r} label={translate('app.services.drag')} />
              ))}
            </List>
          </SortableContext>
        </DndContext>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" disabled={isPending || rows.length === 0} onClick={() => mutate(rows.map((r) => r.id))} data-testid="save-order">
            {translate('app.services.save_order')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
