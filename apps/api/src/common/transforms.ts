import { Transform } from 'class-transformer';
import { checkJsonShape } from './body-limits';

/**
 * JSON text from a form field, held to the limits of a JSON body (depth, keys, items) before it
 * is parsed, since the result is walked recursively next; text too deep or malformed stays text
 * for the validators to refuse.
 */
function parseLimited(text: string): unknown {
  try {
    checkJsonShape(Buffer.from(text));
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Multipart forms send every field as text: these turn "true"/"1", "12.5" and JSON text
 * into the values a JSON body would carry, and leave anything else for the validators to refuse.
 */
export const ToBoolean = () =>
  Transform(({ value }) => {
    if (value === 'true' || value === '1' || value === 1) return true;
    if (value === 'false' || value === '0' || value === 0) return false;
    return value;
  });

export const ToNumber = () =>
  Transform(({ value }) => {
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
    return value;
  });

export const ToNullableNumber = () =>
  Transform(({ value }) => {
    if (value === '' || value === 'null') return null;
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
    return value;
  });

/** A JSON value sent as text in a multipart form. */
export const FromJson = () =>
  Transform(({ value }) => {
    return typeof value === 'string' ? parseLimited(value) : value;
  });

/** A list sent as JSON text, as "a,b" or as repeated fields. */
export const ToList = () =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    if (v.startsWith('[')) {
      const parsed = parseLimited(v);
      return parsed === v ? value : parsed;
    }
    return v ? v.split(',').map((s) => s.trim()) : [];
  });

/** Empty text in a form means "none". */
export const EmptyToNull = () => Transform(({ value }) => (value === '' ? null : value));
