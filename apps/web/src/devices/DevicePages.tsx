import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  ReferenceArrayInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  TextInput,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Empty } from '../components/EmptyList';
import { DeviceActions, DeviceCreate, PlaceholderInput, PlanGate, PresenceChip, StatusChip } from './DeviceParts';
import { DEVICE_STATUSES } from './model';
import { WhenField } from '../i18n/format';

type Resource = 'kiosks' | 'displays';
/** What kiosks and displays both carry in a list row and on their form. */
export type DeviceRow = {
  id: string;
  name: string;
  key: string;
  status: string;
  queue_ids: string[];
  sessions: number;
  last_seen_at: string | null;
  placeholder_image: string | null;
};
type Body = (values: Record<string, unknown>) => Record<string, unknown>;

const fields = (resource: Resource) => `resources.${resource}.fields`;
const gate = (resource: Resource, page: ReactNode) => (
  <PlanGate path={`/${resource}`} title={`resources.${resource}.name`}>
    {page}
  </PlanGate>
);

/** The devices of one kind; `columns` go after the last-seen time (a display's language). */
export function DeviceList({ resource, columns }: { resource: Resource; columns?: ReactNode }) {
  const translate = useTranslate();
  const F = fields(resource);
  return gate(
    resource,
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('devices.search')} />]}
      empty={<Empty resource={resource} />}
      exporter={false}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} data-testid={`${resource.slice(0, -1)}-list`}>
        <TextField source="name" sortable={false} />
        <TextField source="key" sortable={false} sx={{ fontFamily: 'monospace' }} />
        <FunctionField source="status" sortable={false} render={(r: DeviceRow) => <StatusChip status={r.status} />} />
        <FunctionField label={`${F}.presence`} render={(r: DeviceRow) => <PresenceChip record={r} />} />
        <WhenField source="last_seen_at" sortable={false} emptyText={translate('devices.never_seen')} />
        {columns}
        <FunctionField label={`${F}.queue_ids`} render={(r: DeviceRow) => r.queue_ids?.length ?? 0} />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>,
  );
}

/** The first fields of a device's form: its key once issued, name, status and queues. */
export function DeviceIdentity({ resource }: { resource: Resource }) {
  const record = useRecordContext<DeviceRow>();
  const translate = useTranslate();
  const F = fields(resource);
  return (
    <>
      {record?.key && (
        <Typography sx={{ mb: 1 }}>
          {translate(`${F}.key`)}:{' '}
          <Box component="code" sx={{ fontSize: '1.1rem' }} data-testid="device-key-shown">
            {record.key}
          </Box>
        </Typography>
      )}
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput
        source="status"
        choices={DEVICE_STATUSES.map((id) => ({ id, name: translate(`devices.statuses.${id}`) }))}
        translateChoice={false}
        validate={required()}
      />
      <ReferenceArrayInput source="queue_ids" reference="queues" perPage={500}>
        <SelectArrayInput optionText="name" label={`${F}.queue_ids`} fullWidth />
      </ReferenceArrayInput>
    </>
  );
}

/** The placeholder image field, showing the one the device has. */
export function CurrentPlaceholder() {
  const record = useRecordContext<DeviceRow>();
  return <PlaceholderInput current={record?.placeholder_image} />;
}

export const DeviceCreatePage = ({ resource, transform, children }: { resource: Resource; transform: Body; children: ReactNode }) =>
  gate(
    resource,
    <DeviceCreate resource={resource} transform={transform}>
      {children}
    </DeviceCreate>,
  );

export const DeviceEditPage = ({ resource, transform, children }: { resource: Resource; transform: Body; children: ReactNode }) =>
  gate(
    resource,
    <Edit resource={resource} mutationMode="pessimistic" redirect={false} transform={transform} actions={<DeviceActions resource={resource} />}>
      {children}
    </Edit>,
  );
