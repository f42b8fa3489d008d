import Chip from '@mui/material/Chip';
import {
  ChipField,
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  ReferenceArrayField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SingleFieldList,
  TextField,
  TextInput,
  TopToolbar,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { BOOKING_STATUSES, type Booking, type BookingStatus } from '@tabour/contracts';
import { ExportButtons, ImportButton } from './Transfer';
import { useFormat, WhenField } from '../../i18n/format';

const STATUS_COLOURS: Record<BookingStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'warning',
  confirmed: 'primary',
  checked_in: 'info',
  completed: 'success',
  no_show: 'error',
  cancelled: 'default',
};

export function BookingStatusChip({ status }: { status: BookingStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status] ?? 'default'} label={translate(`bookings.table.statuses.${status}`, { _: status })} />;
}

const filters = [
  <DateInput key="from" source="from" label="bookings.table.filters.from" alwaysOn />,
  <DateInput key="to" source="to" label="bookings.table.filters.to" alwaysOn />,
  <ReferenceInput key="department_id" source="department_id" reference="settings/departments" perPage={500} alwaysOn>
    <SelectInput optionText="name" label="bookings.table.filters.department" emptyText="bookings.table.filters.all" sx={{ minWidth: 180 }} />
  </ReferenceInput>,
  <ReferenceInput key="member_id" source="member_id" reference="settings/team" perPage={500}>
    <SelectInput optionText="name" label="bookings.table.filters.member" emptyText="bookings.table.filters.all" sx={{ minWidth: 180 }} />
  </ReferenceInput>,
  <SelectInput
    key="status"
    source="status"
    label="bookings.table.filters.status"
    choices={BOOKING_STATUSES.map((s) => ({ id: s, name: `bookings.table.statuses.${s}` }))}
    emptyText="bookings.table.filters.all"
    sx={{ minWidth: 160 }}
  />,
  <TextInput key="q" source="q" label="bookings.table.filters.customer" alwaysOn resettable={false} data-testid="bookings-search" />,
];

/** The files carry customers' personal data: the API lets managers alone import and export them. */
function Actions() {
  const { permissions } = usePermissions<{ role: string } | null>();
  const manager = !!permissions && ['ADMIN', 'MANAGER'].includes(permissions.role);
  return (
    <TopToolbar>
      <FilterButton />
      {manager && <ExportButtons />}
      {manager && <ImportButton />}
    </TopToolbar>
  );
}

/** Every booking of the business, newest first, filtered as the front desk asks; export and import from the toolbar. */
export function BookingTable() {
  const translate = useTranslate();
  const f = useFormat();
  return (
    <List
      resource="bookings/table"
      title={translate('bookings.table.title')}
      filters={filters}
      actions={<Actions />}
      exporter={false}
      perPage={25}
      sort={{ field: 'starts_at', order: 'DESC' }}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="bookings-table">
        <WhenField source="date" day label="bookings.table.columns.date" sortable={false} />
        <FunctionField label="bookings.table.columns.time" render={(b: Booking) => f.clock(b.slot)} />
        <TextField source="customer_name" label="bookings.table.columns.customer" emptyText="—" sortable={false} />
        <ReferenceField source="department_id" reference="settings/departments" label="bookings.table.columns.department" link={false} sortable={false}>
          <TextField source="name" />
        </ReferenceField>
        <ReferenceField source="member_id" reference="settings/team" label="bookings.table.columns.member" link={false} emptyText="—" sortable={false}>
          <TextField source="name" />
        </ReferenceField>
        <ReferenceArrayField source="service_ids" reference="settings/services" label="bookings.table.columns.services" sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
        <FunctionField label="bookings.table.columns.status" render={(b: Booking) => <BookingStatusChip status={b.status} />} />
        <FunctionField label="bookings.table.columns.channel" render={(b: Booking) => translate(`bookings.table.channels.${b.channel}`, { _: b.channel })} />
      </Datagrid>
    </List>
  );
}
