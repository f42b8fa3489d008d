import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTranslate } from 'react-admin';

interface Props {
  name: string;
  /** A catalogue key. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  /** Put on the input itself, where a test types. */
  testId?: string;
}

/**
 * A required field of a plain (not react-admin) form, holding one piece of the form's state.
 * Built from the outlined text field's parts rather than TextField, which brings the select
 * menu along: these forms are the first page a visitor downloads.
 */
export function RequiredField({ name, label, value, onChange, type = 'text', autoComplete, autoFocus, size, testId }: Props) {
  const translate = useTranslate();
  const id = useId();
  const text = translate(label);
  return (
    <FormControl required size={size} variant="outlined">
      <InputLabel htmlFor={id}>{text}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={text}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputProps={testId ? { 'data-testid': testId } : undefined}
      />
    </FormControl>
  );
}
