import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateInput,
  DeleteButton,
  Edit,
  EditButton,
  EmailField,
  FunctionField,
  Labeled,
  List,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  email,
  required,
  useInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { POSITIONS } from '@tabour/contracts';
import type { WorkingDay } from '@tabour/contracts';
import { Empty } from '../../components/EmptyList';
import { WorkingDaysEditor } from '../../components/WorkingDaysEditor';
import { MemberCounterPeriod } from '../../statistics';
import { LTR_INPUT } from '../../i18n/format';

const R = 'settings/team';
// The positions are the contract's, one list with the API.
export { POSITIONS };

function usePositionChoices() {
  const translate = useTranslate();
  return POSITIONS.map((p) => ({ id: p, name: translate(`app.team.positions.${p}`) }));
}

export function TeamList() {
  const translate = useTranslate();
  return (
    <List empty={<Empty resource={R} />} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <FunctionField source="position" render={(r: { position: string }) => translate(`app.team.positions.${r.position}`, { _: r.position })} />
        <TextField source="department_name" emptyText="—" />
        <BooleanField source="is_bookable" />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}

function WorkingDaysInput() {
  const { field } = useInput<WorkingDay[] | null>({ source: 'working_days' });
  return (
    <Labeled label="resources.settings/team.fields.working_days" fullWidth>
      <WorkingDaysEditor value={field.value} onChange={field.onChange} />
    </Labeled>
  );
}

function MemberForm() {
  const positions = usePositionChoices();
  return (
    <SimpleForm>
      <TextInput source="first_name" validate={required()} />
      <TextInput source="last_name" validate={required()} />
      <TextInput source="email" validate={email()} inputProps={LTR_INPUT} />
      <TextInput source="phone" inputProps={LTR_INPUT} />
      <SelectInput source="position" choices={positions} validate={required()} translateChoice={false} />
      <ReferenceInput source="department_id" reference="settings/departments" perPage={500}>
        <SelectInput optionText="name" emptyText="app.services.none" label="resources.settings/team.fields.department_id" />
      </ReferenceInput>
      <BooleanInput source="is_bookable" />
      <DateInput source="member_since" />
      <WorkingDaysInput />
    </SimpleForm>
  );
}

export const MemberCreate = () => (
  <Create redirect="list">
    <MemberForm />
  </Create>
);

/** The member's counter statistics this month or year, under the form (a saved member only). */
function MemberStatistics() {
  const record = useRecordContext();
  return record?.id ? <MemberCounterPeriod memberId={String(record.id)} /> : null;
}

export const MemberEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <MemberForm />
    <MemberStatistics />
  </Edit>
);
