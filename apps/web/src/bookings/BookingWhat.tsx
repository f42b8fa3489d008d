import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { Department } from '../data/lookups';
import { MemberSelect } from './MemberSelect';
import type { bookableMembers } from './model';

/** The booking's department, its services and the team member (required where the department says so). */
export function BookingWhat({
  departments,
  department,
  depId,
  onDepartment,
  serviceIds,
  setServiceIds,
  bookable,
  memberId,
  setMemberId,
  memberNeeded,
}: {
  departments: Department[];
  department: Department | undefined;
  depId: string;
  onDepartment: (id: string) => void;
  serviceIds: string[];
  setServiceIds: (ids: string[]) => void;
  bookable: ReturnType<typeof bookableMembers>;
  memberId: string;
  setMemberId: (id: string) => void;
  memberNeeded: boolean;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ minWidth: 200 }}
        label={translate('bookings.fields.department')}
        value={depId}
        onChange={(e) => onDepartment(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'dialog-department' } }}
      >
        {departments.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ minWidth: 240 }}
        label={translate('bookings.fields.services')}
        value={serviceIds}
        disabled={!department?.services?.length}
        onChange={(e) => setServiceIds(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
        slotProps={{ select: { multiple: true }, htmlInput: { 'data-testid': 'dialog-services' } }}
      >
        {(department?.services ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <MemberSelect members={bookable} value={memberId} onChange={setMemberId} required={memberNeeded} minWidth={200} testId="dialog-member" />
    </Box>
  );
}
