import Button from '@mui/material/Button';
import StarIcon from '@mui/icons-material/Star';
import BlockIcon from '@mui/icons-material/Block';
import PersonIcon from '@mui/icons-material/Person';
import {
  BooleanField,
  DeleteButton,
  EditBase,
  EmailField,
  FunctionField,
  Labeled,
  SelectField,
  Show,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Customer as ContractCustomer, CustomerCategory } from '@tabour/contracts';
import type { TabourDataProvider } from '../data/dataProvider';
import { Attachments } from './Attachments';
import { CustomerBookings } from './CustomerBookings';
import { CategoryChip, PhoneField } from './CategoryChip';
import { CustomerForm } from './CustomerForm';
import { NotifyForm } from './Notify';
import { EmptyTab, RelatedList } from './Related';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';
import { MessageHistory } from '../notifications';
import { RecordHistoryButton } from '../activity';
import { WhenField } from '../i18n/format';

const LANGUAGE_CHOICES = LANGUAGES.map((l) => ({ id: l, name: NATIVE_NAMES[l] }));

type Customer = Pick<ContractCustomer, 'id' | 'category' | 'additional_data' | 'next_booking'>;

/** Categories are books: joining one moves the customer there; leaving goes back to BASIC. */
function CategoryButtons() {
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TabourDataProvider>();
  if (!record) return null;
  const move = async (target: CustomerCategory) => {
    try {
      await dataProvider.moveToBook(String(record.id), record.category, target);
      notify('customers.category_changed', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      {record.category !== 'VIP' && (
        <Button size="small" color="warning" startIcon={<StarIcon />} onClick={() => move('VIP')} data-testid="mark-vip">
          {translate('customers.mark_vip')}
        </Button>
      )}
      {record.category !== 'BLACKLISTED' && (
        <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => move('BLACKLISTED')} data-testid="mark-blacklisted">
          {translate('customers.blacklist')}
        </Button>
      )}
      {record.category !== 'BASIC' && (
        <Button size="small" startIcon={<PersonIcon />} onClick={() => move('BASIC')} data-testid="mark-basic">
          {translate('customers.make_basic')}
        </Button>
      )}
    </>
  );
}

function Actions() {
  return (
    <TopToolbar>
      <CategoryButtons />
      <RecordHistoryButton />
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

function AdditionalData() {
  const record = useRecordContext<Customer>();
  const entries = Object.entries(record?.additional_data ?? {});
  if (!entries.length) return null;
  return (
    <Box>
      {entries.map(([k, v]) => (
        <Typography key={k} variant="body2">
          <strong>{k}</strong>: {typeof v === 'string' ? v : JSON.stringify(v)}
        </Typography>
      ))}
    </Box>
  );
}

function ModifyTab() {
  const record = useRecordContext<Customer>();
  if (!record) return null;
  return (
    <EditBase
      id={record.id}
      resource="customers"
      mutationMode="pessimistic"
      redirect={false}
      transform={(d: Record<string, unknown>) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v === '' ? null : v]))}
    >
      <CustomerForm />
    </EditBase>
  );
}

const Id = ({ children }: { children: (id: string) => React.ReactNode }) => {
  const record = useRecordContext<Customer>();
  return record ? <>{children(String(record.id))}</> : null;
};

export function CustomerShow() {
  const translate = useTranslate();
  const tab = (k: string) => translate(`customers.tabs.${k}`);
  return (
    <Show actions={<Actions />}>
      <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
        <TabbedShowLayout.Tab label={tab('customer')}>
          <TextField source="full_name" />
          <Labeled label="resources.customers.fields.phone">
            <PhoneField source="phone" />
          </Labeled>
          <Labeled label="resources.customers.fields.second_phone">
            <PhoneField source="second_phone" />
          </Labeled>
          <EmailField source="email" emptyText="—" />
          <TextField source="internal_id" emptyText="—" />
          <TextField source="platform_id" emptyText="—" />
          <FunctionField source="category" render={() => <CategoryChip />} />
          <TextField source="address" emptyText="—" />
          <WhenField source="date_of_birth" day />
          <TextField source="place_of_birth" emptyText="—" />
          <TextField source="nationality" emptyText="—" />
          <SelectField source="preferred_language" choices={LANGUAGE_CHOICES} emptyText="—" />
          <BooleanField source="book_more_than_once" />
          <TextField source="notes" emptyText="—" />
          <Labeled label="resources.customers.fields.additional_data">
            <AdditionalData />
          </Labeled>
          <WhenField source="created_at" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('modify')} path="modify">
          <ModifyTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('notify')} path="notify">
          <Id>{(id) => <NotifyForm ids={[id]} />}</Id>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('booking')} path="booking">
          <Id>{(id) => <CustomerBookings customerId={id} kind="next" first />}</Id>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('ticket')} path="ticket">
          <EmptyTab />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('next_bookings')} path="next-bookings">
          <Id>{(id) => <CustomerBookings customerId={id} kind="next" />}</Id>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('booking_archive')} path="booking-archive">
          <Id>{(id) => <CustomerBookings customerId={id} kind="past" />}</Id>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('queue_archive')} path="queue-archive">
          <Id>{(id) => <RelatedList customerId={id} />}</Id>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={tab('attachments')} path="attachments">
          <Id>{(id) => <Attachments customerId={id} />}</Id>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={translate('notifications.history.title')} path="messages">
          <Id>{(id) => <MessageHistory customerId={id} />}</Id>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
