import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** One filter of the received payments: a list of [value, label] options. */
export function PaymentFilter({
  label,
  value,
  onChange,
  options,
  testid,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
  testid: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth={false}
      sx={{ width: 180 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testid } as object } }}
    >
      {options.map(([id, name]) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
