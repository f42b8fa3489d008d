import { notFound } from '@tabour/platform';
import { addError, checkTranslations, type FieldErrors, isHexColour, sameJson, throwIfAny, type Translations } from '../shared';
import { DEPARTMENT_DEFAULTS, type DepartmentCommand, type DepartmentFields } from './commands';
import type { DepartmentEvent } from './events';
import type { DepartmentState } from './state';

const intIn = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

function checkFields(f: DepartmentFields, errors: FieldErrors): DepartmentFields {
  const name = (f.name ?? '').trim();
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 150) addError(errors, 'name', 'The name may have at most 150 characters');
  for (const key of ['primary_color', 'secondary_color', 'text_color'] as const) {
    if (!isHexColour(f[key])) addError(errors, key, 'Enter a colour as #RRGGBB');
  }
  if (!intIn(f.slot_duration, 1, 1440)) addError(errors, 'slot_duration', 'The slot duration must be from 1 to 1440 minutes');
  if (!intIn(f.max_bookings_per_slot, 1, 10000)) addError(errors, 'max_bookings_per_slot', 'Enter a number of bookings from 1 to 10000');
  if (f.max_daily_bookings !== null && !intIn(f.max_daily_bookings, 0, 100000)) {
    addError(errors, 'max_daily_bookings', 'Enter a daily limit from 1 to 100000, or none');
  }
  if (typeof f.can_select_member !== 'boolean') addError(errors, 'can_select_member', 'can_select_member must be true or false');
  if (typeof f.must_select_member !== 'boolean') addError(errors, 'must_select_member', 'must_select_member must be true or false');
  // A customer cannot be required to pick a member they are not allowed to pick.
  if (f.must_select_member && !f.can_select_member) {
    addError(errors, 'must_select_member', 'A member can be required only when customers can select one');
  }
  // A set: kept sorted, so the same services in another order are no change.
  const serviceIds = [...new Set(f.service_ids ?? [])].sort();
  const durations = new Map<string, number>();
  (f.service_durations ?? []).forEach((d, i) => {
    if (!serviceIds.includes(d.service_id)) addError(errors, `service_durations.${i}.service_id`, "The service must be one of the department's services");
    if (!intIn(d.duration_seconds, 1, 86400)) addError(errors, `service_durations.${i}.duration`, 'The duration must be from 1 second to 24 hours');
    durations.set(d.service_id, d.duration_seconds);
  });
  return {
    ...f,
    // 0 reads as "no limit" on the screens.
    max_daily_bookings: f.max_daily_bookings === 0 ? null : f.max_daily_bookings,
    name,
    service_ids: serviceIds,
    service_durations: [...durations].sort(([a], [b]) => a.localeCompare(b)).map(([service_id, duration_seconds]) => ({ service_id, duration_seconds })),
  };
}

/** Translations merge per language: a change is a language whose text differs. */
const translationsChange = (current: Translations, given: Translations) => !sameJson({ ...current, ...given }, current);

type Active = Exclude<DepartmentState, { status: 'none' }>;
type Ids = { department_id: string; business_id: string };

function update(command: Extract<DepartmentCommand, { type: 'UpdateDepartment' }>, state: Active, ids: Ids): DepartmentEvent[] {
  const errors: FieldErrors = {};
  const { status: _s, business_id: _b, translations: _t, ...current } = state;
  const merged = { ...current, ...command.fields };
  // Dropping a service drops its duration override with it.
  if (command.fields.service_ids && !command.fields.service_durations) {
    merged.service_durations = current.service_durations.filter((d) => merged.service_ids.includes(d.service_id));
  }
  const next = checkFields(merged, errors);
  const translations = command.translations ? checkTranslations(command.translations, errors) : null;
  throwIfAny(errors);
  const changes: Partial<DepartmentFields> = {};
  for (const key of Object.keys(next) as (keyof DepartmentFields)[]) {
    if (!sameJson(next[key], current[key])) (changes as Record<string, unknown>)[key] = next[key];
  }
  const events: DepartmentEvent[] = [];
  if (Object.keys(changes).length) events.push({ type: 'DepartmentUpdated', data: { ...ids, changes } });
  if (translations && translationsChange(state.translations, translations))
    events.push({ type: 'DepartmentTranslationsUpdated', data: { ...ids, translations } });
  return events;
}

export function decide(command: DepartmentCommand, state: DepartmentState): DepartmentEvent[] {
  const ids = { department_id: command.department_id, business_id: command.business_id };
  const errors: FieldErrors = {};
  if (command.type === 'CreateDepartment') {
    // A retried create with the same id is already done.
    if (state.status !== 'none') return [];
    const fields = checkFields({ ...DEPARTMENT_DEFAULTS, ...command.fields } as DepartmentFields, errors);
    const translations = checkTranslations(command.translations ?? {}, errors);
    throwIfAny(errors);
    return [{ type: 'DepartmentCreated', data: { ...ids, ...fields, translations } }];
  }
  // Another business's department answers exactly like a missing one.
  if (state.status !== 'active' || state.business_id !== command.business_id) throw notFound();
  switch (command.type) {
    case 'UpdateDepartment':
      return update(command, state, ids);
    case 'UpdateDepartmentTranslations': {
      const translations = checkTranslations(command.translations, errors);
      throwIfAny(errors);
      return translationsChange(state.translations, translations) ? [{ type: 'DepartmentTranslationsUpdated', data: { ...ids, translations } }] : [];
    }
    case 'DeleteDepartment':
      return [{ type: 'DepartmentDeleted', data: ids }];
  }
}
