import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useNotify, useTranslate } from 'react-admin';
import type { Customer } from '@tabour/contracts';
import { createCustomer, searchCustomers } from '../data/bookings';

export interface PickedCustomer {
  id: string;
  full_name: string;
  phone?: string | null;
}

/** Finds a customer by name or phone, or creates one in place. */
export function CustomerField({ value, onChange }: { value: PickedCustomer | null; onChange: (c: PickedCustomer | null) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [options, setOptions] = useState<Customer[]>([]);
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState({ first_name: '', last_name: '', phone: '' });

  const search = async (text: string) => {
    if (text.trim().length < 2) return;
    try {
      setOptions(await searchCustomers(text));
    } catch {
      // A failed search leaves the previous options: typing again retries.
    }
  };
  const create = async () => {
    try {
      const c = await createCustomer({ first_name: draft.first_name.trim(), last_name: draft.last_name.trim() || null, phone: draft.phone.trim() || null });
      onChange({ id: c.id, full_name: c.full_name, phone: c.phone });
      setCreating(false);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  if (creating)
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={translate('bookings.dialog.first_name')}
          value={draft.first_name}
          onChange={(e) => setDraft({ ...draft, first_name: e.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'customer-first-name' } }}
        />
        <TextField
          size="small"
          label={translate('bookings.dialog.last_name')}
          value={draft.last_name}
          onChange={(e) => setDraft({ ...draft, last_name: e.target.value })}
        />
        <TextField
          size="small"
          label={translate('bookings.dialog.phone')}
          value={draft.phone}
          onChange={(e) => setDraft({ ...draft, phone: e.target.value })}
        />
        <Button onClick={create} disabled={!draft.first_name.trim()} data-testid="customer-create">
          {translate('bookings.dialog.create_customer')}
        </Button>
        <Button onClick={() => setCreating(false)}>{translate('bookings.dialog.close')}</Button>
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Autocomplete<PickedCustomer>
        sx={{ flexGrow: 1 }}
        size="small"
        options={options}
        value={value}
        filterOptions={(x) => x}
        getOptionLabel={(c) => [c.full_name, c.phone].filter(Boolean).join(' · ')}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_e, text, reason) => reason === 'input' && void search(text)}
        onChange={(_e, c) => onChange(c)}
        renderInput={(params) => <TextField {...params} label={translate('bookings.dialog.customer_search')} data-testid="customer-search" />}
      />
      <Button startIcon={<PersonAddIcon />} onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="customer-new">
        {translate('bookings.dialog.customer_new')}
      </Button>
    </Box>
  );
}
