/**
 * The kiosks and displays screens' rules, apart from React: which fields each form sends and
 * in which shape, and what a device's sessions say about it.
 */
import { DEFAULT_DISPLAY, DEFAULT_KIOSK, isLanguage, KIOSK_TIMERS } from '@tabour/contracts';

// The lists and the settings' shapes are the contract's, one definition with the API.
export {
  DEVICE_STATUSES,
  DISPLAY_THEMES,
  GUEST_PSEUDOS,
  KIOSK_COLOURS,
  KIOSK_TIMERS,
  KIOSK_V2_COLOURS,
  REMOTE_COMMANDS,
  TICKET_FORMATS,
  type Display,
  type DisplaySettings,
  type Kiosk,
  type KioskSettings,
  type RemoteCommand,
} from '@tabour/contracts';

export const KIOSK_FLAGS = {
  restrictions: ['logout_on_ip_change'],
  guests: ['guest_mode', 'guest_login_required'],
  options: [
    'allow_booking',
    'collect_customer_details',
    'require_internal_id',
    'print_ticket',
    'sms_ticket',
    'virtual_keyboard',
    'allow_multiple_services',
    'allow_quantity_services',
    'calendar_sync',
  ],
  style: ['allow_pagination', 'barcode_mode'],
} as const;

const KIOSK_FIELDS = [
  'name',
  'status',
  'queue_ids',
  'theme',
  'ip_restriction',
  'mac_restriction',
  'guest_pseudo',
  'ticket_format',
  'zoom',
  'colours',
  'config_version',
  'v2_colours',
  'predefined_language',
  ...KIOSK_TIMERS,
  ...KIOSK_FLAGS.restrictions,
  ...KIOSK_FLAGS.guests,
  ...KIOSK_FLAGS.options,
  ...KIOSK_FLAGS.style,
] as const;

const DISPLAY_FIELDS = ['name', 'status', 'queue_ids', 'language', 'theme', 'ip', 'mac', 'video_url', 'media', 'ads', 'voice', 'history_size'] as const;

/** The kiosk the form starts from: the API's own defaults; a placeholder image is chosen as a file. */
export const NEW_KIOSK = (({ placeholder_image: _image, ...rest }) => rest)(DEFAULT_KIOSK);

/** The display the form starts from: the API's own defaults; the placeholder image and video are chosen as files. */
export const NEW_DISPLAY = (({ placeholder_image: _image, video_file: _video, ...rest }) => rest)(DEFAULT_DISPLAY);

/** One entry per line (a textarea's value), or a list: trimmed, without the empty ones. */
export function lines(v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split('\n') : [];
  return list.map((x) => String(x ?? '').trim()).filter(Boolean);
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const int = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.round(n) : fallback;
};

/** Colours as the API takes them: `#rrggbb` or null (the product's own). */
export function colours(v: unknown): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, c] of Object.entries((v as Record<string, unknown>) ?? {})) out[k] = text(c);
  return out;
}

/** A placeholder image chosen in the form goes as the `placeholder` file of a multipart call. */
const withFile = (out: Record<string, unknown>, values: Record<string, unknown>) => {
  if (typeof Blob !== 'undefined' && values.placeholder instanceof Blob) out.placeholder = values.placeholder;
  return out;
};

export function kioskBody(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of KIOSK_FIELDS) {
    if (!(k in values)) continue;
    const v = values[k];
    if (k === 'ip_restriction' || k === 'mac_restriction') out[k] = lines(v);
    else if (k === 'queue_ids') out[k] = Array.isArray(v) ? v : [];
    else if (k === 'colours' || k === 'v2_colours') out[k] = colours(v);
    else if (k === 'theme' || k === 'predefined_language') out[k] = text(v);
    else if (k === 'zoom') out[k] = int(v, 100);
    else if (k === 'config_version') out[k] = int(v, 1) === 2 ? 2 : 1;
    else if ((KIOSK_TIMERS as readonly string[]).includes(k)) out[k] = int(v, 0);
    else out[k] = v;
  }
  return withFile(out, values);
}

/** Words said instead of others, from the form's rows (`{from, to}`) or a map; empty ones dropped. */
export function words(v: unknown): Record<string, string> {
  const rows = Array.isArray(v) ? (v as { from?: unknown; to?: unknown }[]).map((r) => [r?.from, r?.to]) : Object.entries((v as Record<string, unknown>) ?? {});
  const out: Record<string, string> = {};
  for (const [from, to] of rows) if (typeof from === 'string' && from.trim() && typeof to === 'string') out[from.trim()] = to;
  return out;
}

export function voiceBody(v: unknown): Record<string, unknown> {
  const voice = (v as Record<string, unknown>) ?? {};
  const custom: Record<string, string> = {};
  for (const [lang, name] of Object.entries((voice.custom_voices as Record<string, unknown>) ?? {}))
    if (isLanguage(lang) && text(name)) custom[lang] = text(name)!;
  return {
    enabled: voice.enabled !== false,
    voice: text(voice.voice),
    template: text(voice.template),
    counter_replacements: words(voice.counter_replacements),
    number_replacements: words(voice.number_replacements),
    custom_voices: custom,
    repeat: Math.min(3, Math.max(1, int(voice.repeat, 1))),
  };
}

export function mediaBody(v: unknown): { kind: 'image' | 'video'; url: string; seconds: number | null }[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((m) => m && typeof m.url === 'string' && m.url.trim())
    .map((m) => {
      const kind = m.kind === 'video' ? 'video' : 'image';
      const seconds = kind === 'image' && m.seconds !== null && m.seconds !== undefined && m.seconds !== '' ? int(m.seconds, 10) : null;
      return { kind, url: m.url.trim(), seconds };
    });
}

export function displayBody(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of DISPLAY_FIELDS) {
    if (!(k in values)) continue;
    const v = values[k];
    if (k === 'ip' || k === 'mac' || k === 'video_url') out[k] = text(v);
    else if (k === 'queue_ids') out[k] = Array.isArray(v) ? v : [];
    else if (k === 'ads') out[k] = lines(v);
    else if (k === 'media') out[k] = mediaBody(v);
    else if (k === 'voice') out[k] = voiceBody(v);
    else if (k === 'history_size') out[k] = int(v, 6);
    else out[k] = v;
  }
  return withFile(out, values);
}

/** Online: a session seen in the last three minutes; logged in: a session open but quiet; else offline. */
export function presence(d: { sessions?: number | null; last_seen_at?: string | null }, now: number = Date.now()): 'online' | 'idle' | 'offline' {
  if (!d.sessions) return 'offline';
  const seen = d.last_seen_at ? Date.parse(d.last_seen_at) : NaN;
  return Number.isFinite(seen) && now - seen <= 3 * 60_000 ? 'online' : 'idle';
}
