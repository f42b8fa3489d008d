import type { Decider } from '@tabour/eventstore';
import { invalid } from '@tabour/platform';

/** The "data and privacy" settings of a business. */
export interface PrivacySettings {
  /** Erase every customer's personal data once a day (docs/product.md#daily-deletion-of-history). */
  delete_history_daily: boolean;
  /** Public screens (displays, ticket pages) show ticket numbers, never customer names. */
  hide_customer_names: boolean;
}
export const DEFAULT_PRIVACY: PrivacySettings = { delete_history_daily: false, hide_customer_names: true };
export const PRIVACY_KEYS = Object.keys(DEFAULT_PRIVACY) as (keyof PrivacySettings)[];

export const privacyStream = (businessId: string) => `privacy-${businessId}`;

export type PrivacyCommand =
  | { type: 'UpdatePrivacy'; business_id: string; changes: Partial<Record<keyof PrivacySettings, unknown>> }
  | { type: 'RecordHistoryDeleted'; business_id: string; customers_erased: number; trigger: 'staff' | 'schedule' }
  | { type: 'RecordAccountDeleted'; business_id: string; customers_erased: number };

export type PrivacyEvent =
  | { type: 'PrivacySettingsUpdated'; data: { business_id: string; changes: Partial<PrivacySettings> } }
  | { type: 'BusinessHistoryDeleted'; data: { business_id: string; customers_erased: number; trigger: 'staff' | 'schedule' } }
  | { type: 'BusinessAccountDeleted'; data: { business_id: string; customers_erased: number } };

export const PRIVACY_EVENT_TYPES = ['PrivacySettingsUpdated', 'BusinessHistoryDeleted', 'BusinessAccountDeleted'] as const;

export type PrivacyState = PrivacySettings;

export const privacyDecider: Decider<PrivacyCommand, PrivacyState, PrivacyEvent> = {
  initialState: () => ({ ...DEFAULT_PRIVACY }),
  decide(command, state) {
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
  },
  evolve(state, event) {
    return event.type === 'PrivacySettingsUpdated' ? { ...state, ...event.data.changes } : state;
  },
};
