import {
  addError,
  DEVICE_STATUSES,
  GUEST_PSEUDOS,
  KIOSK_COLOURS,
  KIOSK_TIMERS as TIMEOUTS,
  KIOSK_V2_COLOURS,
  LANGUAGES,
  TICKET_FORMATS,
  type FieldErrors,
  type KioskSettings,
} from '@tabour/contracts';
import { throwIfAny } from '@tabour/platform';
import { checkIps, checkMacs } from '../network';

// The settings, their lists and defaults are the contract's: the settings screen and the kiosk read the same.
export { DEFAULT_KIOSK, GUEST_PSEUDOS, KIOSK_COLOURS, KIOSK_V2_COLOURS, TICKET_FORMATS, type KioskSettings } from '@tabour/contracts';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function checkColours(errors: FieldErrors, prefix: string, colours: Record<string, string | null> | undefined, names: readonly string[]): void {
  for (const [k, v] of Object.entries(colours ?? {})) {
    if (!names.includes(k)) addError(errors, `${prefix}.${k}`, 'Unknown colour');
    else if (v !== null && !HEX.test(v)) addError(errors, `${prefix}.${k}`, 'Enter a colour as #rrggbb');
  }
}

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
