import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { Booking, Resource } from '@tabour/contracts';
import { useBookingResources } from '../data/lookups';
import { offeredResources } from './model';

/**
 * The dialog's choice of rooms and equipment: what the department offers (and what the booking
 * holds there), and the ticked ones among them, so a change of department drops the others.
 */
export function useResourceChoice(booking: Booking | undefined, departmentId: string) {
  const resources = useBookingResources();
  const [picked, setIds] = useState<string[]>(booking?.resource_ids ?? []);
  const offered = offeredResources(resources.data, departmentId, booking?.department_id === departmentId ? booking.resource_ids : []);
  // Until the list has loaded, the booking's own are kept as they are: a save then changes none.
  return { offered, ids: resources.data ? picked.filter((id) => offered.some((r) => r.id === id)) : picked, setIds };
}

/** The rooms and equipment a booking reserves; nothing when the department has none to offer. */
export function ResourceSelect({ offered, value, onChange }: { offered: Resource[]; value: string[]; onChange: (ids: string[]) => void }) {
  const translate = useTranslate();
  if (!offered.length) return null;
  const label = (r: Resource) => (r.active ? r.name : translate('bookings.dialog.resource_inactive', { name: r.name }));
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      sx={{ minWidth: 240, alignSelf: 'flex-start' }}
      label={translate('bookings.fields.resources')}
      value={value}
      onChange={(e) => onChange(typeof e.target.value === 'string' ? e.target.value.split(',').filter(Boolean) : (e.target.value as string[]))}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (ids) =>
            (ids as string[])
              .map((id) => offered.find((r) => r.id === id))
              .filter((r): r is Resource => !!r)
              .map(label)
              .join(', '),
        },
        htmlInput: { 'data-testid': 'dialog-resources' },
      }}
    >
      {offered.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {label(r)}
        </MenuItem>
      ))}
    </TextField>
  );
}
