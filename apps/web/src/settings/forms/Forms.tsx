import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { BooleanInput, CreateButton, SelectInput, SimpleForm, TextInput, Title, TopToolbar, maxLength, required, useLocale, useTranslate } from 'react-admin';
import { FORM_FIELD_LANGUAGES, FORM_FIELD_TYPES, RULE_FLOWS, type BookingFormField, type RuleFlow } from '@tabour/contracts';
import { EmptyRow, formPages } from '../../components/ResourcePages';
import { byFlow, fieldBody, fieldName, namesError, optionsList, optionsText } from './model';
import { listFormFields } from '../../data/settings';

const T = 'settings.forms';
const fetchFields = listFormFields;

function FlowTable({ flow, fields }: { flow: RuleFlow; fields: BookingFormField[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Card sx={{ mb: 2 }} data-testid={`form-fields-${flow}`}>
      <Typography variant="h6" sx={{ p: 2, pb: 0 }}>
        {translate(`${T}.flows.${flow}`)}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${T}.fields.name`)}</TableCell>
            <TableCell>{translate(`${T}.fields.type`)}</TableCell>
            <TableCell>{translate(`${T}.fields.options`)}</TableCell>
            <TableCell>{translate(`${T}.fields.required`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((f) => (
            <TableRow key={f.id}>
              <TableCell>
                <Link to={`/settings/forms/${encodeURIComponent(f.id)}`}>{fieldName(f, locale)}</Link>
              </TableCell>
              <TableCell>{translate(`${T}.types.${f.type}`)}</TableCell>
              <TableCell>{f.options.length ? f.options.map((o) => <Chip key={o} size="small" label={o} sx={{ m: 0.25 }} />) : '—'}</TableCell>
              <TableCell>{translate(f.required ? `${T}.yes` : `${T}.no`)}</TableCell>
            </TableRow>
          ))}
          {fields.length === 0 && <EmptyRow columns={4} text={`${T}.empty`} />}
        </TableBody>
      </Table>
    </Card>
  );
}

/** The extra fields a booking and a queue join ask for, one table per flow. */
export function FormFieldList() {
  const translate = useTranslate();
  const fields = useQuery({ queryKey: ['settings-forms'], queryFn: fetchFields });
  return (
    <Box sx={{ mt: 2 }} data-testid="form-fields">
      <Title title={translate(`${T}.title`)} />
      <TopToolbar>
        <CreateButton resource="settings/forms" />
      </TopToolbar>
      {fields.isPending && <LinearProgress />}
      {fields.isError && <Typography color="error">{(fields.error as Error).message}</Typography>}
      {fields.data && RULE_FLOWS.map((flow) => <FlowTable key={flow} flow={flow} fields={byFlow(fields.data, flow)} />)}
    </Box>
  );
}

const validate = (values: Record<string, unknown>) => (namesError(values) ? { names: { en: `${T}.name_required` } } : {});

function FieldForm() {
  return (
    <SimpleForm validate={validate} defaultValues={{ flow: 'booking', type: 'text', options: [], required: false, names: {} }}>
      <SelectInput source="flow" label={`${T}.fields.flow`} choices={RULE_FLOWS.map((id) => ({ id, name: `${T}.flows.${id}` }))} validate={required()} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {FORM_FIELD_LANGUAGES.map((l) => (
          <TextInput
            key={l}
            source={`names.${l}`}
            label={`${T}.languages.${l}`}
            fullWidth={false}
            validate={maxLength(120)}
            dir={l === 'ar' || l === 'he' ? 'rtl' : 'ltr'}
          />
        ))}
      </Box>
      <SelectInput source="type" label={`${T}.fields.type`} choices={FORM_FIELD_TYPES.map((id) => ({ id, name: `${T}.types.${id}` }))} validate={required()} />
      <TextInput
        source="options"
        label={`${T}.fields.options`}
        helperText={`${T}.options_hint`}
        multiline
        minRows={2}
        format={optionsText}
        parse={optionsList}
        fullWidth
      />
      <BooleanInput source="required" label={`${T}.fields.required`} />
    </SimpleForm>
  );
}

export const { create: FormFieldCreate, edit: FormFieldEdit } = formPages(FieldForm, {
  resource: 'settings/forms',
  titles: { create: `${T}.create_title`, edit: `${T}.edit_title` },
  transform: fieldBody,
  deleteOnEdit: true,
});
