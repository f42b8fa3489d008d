import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { BooleanInput, DateInput, SelectInput, SimpleForm, TextInput, email, useDataProvider, useInput, useLocale, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { CUSTOMER_CATEGORIES } from '@tabour/contracts';
import type { TabourDataProvider } from '../data/dataProvider';
import { countryChoices } from '../i18n/countries';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';
import { LTR_INPUT } from '../i18n/format';

// The categories are the contract's, one list with the API.
export const CATEGORIES = CUSTOMER_CATEGORIES;

export function useCategoryChoices() {
  const translate = useTranslate();
  return CATEGORIES.map((id) => ({ id, name: translate(`customers.categories.${id}`) }));
}

function NextIidButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TabourDataProvider>();
  const { setValue } = useFormContext();
  const next = async () => {
    try {
      const { internal_id } = await dataProvider.nextInternalId();
      setValue('internal_id', internal_id, { shouldDirty: true });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Button onClick={next} size="small" sx={{ mt: 1 }} data-testid="next-iid">
      {translate('customers.next_iid')}
    </Button>
  );
}

type Entry = { key: string; value: string };
const toEntries = (v: unknown): Entry[] =>
  v && typeof v === 'object'
    ? Object.entries(v as Record<string, unknown>).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) }))
    : [];

/** Additional data is a free object; the form edits it as key/value rows and saves the object. */
function KeyValueInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'additional_data' });
  const [rows, setRows] = useState<Entry[]>(() => toEntries(field.value));
  useEffect(() => {
    const obj = Object.fromEntries(rows.filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]));
    if (JSON.stringify(obj) !== JSON.stringify(field.value ?? {})) field.onChange(obj);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  const set = (i: number, patch: Partial<Entry>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Box sx={{ width: '100%' }} data-testid="additional-data">
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('resources.customers.fields.additional_data')}
      </Typography>
      {rows.map((r, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 1 }}>
          <MuiTextField size="small" label={translate('customers.key')} value={r.key} onChange={(e) => set(i, { key: e.target.value })} />
          <MuiTextField size="small" label={translate('customers.value')} value={r.value} onChange={(e) => set(i, { value: e.target.value })} />
          <IconButton aria-label={translate('ra.action.remove')} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button size="small" onClick={() => setRows((rs) => [...rs, { key: '', value: '' }])}>
        {translate('customers.add_entry')}
      </Button>
    </Box>
  );
}

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } as const;

export function CustomerForm() {
  const locale = useLocale();
  const categories = useCategoryChoices();
  const countries = countryChoices(locale).map((c) => ({ id: c.code, name: c.name }));
  const languages = LANGUAGES.map((l) => ({ id: l, name: NATIVE_NAMES[l] }));
  return (
    <SimpleForm>
      <Box sx={row}>
        <TextInput source="first_name" />
        <TextInput source="last_name" />
      </Box>
      <Box sx={row}>
        <TextInput source="email" type="email" validate={email()} inputProps={LTR_INPUT} />
        <TextInput source="phone" inputProps={LTR_INPUT} />
        <TextInput source="second_phone" inputProps={LTR_INPUT} />
      </Box>
      <TextInput source="address" fullWidth />
      <Box sx={row}>
        <DateInput source="date_of_birth" />
        <TextInput source="place_of_birth" />
        <SelectInput source="nationality" choices={countries} emptyText=" " />
        <SelectInput source="preferred_language" choices={languages} emptyText=" " />
      </Box>
      <Box sx={{ ...row, alignItems: 'flex-start' }}>
        <TextInput source="internal_id" />
        <NextIidButton />
        <TextInput source="platform_id" />
      </Box>
      <Box sx={row}>
        <SelectInput source="category" choices={categories} defaultValue="BASIC" />
        <BooleanInput source="book_more_than_once" />
      </Box>
      <TextInput source="notes" multiline fullWidth minRows={2} />
      <KeyValueInput />
    </SimpleForm>
  );
}
