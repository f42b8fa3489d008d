import Button from '@mui/material/Button';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { Link as RouterLink } from 'react-router-dom';
import {
  CreateButton,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { formPages, SettingsList } from '../../components/ResourcePages';

const R = 'settings/services';

function ReorderButton() {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to="/settings/services/reorder" startIcon={<SwapVertIcon />} size="small" data-testid="services-reorder">
      {translate('app.services.reorder')}
    </Button>
  );
}

const ListActions = () => (
  <TopToolbar>
    <ReorderButton />
    <CreateButton />
  </TopToolbar>
);

/** A parent service's sub-services, or a name/category keyword. */
const filters = [
  <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
  <ReferenceInput key="parent_id" source="parent_id" reference={R} perPage={500} alwaysOn>
    <SelectInput optionText="name" label="app.services.sub_services" />
  </ReferenceInput>,
];

export const ServiceList = () => (
  <SettingsList resource={R} actions={<ListActions />} filters={filters} sort={{ field: 'ussd_order', order: 'ASC' }}>
    <NumberField source="ussd_order" />
    <TextField source="name" />
    <TextField source="category" />
    <ReferenceField source="parent_id" reference={R} link={false} emptyText="—" label="resources.settings/services.fields.parent_id" />
    <NumberField source="price" options={{ minimumFractionDigits: 2 }} />
    <NumberField source="duration" />
    <NumberField source="sub_services" />
  </SettingsList>
);

function ServiceForm({ editing = false }: { editing?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={editing ? undefined : { duration_unit: 'minutes', price: 0 }}>
      <TextInput source="name" validate={required()} fullWidth />
      <NumberInput source="price" validate={[required(), minValue(0)]} step={0.01} />
      <NumberInput source="duration" validate={[required(), minValue(1)]} />
      {!editing && (
        <SelectInput
          source="duration_unit"
          choices={[
            { id: 'minutes', name: translate('app.services.minutes') },
            { id: 'seconds', name: translate('app.services.seconds') },
          ]}
          translateChoice={false}
        />
      )}
      <TextInput source="category" />
      <ReferenceInput source="parent_id" reference={R} perPage={500}>
        <SelectInput optionText="name" emptyText="app.services.none" label="resources.settings/services.fields.parent_id" />
      </ReferenceInput>
    </SimpleForm>
  );
}

export const { create: ServiceCreate, edit: ServiceEdit } = formPages(ServiceForm);
