import { notFound, throwIfAny as refuse } from '@tabour/platform';
import { addError, RULE_ACTIONS, RULE_APPLIES_TO, RULE_FLOWS, RULE_TIME_FRAMES, type FieldErrors, type WorkingDay } from '@tabour/contracts';
import { checkWorkingDays, sameJson } from '@tabour/organisation';
import type { RuleFields, RuleInput, RulesCommand } from './commands';
import type { RulesEvent } from './events';
import type { RulesState } from './state';

export const RULE_LIMITS = { name: 150, rules: 100 } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string =>
  typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

function oneOf<T extends string>(list: readonly T[], value: unknown, field: string, errors: FieldErrors): T {
  if (!list.includes(value as T)) addError(errors, field, `Select a valid value (${list.join(', ')})`);
  return value as T;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Days and ranges that are objects at all, before their content is checked. */
const wellFormedDays = (v: unknown): v is WorkingDay[] =>
  Array.isArray(v) && v.every((d) => isObject(d) && (d.ranges === undefined || (Array.isArray(d.ranges) && d.ranges.every(isObject))));

/** The fields given, without those left undefined (a DTO declares every field). */
const defined = <T extends object>(input: T): Partial<T> => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The whole rule as it will stand: `base` is the rule being edited (its untouched fields stay). */
export function checkRule(input: RuleInput, base?: RuleFields): RuleFields {
  const errors: FieldErrors = {};
  const merged = { ...base, ...defined(input) };
  const name = typeof merged.name === 'string' ? merged.name.trim() : '';
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > RULE_LIMITS.name) addError(errors, 'name', `The name may have at most ${RULE_LIMITS.name} characters`);
  const action = oneOf(RULE_ACTIONS, merged.action, 'action', errors);
  const flow = oneOf(RULE_FLOWS, merged.flow ?? 'booking', 'flow', errors);
  const applies_to = oneOf(RULE_APPLIES_TO, merged.applies_to ?? 'all', 'applies_to', errors);
  const time_frame = oneOf(RULE_TIME_FRAMES, merged.time_frame ?? 'forever', 'time_frame', errors);
  let starts_on: string | null = null;
  let ends_on: string | null = null;
  if (time_frame === 'custom') {
    if (!isDate(merged.starts_on)) addError(errors, 'starts_on', 'Enter a valid date (YYYY-MM-DD)');
    if (!isDate(merged.ends_on)) addError(errors, 'ends_on', 'Enter a valid date (YYYY-MM-DD)');
    else if (isDate(merged.starts_on) && merged.ends_on < merged.starts_on) addError(errors, 'ends_on', 'The end must be after the start');
    starts_on = merged.starts_on ?? null;
    ends_on = merged.ends_on ?? null;
  } else {
    // Dates given with a rule for ever would be dropped: the caller meant one of the two.
    for (const field of ['starts_on', 'ends_on'] as const) {
      if (input[field] != null) addError(errors, field, 'A rule for ever has no dates: choose the custom time frame to give dates, or leave them empty');
    }
  }
  let working_days: WorkingDay[] | null = null;
  if (merged.working_days != null) {
    if (wellFormedDays(merged.working_days)) working_days = checkWorkingDays(merged.working_days, errors);
    else addError(errors, 'working_days', 'Give each of the seven days of the week with its time ranges');
  }
  if (merged.enabled !== undefined && typeof merged.enabled !== 'boolean') addError(errors, 'enabled', 'Enabled must be true or false');
  refuse(errors);
  return { name, action, flow, applies_to, time_frame, starts_on, ends_on, working_days, enabled: merged.enabled ?? true };
}

export function decide(command: RulesCommand, state: RulesState): RulesEvent[] {
  const ids = { business_id: command.business_id };
  const find = (id: string) => state.rules.find((r) => r.rule_id === id);
  switch (command.type) {
    case 'CreateRule': {
      if (find(command.rule_id)) return [];
      const fields = checkRule(command.input);
      if (state.rules.length >= RULE_LIMITS.rules) refuse({ name: [`A business may have at most ${RULE_LIMITS.rules} rules`] });
      return [{ type: 'RuleCreated', data: { ...ids, rule_id: command.rule_id, position: state.rules.length, ...fields } }];
    }
    case 'UpdateRule': {
      const rule = find(command.rule_id);
      if (!rule) throw notFound('Rule not found');
      const { rule_id: _id, ...current } = rule;
      const fields = checkRule(command.input, current);
      return sameJson(current, fields) ? [] : [{ type: 'RuleUpdated', data: { ...ids, rule_id: rule.rule_id, ...fields } }];
    }
    case 'DeleteRule':
      if (!find(command.rule_id)) throw notFound('Rule not found');
      return [{ type: 'RuleDeleted', data: { ...ids, rule_id: command.rule_id } }];
    case 'ReorderRules': {
      const wanted = (Array.isArray(command.ids) ? command.ids : []).map((id) => String(id).toLowerCase());
      const current = state.rules.map((r) => r.rule_id);
      const complete = wanted.length === current.length && new Set(wanted).size === wanted.length && wanted.every((id) => current.includes(id));
      if (!complete) refuse({ ids: ['Give every rule of the business once'] });
      return wanted.join() === current.join() ? [] : [{ type: 'RulesReordered', data: { ...ids, ids: wanted } }];
    }
  }
}
