import {
  Create,
  Datagrid,
  DateInput,
  DeleteButton,
  FunctionField,
  List,
  ReferenceArrayInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useTranslate,
  FormDataConsumer,
} from 'react-admin';
import { Empty } from '../../components/EmptyList';
import { WhenField } from '../../i18n/format';

const R = 'settings/holidays';
const TYPES = ['vacation', 'holiday', 'other'];
const SCOPES = ['agency', 'me', 'members'];

function useChoices(group: string, ids: string[]) {
  const translate = useTranslate();
  return ids.map((id) => ({ id, name: translate(`app.holidays.${group}.${id}`) }));
}

export function HolidayList() {
  const translate = useTranslate();
  return (
    <List empty={<Empty resource={R} />} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField source="type" render={(r: { type: string }) => translate(`app.holidays.types.${r.type}`)} />
        <FunctionField source="scope" render={(r: { scope: string }) => translate(`app.holidays.scopes.${r.scope}`)} />
        <TextField source="reason" emptyText="—" />
        <WhenField source="start_date" day />
        <WhenField source="end_date" day />
        <FunctionField source="status" render={(r: { status: string }) => translate(`app.holidays.statuses.${r.status}`)} />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}

const endAfterStart = (value: string, all: { start_date?: string }) =>
  value && all.start_date && value < all.start_date ? 'ra.validation.minValue' : undefined;

export function HolidayCreate() {
  const types = useChoices('types', TYPES);
  const scopes = useChoices('scopes', SCOPES);
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ type: 'holiday', scope: 'agency' }}>
        <SelectInput source="type" choices={types} validate={required()} translateChoice={false} />
        <SelectInput source="scope" choices={scopes} validate={required()} translateChoice={false} />
        <FormDataConsumer>
          {({ formData }) =>
            formData.scope === 'members' && (
              <ReferenceArrayInput source="member_ids" reference="settings/team" perPage={500}>
                <SelectArrayInput optionText="name" validate={required()} label="resources.settings/holidays.fields.member_ids" />
              </ReferenceArrayInput>
            )
          }
        </FormDataConsumer>
        <TextInput source="reason" fullWidth />
        <DateInput source="start_date" validate={required()} />
        <DateInput source="end_date" validate={[required(), endAfterStart]} />
      </SimpleForm>
    </Create>
  );
}
