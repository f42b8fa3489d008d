import { notFound, throwIfAny as refuse } from '@tabour/platform';
import { addError, FORM_FIELD_LANGUAGES, FORM_FIELD_TYPES, RULE_FLOWS, type FieldErrors, type FormFieldLanguage } from '@tabour/contracts';
import { sameJson } from '@tabour/organisation';
import type { FormFieldFields, FormFieldInput, FormsCommand } from './commands';
import type { FormsEvent } from './events';
import type { FormsState } from './state';

export const FORM_LIMITS = { name: 150, options: 50, option: 150, fields: 50 } as const;

/** The fields given, without those left undefined (a DTO declares every field). */
const defined = <T extends object>(input: T): Partial<T> => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The whole field as it will stand; `base` is the field being edited. */
export function checkFormField(input: FormFieldInput, base?: FormFieldFields, nextPosition = 0): FormFieldFields {
  const errors: FieldErrors = {};
  const merged = { ...base, ...defined(input) };
  const flow = merged.flow ?? 'booking';
  if (!RULE_FLOWS.includes(flow)) addError(errors, 'flow', `Select a valid flow (${RULE_FLOWS.join(', ')})`);
  const type = merged.type ?? 'text';
  if (!FORM_FIELD_TYPES.includes(type)) addError(errors, 'type', `Select a valid type (${FORM_FIELD_TYPES.join(', ')})`);
  const names: FormFieldFields['names'] = {};
  if (typeof merged.names !== 'object' || merged.names === null || Array.isArray(merged.names))
    addError(errors, 'names', 'Give the field a name in at least one language');
  else {
    for (const [lang, raw] of Object.entries(merged.names)) {
      if (!FORM_FIELD_LANGUAGES.includes(lang as FormFieldLanguage)) {
        addError(errors, `names.${lang}`, `Select a valid language (${FORM_FIELD_LANGUAGES.join(', ')})`);
        continue;
      }
      const name = typeof raw === 'string' ? raw.trim() : '';
      if (name.length > FORM_LIMITS.name) addError(errors, `names.${lang}`, `The name may have at most ${FORM_LIMITS.name} characters`);
      else if (name) names[lang as FormFieldLanguage] = name;
    }
    if (Object.keys(names).length === 0 && !errors.names) addError(errors, 'names', 'Give the field a name in at least one language');
  }
  const options = Array.isArray(merged.options) ? merged.options.map((o) => (typeof o === 'string' || typeof o === 'number' ? String(o).trim() : '')) : [];
  if (merged.options !== undefined && merged.options !== null && !Array.isArray(merged.options)) addError(errors, 'options', 'Options must be a list');
  if (options.length > FORM_LIMITS.options) addError(errors, 'options', `A field may have at most ${FORM_LIMITS.options} options`);
  if (options.some((o) => !o || o.length > FORM_LIMITS.option))
    addError(errors, 'options', `Each option needs a text of at most ${FORM_LIMITS.option} characters`);
  else if (new Set(options).size !== options.length) addError(errors, 'options', 'Each option may be given only once');
  else if (type === 'number' && options.some((o) => !Number.isFinite(Number(o)))) addError(errors, 'options', 'The options of a number field must be numbers');
  if (merged.required !== undefined && typeof merged.required !== 'boolean') addError(errors, 'required', 'Required must be true or false');
  const position = merged.position ?? nextPosition;
  if (!Number.isInteger(position) || position < 0 || position > 10_000) addError(errors, 'position', 'The position must be a whole number from 0');
  refuse(errors);
  return { flow, names, type, options, required: merged.required ?? false, position };
}

export function decide(command: FormsCommand, state: FormsState): FormsEvent[] {
  const ids = { business_id: command.business_id, field_id: command.field_id };
  const current = state.fields.get(command.field_id);
  switch (command.type) {
    case 'CreateFormField': {
      if (current) return [];
      const fields = checkFormField(command.input, undefined, state.fields.size);
      if (state.fields.size >= FORM_LIMITS.fields) refuse({ names: [`A business may have at most ${FORM_LIMITS.fields} form fields`] });
      return [{ type: 'FormFieldCreated', data: { ...ids, ...fields } }];
    }
    case 'UpdateFormField': {
      if (!current) throw notFound('Form field not found');
      const fields = checkFormField(command.input, current);
      return sameJson(current, fields) ? [] : [{ type: 'FormFieldUpdated', data: { ...ids, ...fields } }];
    }
    case 'DeleteFormField':
      if (!current) throw notFound('Form field not found');
      return [{ type: 'FormFieldDeleted', data: ids }];
  }
}
