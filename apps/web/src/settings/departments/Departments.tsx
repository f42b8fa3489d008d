import {
  BooleanField,
  BooleanInput,
  NumberField,
  NumberInput,
  ReferenceArrayInput,
  SelectArrayInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  regex,
} from 'react-admin';
import { formPages, SettingsList } from '../../components/ResourcePages';
import { WhenField } from '../../i18n/format';

const R = 'settings/departments';
const colour = regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'ra.validation.regex');

export const DepartmentList = () => (
  <SettingsList resource={R} sort={{ field: 'name', order: 'ASC' }}>
    <TextField source="name" />
    <NumberField source="slot_duration" />
    <NumberField source="max_bookings_per_slot" />
    <BooleanField source="can_select_member" />
    <WhenField source="created_at" style="date" />
  </SettingsList>
);

function DepartmentForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} fullWidth />
      <ReferenceArrayInput source="service_ids" reference="settings/services" perPage={500}>
        <SelectArrayInput optionText="name" label="resources.settings/departments.fields.service_ids" fullWidth />
      </ReferenceArrayInput>
      <NumberInput source="slot_duration" min={1} />
      <NumberInput source="max_bookings_per_slot" min={1} />
      <NumberInput source="max_daily_bookings" min={0} />
      <BooleanInput source="can_select_member" />
      <BooleanInput source="must_select_member" />
      <TextInput source="primary_color" validate={colour} placeholder="#1565c0" />
      <TextInput source="secondary_color" validate={colour} />
      <TextInput source="text_color" validate={colour} />
    </SimpleForm>
  );
}

export const { create: DepartmentCreate, edit: DepartmentEdit } = formPages(DepartmentForm);
