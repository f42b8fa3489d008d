import type { Decider } from '@tabour/eventstore';
import { conflict, notFound } from '@tabour/platform';
import { GUEST_PSEUDOS, KIOSK_COLOURS, KIOSK_TIMERS as TIMEOUTS, KIOSK_V2_COLOURS, TICKET_FORMATS, type KioskSettings } from '@tabour/contracts';
import { addError, checkColours, checkIps, checkMacs, DEVICE_STATUSES, FieldErrors, LANGUAGES, throwIfAny } from './common';

export const kioskStream = (id: string) => `kiosk-${id}`;

// The settings, their lists and defaults are the contract's: the settings screen and the kiosk read the same.
export { DEFAULT_KIOSK, GUEST_PSEUDOS, KIOSK_COLOURS, KIOSK_V2_COLOURS, TICKET_FORMATS, type KioskSettings } from '@tabour/contracts';

export function checkKiosk(s: KioskSettings): KioskSettings {
  const errors: FieldErrors = {};
  const name = (s.name ?? '').trim();
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 100) addError(errors, 'name', 'The name may have at most 100 characters');
  if (!DEVICE_STATUSES.includes(s.status)) addError(errors, 'status', 'Select a valid status');
  if (!GUEST_PSEUDOS.includes(s.guest_pseudo)) addError(errors, 'guest_pseudo', 'Select a valid pseudo');
  if (!TICKET_FORMATS.includes(s.ticket_format)) addError(errors, 'ticket_format', 'Select a valid ticket format');
  if (!Number.isInteger(s.zoom) || s.zoom < 50 || s.zoom > 300) addError(errors, 'zoom', 'The zoom must be from 50 to 300 %');
  if (s.config_version !== 1 && s.config_version !== 2) addError(errors, 'config_version', 'Select configuration style 1 or 2');
  for (const t of TIMEOUTS) if (!Number.isInteger(s[t]) || s[t] < 0 || s[t] > 86_400_000) addError(errors, t, 'Give a time in milliseconds, at most a day');
  if (s.predefined_language !== null && !LANGUAGES.includes(s.predefined_language)) addError(errors, 'predefined_language', 'Select a valid language');
  checkColours(errors, 'colours', s.colours as Record<string, string | null>, KIOSK_COLOURS);
  checkColours(errors, 'v2_colours', s.v2_colours as Record<string, string | null>, KIOSK_V2_COLOURS);
  const ip_restriction = checkIps(errors, 'ip_restriction', s.ip_restriction ?? []);
  const mac_restriction = checkMacs(errors, 'mac_restriction', s.mac_restriction ?? []);
  throwIfAny(errors);
  return { ...s, name, ip_restriction, mac_restriction, queue_ids: [...new Set((s.queue_ids ?? []).map((q) => q.toLowerCase()))] };
}

type Ids = { kiosk_id: string; business_id: string };
export type KioskCommand =
  | (Ids & { type: 'CreateKiosk'; key: string; settings: KioskSettings })
  | (Ids & { type: 'UpdateKiosk'; changes: Partial<KioskSettings> })
  | (Ids & { type: 'ResetKioskSecret' })
  | (Ids & { type: 'DeleteKiosk' });
/** No event carries the secret or the auto-login token, nor their hashes: those live in device_credentials. */
export type KioskEvent =
  | { type: 'KioskCreated'; data: Ids & { key: string; settings: KioskSettings } }
  | { type: 'KioskUpdated'; data: Ids & { changes: Partial<KioskSettings> } }
  | { type: 'KioskSecretReset'; data: Ids }
  | { type: 'KioskDeleted'; data: Ids };
export const KIOSK_EVENT_TYPES = ['KioskCreated', 'KioskUpdated', 'KioskSecretReset', 'KioskDeleted'] as const;
export type KioskState = { status: 'none' } | { status: 'active' | 'deleted'; business_id: string; key: string; settings: KioskSettings };

export const kioskDecider: Decider<KioskCommand, KioskState, KioskEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(c, state) {
    const ids = { kiosk_id: c.kiosk_id, business_id: c.business_id };
    if (c.type === 'CreateKiosk') {
      if (state.status !== 'none') throw conflict('This kiosk already exists', 'kiosk_exists');
      return [{ type: 'KioskCreated', data: { ...ids, key: c.key, settings: checkKiosk(c.settings) } }];
    }
    if (state.status !== 'active' || state.business_id !== c.business_id) throw notFound();
    switch (c.type) {
      case 'UpdateKiosk': {
        const next = checkKiosk({ ...state.settings, ...c.changes });
        const changes = Object.fromEntries(
          Object.keys(c.changes)
            .filter((k) => JSON.stringify(next[k as keyof KioskSettings]) !== JSON.stringify(state.settings[k as keyof KioskSettings]))
            .map((k) => [k, next[k as keyof KioskSettings]]),
        );
        return Object.keys(changes).length ? [{ type: 'KioskUpdated', data: { ...ids, changes } }] : [];
      }
      case 'ResetKioskSecret':
        return [{ type: 'KioskSecretReset', data: ids }];
      case 'DeleteKiosk':
        return [{ type: 'KioskDeleted', data: ids }];
    }
  },
  evolve(state, e) {
    switch (e.type) {
      case 'KioskCreated':
        return { status: 'active', business_id: e.data.business_id, key: e.data.key, settings: e.data.settings };
      case 'KioskUpdated':
        return state.status === 'none' ? state : { ...state, settings: { ...state.settings, ...e.data.changes } };
      case 'KioskSecretReset':
        return state;
      case 'KioskDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};
