import { useMemo } from 'react';
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
import { Empty } from './EmptyList';
import { WhenField } from '../i18n/format';

/** A settings resource of named, optionally coloured records (note types, categories): what the list, create and edit screens need. */
export interface ColouredNamesOptions {
  /** The react-admin resource, e.g. `settings/note-type`. */
  resource: string;
  /** The list's test id. */
  testId: string;
  /** The i18n key of the refusal of a colour that is not #rgb or #rrggbb. */
  colourInvalid: string;
}

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

/** A colour picker beside the #rrggbb text, so either can be used. */
function ColourInput({ resource, colourInvalid }: Pick<ColouredNamesOptions, 'resource' | 'colourInvalid'>) {
  const translate = useTranslate();
  const { field } = useInput({ source: 'color' });
  // One validator for the input's life: react-admin re-registers an input whose validators change.
  const validate = useMemo(() => regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, colourInvalid), [colourInvalid]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <TextInput source="color" validate={validate} placeholder="#1565c0" />
      <input
        type="color"
        aria-label={translate(`resources.${resource}.fields.color`)}
        value={/^#[0-9a-fA-F]{6}$/.test(field.value ?? '') ? field.value : '#1565c0'}
        onChange={(e) => field.onChange(e.target.value)}
        style={{ width: 48, height: 36, border: 'none', background: 'none' }}
      />
    </Box>
  );
}

/** An empty colour goes out as null (no colour), never as a text the API would refuse. */
const clean = (d: Record<string, unknown>) => ({ name: d.name, color: d.color ? d.color : null });

/** The list, create and edit screens of a resource of named, coloured records. */
export function colouredNames({ resource, testId, colourInvalid }: ColouredNamesOptions) {
  const Form = () => (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(100)]} fullWidth />
      <ColourInput resource={resource} colourInvalid={colourInvalid} />
    </SimpleForm>
  );
  return {
    list: () => (
      <List sort={{ field: 'name', order: 'ASC' }} empty={<Empty resource={resource} />} exporter={false} pagination={false} perPage={500}>
        <Datagrid rowClick="edit" bulkActionButtons={false} data-testid={testId}>
          <FunctionField source="color" sortable={false} render={(r: { color: string | null }) => <Swatch color={r.color} />} />
          <TextField source="name" sortable={false} />
          <WhenField source="created_at" style="date" sortable={false} />
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </Datagrid>
      </List>
    ),
    create: () => (
      <Create redirect="list" transform={clean}>
        <Form />
      </Create>
    ),
    edit: () => (
      <Edit mutationMode="pessimistic" redirect="list" transform={clean}>
        <Form />
      </Edit>
    ),
  };
}
