import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslate } from 'react-admin';

type Props = Omit<TextFieldProps, 'label' | 'value' | 'onChange' | 'required'> & {
  /** A catalogue key. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Put on the input itself, where a test types. */
  testId?: string;
};

/** A required field of a plain (not react-admin) form, holding one piece of the form's state. */
export function RequiredField({ label, value, onChange, testId, ...props }: Props) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate(label)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      slotProps={testId ? { htmlInput: { 'data-testid': testId } } : undefined}
      {...props}
    />
  );
}
