import { addError, type BookingFormField, type FieldErrors, type FormValue } from '@tabour/contracts';
import { throwIfAny as refuse } from '@tabour/platform';

export const FORM_VALUE_MAX_LENGTH = 1000;

/** What validation needs of a field: the read model's row or the wire type. */
export type ValidatedField = Pick<BookingFormField, 'id' | 'options' | 'required'> & {
  type: BookingFormField['type'] | string;
  names?: BookingFormField['names'];
};

/**
 * The values a booking or a queue join gives for the business's form fields (of that flow),
 * checked and normalised: a number field holds a number, a field with options one of them, a
 * required field a value. Errors are keyed `additional_data.<field id>`; a value for a field
 * the business does not have is refused too, so nothing unasked is stored.
 */
export function validateFormValues(fields: readonly ValidatedField[], values: unknown): { values: Record<string, FormValue>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const out: Record<string, FormValue> = {};
  const given = values == null ? {} : values;
  if (typeof given !== 'object' || Array.isArray(given)) {
    addError(errors, 'additional_data', 'The additional data must map form fields to values');
    return { values: out, errors };
  }
  const byId = new Map(fields.map((f) => [f.id.toLowerCase(), f]));
  for (const key of Object.keys(given)) if (!byId.has(key.toLowerCase())) addError(errors, `additional_data.${key}`, 'This form field does not exist');
  const entries = new Map(Object.entries(given as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
  for (const field of fields) {
    const key = `additional_data.${field.id}`;
    const raw = entries.get(field.id.toLowerCase());
    const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (empty) {
      if (field.required) addError(errors, key, 'This field is required');
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      addError(errors, key, 'Enter a text or a number');
      continue;
    }
    let value: FormValue;
    if (field.type === 'number') {
      const n = typeof raw === 'number' ? raw : Number(raw.trim());
      if (!Number.isFinite(n)) {
        addError(errors, key, 'Enter a number');
        continue;
      }
      value = n;
    } else {
      value = String(raw).trim();
      if (value.length > FORM_VALUE_MAX_LENGTH) {
        addError(errors, key, `Enter at most ${FORM_VALUE_MAX_LENGTH} characters`);
        continue;
      }
    }
    if (field.options.length && !field.options.some((o) => (field.type === 'number' ? Number(o) === value : o === value))) {
      addError(errors, key, `Select one of: ${field.options.join(', ')}`);
      continue;
    }
    out[field.id] = value;
  }
  return { values: out, errors };
}

/** `validateFormValues`' errors keyed by the field's id alone (the booking decision's `additional_data_errors`). */
export function formFieldErrors(fields: readonly ValidatedField[], values: unknown): FieldErrors {
  const { errors } = validateFormValues(fields, values);
  return Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key.replace(/^additional_data\.?/, '') || '_', messages]));
}

/** `validateFormValues` for a command path: the normalised values, or a 422 naming each field. */
export function requireFormValues(fields: readonly ValidatedField[], values: unknown): Record<string, FormValue> {
  const checked = validateFormValues(fields, values);
  refuse(checked.errors);
  return checked.values;
}
