import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { pushTicket, searchCustomers } from '../../data/queues';
import { useQueueCall, type Named } from '../hooks';
import type { Queue } from '../model';
import { ActionDialog } from './dialogs';

interface CustomerOption {
  id: string;
  full_name?: string;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
}

const customerName = (c: CustomerOption) => c.full_name || [c.first_name, c.last_name].filter(Boolean).join(' ') || c.phone || c.id;

/** Looks customers up as the name is typed (ADMIN and MANAGER: the customer base is theirs). */
function CustomerPicker({ value, onChange }: { value: CustomerOption | null; onChange: (c: CustomerOption | null) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<CustomerOption[]>([]);
  useEffect(() => {
    if (text.trim().length < 2) return;
    let stale = false;
    const timer = setTimeout(async () => {
      try {
        const found = await searchCustomers<CustomerOption>(text);
        if (!stale) setOptions(found);
      } catch {
        if (!stale) setOptions([]);
      }
    }, 250);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text]);
  return (
    <Autocomplete
      options={options}
      value={value}
      filterOptions={(x) => x}
      getOptionLabel={customerName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, v) => onChange(v)}
      onInputChange={(_, v) => {
        setText(v);
        // Too short to search: the last search's customers go.
        if (v.trim().length < 2) setOptions([]);
      }}
      noOptionsText={translate('queues.push.no_customer')}
      renderInput={(params) => <TextField {...params} label={translate('queues.push.customer')} />}
    />
  );
}

/** A new ticket at the end of the waiting list, for a customer at the desk or on the phone. */
export function PushDialog({
  queue,
  services,
  members,
  canPickCustomer,
  onClose,
  onDone,
}: {
  queue: Queue;
  services: Named[];
  members: Named[];
  canPickCustomer: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const { run } = useQueueCall();
  const [name, setName] = useState('');
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [member, setMember] = useState('');
  const [urgent, setUrgent] = useState(false);
  // A queue that names its services offers only those; otherwise every service of the business.
  const offered = queue.service_ids?.length ? services.filter((s) => queue.service_ids.includes(s.id)) : services;
  const staff = queue.member_ids?.length ? members.filter((m) => queue.member_ids.includes(m.id)) : members;
  const push = async () => {
    const body = { customer_name: name.trim() || null, customer_id: customer?.id ?? null, service_ids: serviceIds, member_id: member || null, urgent };
    const ticket = await run(
      'push',
      () => pushTicket(queue.id, body),
      (t) => ['queues.done.push', { label: t.label }],
    );
    onDone();
    if (ticket) onClose();
  };
  return (
    <ActionDialog title={translate('queues.push.title', { name: queue.name })} submit={translate('queues.push.submit')} onSubmit={push} onClose={onClose}>
      {canPickCustomer && <CustomerPicker value={customer} onChange={setCustomer} />}
      <TextField
        label={translate('queues.push.customer_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'push-customer-name' } }}
      />
      <TextField
        select
        label={translate('queues.columns.services')}
        value={serviceIds}
        onChange={(e) => setServiceIds(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as unknown as string[]))}
        slotProps={{ select: { multiple: true } }}
        data-testid="push-services"
      >
        {offered.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={translate('queues.columns.member')} value={member} onChange={(e) => setMember(e.target.value)}>
        <MenuItem value="">{translate('queues.push.anyone')}</MenuItem>
        {staff.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel control={<Checkbox checked={urgent} onChange={(e) => setUrgent(e.target.checked)} />} label={translate('queues.push.urgent')} />
    </ActionDialog>
  );
}
