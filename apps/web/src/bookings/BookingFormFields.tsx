import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { BookingFormField, FormValue } from '@tabour/contracts';

/** A booking form field's label in the user's language, else English, else any. */
const fieldName = (f: BookingFormField, locale: string) =>
  (f.names as Record<string, string | undefined>)[locale] || f.names.en || Object.values(f.names)[0] || f.id;

/** The business's booking form fields (a list where they have options, a number where they are numbers). */
export function BookingFormFields({
  fields,
  extra,
  setExtra,
}: {
  fields: BookingFormField[];
  extra: Record<string, FormValue>;
  setExtra: (extra: Record<string, FormValue>) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('bookings.dialog.form_fields')}
      </Typography>
      {fields.map((f) => (
        <TextField
          key={f.id}
          size="small"
          select={f.options.length > 0}
          type={f.type === 'number' && !f.options.length ? 'number' : 'text'}
          required={f.required}
          label={fieldName(f, locale)}
          value={extra[f.id] ?? ''}
          onChange={(e) => setExtra({ ...extra, [f.id]: f.type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value })}
        >
          {f.options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
