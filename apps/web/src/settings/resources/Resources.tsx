import {
  BooleanField,
  BooleanInput,
  NumberField,
  NumberInput,
  ReferenceArrayInput,
  SelectArrayInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  minValue,
  required,
} from 'react-admin';
import { RESOURCE_KINDS } from '@tabour/contracts';
import { formPages, SettingsList } from '../../components/ResourcePages';

const R = 'settings/resources';
/** The kinds' labels are catalogue keys, translated by the select and the list alike. */
const KINDS = RESOURCE_KINDS.map((id) => ({ id, name: `resources.${R}.kinds.${id}` }));

export const ResourceList = () => (
  <SettingsList resource={R} sort={{ field: 'name', order: 'ASC' }}>
    <TextField source="name" />
    <SelectField source="kind" choices={KINDS} />
    <NumberField source="capacity" />
    <BooleanField source="active" />
  </SettingsList>
);

function ResourceForm() {
  return (
    <SimpleForm defaultValues={{ kind: 'room', capacity: 1, active: true }}>
      <TextInput source="name" validate={required()} fullWidth />
      <SelectInput source="kind" choices={KINDS} validate={required()} />
      <NumberInput source="capacity" min={1} step={1} validate={[required(), minValue(1)]} />
      <ReferenceArrayInput source="department_ids" reference="settings/departments" perPage={500}>
        <SelectArrayInput optionText="name" label={`resources.${R}.fields.department_ids`} fullWidth />
      </ReferenceArrayInput>
      <BooleanInput source="active" />
    </SimpleForm>
  );
}

export const { create: ResourceCreate, edit: ResourceEdit } = formPages(ResourceForm);
