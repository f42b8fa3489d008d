import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { Datagrid, DateInput, FunctionField, List, ReferenceInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { WhenField } from '../i18n/format';

const R = 'feedback';
type Row = {
  id: string;
  stars: number;
  text: string | null;
  queue_name: string | null;
  label: string;
  customer_name: string | null;
  day: string;
  updated_at: string;
};

function Stars({ value }: { value: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="feedback-stars" data-stars={value}>
      <Rating value={value} readOnly size="small" aria-hidden />
      <Typography variant="body2" component="span">
        {translate('ticket.feedback.star_n', { count: value })}
      </Typography>
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="empty">
      <Typography variant="h6">{translate('feedback.empty')}</Typography>
    </Box>
  );
}

/** /feedback: customers' ratings of their visits, filtered by queue, stars and dates (ADMIN, MANAGER). */
export function FeedbackList() {
  const translate = useTranslate();
  const stars = [5, 4, 3, 2, 1].map((n) => ({ id: n, name: translate('ticket.feedback.star_n', { count: n }) }));
  const filters = [
    <ReferenceInput key="queue_id" source="queue_id" reference="queues" alwaysOn perPage={500}>
      <SelectInput optionText="name" label="resources.feedback.fields.queue_id" emptyText="feedback.all_queues" />
    </ReferenceInput>,
    <SelectInput key="stars" source="stars" choices={stars} translateChoice={false} alwaysOn emptyText="feedback.any_stars" />,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
  ];
  return (
    <List resource={R} filters={filters} empty={false} exporter={false} sort={{ field: 'id', order: 'DESC' }} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />} data-testid="feedback-list">
        <FunctionField source="stars" sortable={false} render={(r: Row) => <Stars value={r.stars} />} />
        <TextField source="text" sortable={false} emptyText="—" />
        <TextField source="queue_name" sortable={false} emptyText="—" />
        <TextField source="label" sortable={false} />
        <TextField source="customer_name" sortable={false} emptyText="—" />
        <WhenField source="day" day sortable={false} />
        <WhenField source="updated_at" sortable={false} />
      </Datagrid>
    </List>
  );
}
