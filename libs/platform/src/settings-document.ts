import { throwIfAny } from './errors';

/** One setting's rule: the value to keep (trimmed, lower-cased…) or why it is refused. */
export type SettingRule<T> = (value: unknown) => { value: T } | { error: string };

type SettingsCommand<S> = { business_id: string; changes: Partial<Record<keyof S, unknown>> };
type SettingsEvent<S> = { type: string; data: { business_id: string; changes: Partial<S> } };

/**
 * The decider of a business's settings document (one stream a business, defaults until it
 * changes one): each given setting checked by its rule, every refusal gathered (an unknown
 * setting among them) before refusing, then one event that holds only what changed, or none.
 * Its state is the document: the defaults with every change laid over them.
 */
export function settingsDecider<S extends object, C extends SettingsCommand<S>, E extends SettingsEvent<S>>(spec: {
  defaults: S;
  event: E['type'];
  rules: { [K in keyof S]: SettingRule<S[K]> };
}): { initialState: () => S; decide: (command: C, state: S) => E[]; evolve: (state: S, event: E) => S } {
  const keys = Object.keys(spec.rules) as (keyof S & string)[];
  return {
    initialState: () => ({ ...spec.defaults }),
    decide(command, state) {
      const errors: Record<string, string[]> = {};
      const changes: Partial<S> = {};
      for (const key of keys) {
        const given = command.changes[key];
        if (given === undefined) continue;
        const checked = spec.rules[key](given);
        if ('error' in checked) errors[key] = [checked.error];
        else if (checked.value !== state[key]) changes[key] = checked.value;
      }
      for (const key of Object.keys(command.changes)) if (!(key in spec.defaults)) errors[key] = [`Unknown setting ${key}`];
      throwIfAny(errors);
      return Object.keys(changes).length ? [{ type: spec.event, data: { business_id: command.business_id, changes } } as E] : [];
    },
    evolve: (state, event) => ({ ...state, ...event.data.changes }),
  };
}
