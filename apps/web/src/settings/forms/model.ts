/** The booking form fields' form rules: pure, tested without a browser. */
import { FORM_FIELD_LANGUAGES, type BookingFormField, type FormFieldLanguage, type RuleFlow } from '@tabour/contracts';

/** Options are typed one per line; what is sent has neither blanks nor repeats. */
export const optionsText = (options: unknown): string => (Array.isArray(options) ? options.join('\n') : '');
export const optionsList = (text: unknown): string[] => (typeof text === 'string' ? text.split('\n') : []);

export function cleanOptions(options: unknown): string[] {
  const list = Array.isArray(options) ? options.map((o) => String(o).trim()).filter(Boolean) : [];
  return [...new Set(list)];
}

/** What the form sends: trimmed names without empty ones, clean options. */
export function fieldBody(values: Record<string, unknown>): Record<string, unknown> {
  const given = (values.names ?? {}) as Partial<Record<FormFieldLanguage, string>>;
  const names = Object.fromEntries(FORM_FIELD_LANGUAGES.flatMap((l) => (given[l]?.trim() ? [[l, given[l]!.trim()]] : [])));
  return { ...values, names, options: cleanOptions(values.options) };
}

/** A field needs a name in at least one language. */
export function namesError(values: { names?: Partial<Record<FormFieldLanguage, string>> }): boolean {
  return !FORM_FIELD_LANGUAGES.some((l) => values.names?.[l]?.trim());
}

/** The name shown in the interface's language, else English, else the first given. */
export function fieldName(field: Pick<BookingFormField, 'names'>, language: string): string {
  const names = field.names ?? {};
  return names[language as FormFieldLanguage] ?? names.en ?? Object.values(names).find(Boolean) ?? '—';
}

export function byFlow<T extends Pick<BookingFormField, 'flow' | 'position'>>(fields: readonly T[], flow: RuleFlow): T[] {
  return fields.filter((f) => f.flow === flow).sort((a, b) => a.position - b.position);
}
