import Box from '@mui/material/Box';
import {
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  regex,
  required,
  useInput,
  useTranslate,
} from 'react-admin';
import { Empty } from '../common';
import { WhenField } from '../../i18n/format';

const R = 'settings/note-type';
const colour = regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'note_types.colour_invalid');

function Swatch({ color }: { color: string | null | undefined }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: '50%',
        bgcolor: color || 'transparent',
        border: 1,
        borderColor: 'divider',
        verticalAlign: 'middle',
      }}
    />
  );
}

export function NoteTypeList() {
  return (
    <List sort={{ field: 'name', order: 'ASC' }} empty={<Empty resource={R} />} exporter={false} pagination={false} perPage={500}>
      <Datagrid rowClick="edit" bulkActionButtons={false} data-testid="note-type-list">
        <FunctionField source="color" sortable={false} render={(r: { color: string | null }) => <Swatch color={r.color} />} />
        <TextField source="name" sortable={false} />
        <WhenField source="created_at" style="date" sortable={false} />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}

/** A colour picker beside the #rrggbb text, so either can be used. */
function ColourInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'color' });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <TextInput source="color" validate={colour} placeholder="#1565c0" />
      <input
        type="color"
        aria-label={translate('resources.settings/note-type.fields.color')}
        value={/^#[0-9a-fA-F]{6}$/.test(field.value ?? '') ? field.value : '#1565c0'}
        onChange={(e) => field.onChange(e.target.value)}
        style={{ width: 48, height: 36, border: 'none', background: 'none' }}
      />
    </Box>
  );
}

function NoteTypeForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(100)]} fullWidth />
      <ColourInput />
    </SimpleForm>
  );
}

/** An empty colour goes out as null (no colour), never as a text the API would refuse. */
const clean = (d: Record<string, unknown>) => ({ name: d.name, color: d.color ? d.color : null });

export const NoteTypeCreate = () => (
  <Create redirect="list" transform={clean}>
    <NoteTypeForm />
  </Create>
);

export const NoteTypeEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={clean}>
    <NoteTypeForm />
  </Edit>
);
