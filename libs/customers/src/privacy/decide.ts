import { invalid } from '@tabour/platform';
import type { PrivacyCommand } from './commands';
import type { PrivacyEvent } from './events';
import { PRIVACY_KEYS, type PrivacySettings, type PrivacyState } from './state';

export function decide(command: PrivacyCommand, state: PrivacyState): PrivacyEvent[] {
  if (command.type === 'RecordHistoryDeleted') {
    return [
      { type: 'BusinessHistoryDeleted', data: { business_id: command.business_id, customers_erased: command.customers_erased, trigger: command.trigger } },
    ];
  }
  if (command.type === 'RecordAccountDeleted') {
    return [{ type: 'BusinessAccountDeleted', data: { business_id: command.business_id, customers_erased: command.customers_erased } }];
  }
  const errors: Record<string, string[]> = {};
  const changes: Partial<PrivacySettings> = {};
  for (const [k, v] of Object.entries(command.changes)) {
    if (v === undefined) continue;
    if (!PRIVACY_KEYS.includes(k as keyof PrivacySettings)) errors[k] = [`Unknown setting ${k}`];
    else if (typeof v !== 'boolean') errors[k] = [`${k} must be true or false`];
    else if (state[k as keyof PrivacySettings] !== v) changes[k as keyof PrivacySettings] = v;
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(first, errors, 'validation_failed');
  return Object.keys(changes).length ? [{ type: 'PrivacySettingsUpdated', data: { business_id: command.business_id, changes } }] : [];
}
