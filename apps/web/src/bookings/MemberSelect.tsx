import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

/**
 * The bookable member picker of the booking dialog and the availability view: "any member"
 * first unless the department requires one; nothing at all when the department has none.
 */
export function MemberSelect(props: {
  members: { id: string; name: string }[];
  value: string;
  onChange: (memberId: string) => void;
  required?: boolean;
  minWidth: number;
  testId?: string;
}) {
  const translate = useTranslate();
  if (!props.members.length) return null;
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      sx={{ minWidth: props.minWidth }}
      required={props.required}
      label={translate('bookings.fields.member')}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={props.testId ? { htmlInput: { 'data-testid': props.testId } } : undefined}
    >
      {!props.required && <MenuItem value="">{translate('bookings.dialog.member_any')}</MenuItem>}
      {props.members.map((m) => (
        <MenuItem key={m.id} value={m.id}>
          {m.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
