import Chip from '@mui/material/Chip';
import { Datagrid, DateField, DateInput, FunctionField, List, SelectInput, TextField, TextInput, useTranslate } from 'react-admin';
import { summary } from './summary';

interface Item {
  position: number;
  type: string;
  stream_id: string;
  actor: { type: string; id?: string; name?: string };
  recorded_at: string;
  data_summary?: string;
  data?: unknown;
}

export function ActivityList() {
  const translate = useTranslate();
  const filters = [
    <TextInput key="type" source="type" label="app.activity.type" alwaysOn />,
    <DateInput key="from" source="from" label="app.activity.from" alwaysOn />,
    <DateInput key="to" source="to" label="app.activity.to" alwaysOn />,
    <SelectInput
      key="category"
      source="category"
      choices={['department', 'service', 'member', 'holiday', 'business', 'account'].map((c) => ({ id: c, name: c }))}
      translateChoice={false}
      label="app.activity.record"
    />,
  ];
  return (
    <List resource="activity" filters={filters} exporter={false} sort={{ field: 'position', order: 'DESC' }} title="app.activity.title" perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="activity-list">
        <DateField source="recorded_at" showTime label="app.activity.when" />
        <FunctionField
          label="app.activity.who"
          render={(r: Item) => (
            <>
              <Chip size="small" label={translate(`app.activity.actors.${r.actor?.type ?? 'system'}`, { _: r.actor?.type })} sx={{ mr: 1 }} />
              {r.actor?.name ?? ''}
            </>
          )}
        />
        <TextField source="type" label="app.activity.what" />
        <TextField source="stream_id" label="app.activity.record" />
        <FunctionField label=" " render={(r: Item) => summary(r)} />
      </Datagrid>
    </List>
  );
}
