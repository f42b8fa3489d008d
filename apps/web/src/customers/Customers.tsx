import { Create, CreateButton, Datagrid, Edit, EmailField, List, SearchInput, SelectInput, TextField, TopToolbar, useTranslate } from 'react-admin';
import { Empty } from '../components/EmptyList';
import { CategoryChip, PhoneField } from './CategoryChip';
import { CustomerForm, useCategoryChoices } from './CustomerForm';
import { NotifyBulkButton } from './Notify';
import { ExportButtons, ImportButton } from './Transfer';
import { WhenField } from '../i18n/format';

const R = 'customers';

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
      <ImportButton />
      <ExportButtons />
    </TopToolbar>
  );
}

function useFilters() {
  const translate = useTranslate();
  const categories = useCategoryChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('customers.search')} sx={{ minWidth: 320 }} />,
    <SelectInput key="category" source="category" choices={categories} alwaysOn label="resources.customers.fields.category" />,
  ];
}

export function CustomerList() {
  return (
    <List
      filters={useFilters()}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      empty={<Empty resource={R} />}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={<NotifyBulkButton />}>
        <TextField source="full_name" sortBy="last_name" />
        <PhoneField source="phone" label="resources.customers.fields.phone" sortable />
        <EmailField source="email" />
        <TextField source="internal_id" />
        <CategoryChip source="category" label="resources.customers.fields.category" />
        <WhenField source="created_at" style="date" />
      </Datagrid>
    </List>
  );
}

/** Empty texts go out as null (cleared); the server keeps only what a customer has. */
const clean = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === '' ? null : v]));

export const CustomerCreate = () => (
  <Create redirect="show" transform={clean}>
    <CustomerForm />
  </Create>
);

export const CustomerEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show" transform={clean}>
    <CustomerForm />
  </Edit>
);
