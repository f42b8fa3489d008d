import type { Decider } from '@tabour/eventstore';
import { conflict, notFound } from '@tabour/platform';
import { addError, checkIps, checkMacs, DEVICE_STATUSES, DeviceStatus, FieldErrors, Language, LANGUAGES, throwIfAny } from './common';

export const displayStream = (id: string) => `display-${id}`;
export const DISPLAY_THEMES = ['light', 'dark', 'contrast'] as const;
export const MEDIA_KINDS = ['image', 'video'] as const;

export interface MediaItem {
  kind: (typeof MEDIA_KINDS)[number];
  url: string;
  /** How long an image stays on screen; a video plays to its end. */
  seconds: number | null;
}

export interface VoiceSettings {
  enabled: boolean;
  /** A voice name the browser offers (speechSynthesis.getVoices()), or null for the language's default. */
  voice: string | null;
  /** What is said: {number} and {counter} are replaced, e.g. "Ticket {number}, please go to {counter}". */
  template: string | null;
  /** Spoken instead of the word shown, e.g. the counter "Desk 2" read as "Guichet deux". */
  counter_replacements: Record<string, string>;
  number_replacements: Record<string, string>;
  /** A voice per language, when the screen speaks several. */
  custom_voices: Partial<Record<Language, string>>;
  repeat: number;
}

/** Every setting of a display screen (SPEC §3). */
export interface DisplaySettings {
  name: string;
  status: DeviceStatus;
  queue_ids: string[];
  language: Language;
  theme: (typeof DISPLAY_THEMES)[number];
  ip: string | null;
  mac: string | null;
  placeholder_image: string | null;
  video_url: string | null;
  video_file: string | null;
  media: MediaItem[];
  ads: string[];
  voice: VoiceSettings;
  /** How many of the last calls are listed beside the current ones. */
  history_size: number;
}

export const DEFAULT_VOICE: VoiceSettings = { enabled: true, voice: null, template: null, counter_replacements: {}, number_replacements: {}, custom_voices: {}, repeat: 1 };
export const DEFAULT_DISPLAY: Omit<DisplaySettings, 'name'> = {
  status: 'active',
  queue_ids: [],
  language: 'en',
  theme: 'dark',
  ip: null,
  mac: null,
  placeholder_image: null,
  video_url: null,
  video_file: null,
  media: [],
  ads: [],
  voice: DEFAULT_VOICE,
  history_size: 6,
};

const URL_RE = /^https?:\/\/[^\s]+$/i;
const LOCAL_URL = /^\/business\/uploads\/[0-9a-f-]{36}\/[0-9a-f]{32}\.(png|jpg|webp|mp4|webm)$/;

export function checkDisplay(s: DisplaySettings): DisplaySettings {
  const errors: FieldErrors = {};
  const name = (s.name ?? '').trim();
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 100) addError(errors, 'name', 'The name may have at most 100 characters');
  if (!DEVICE_STATUSES.includes(s.status)) addError(errors, 'status', 'Select a valid status');
  if (!LANGUAGES.includes(s.language)) addError(errors, 'language', 'Select a valid language');
  if (!DISPLAY_THEMES.includes(s.theme)) addError(errors, 'theme', 'Select a valid theme');
  const ip = s.ip ? checkIps(errors, 'ip', [s.ip])[0] ?? null : null;
  const mac = s.mac ? checkMacs(errors, 'mac', [s.mac])[0] ?? null : null;
  if (s.video_url && !URL_RE.test(s.video_url)) addError(errors, 'video_url', 'Enter a web address (http or https)');
  (s.media ?? []).forEach((m, i) => {
    if (!MEDIA_KINDS.includes(m.kind)) addError(errors, `media.${i}.kind`, 'Select image or video');
    if (!URL_RE.test(m.url) && !LOCAL_URL.test(m.url)) addError(errors, `media.${i}.url`, 'Enter a web address (http or https)');
    if (m.seconds !== null && (!Number.isInteger(m.seconds) || m.seconds < 1 || m.seconds > 3600)) addError(errors, `media.${i}.seconds`, 'Give from 1 to 3600 seconds');
  });
  if ((s.ads ?? []).some((a) => typeof a !== 'string' || a.length > 300)) addError(errors, 'ads', 'Each message may have at most 300 characters');
  const v = { ...DEFAULT_VOICE, ...(s.voice ?? {}) };
  if (!Number.isInteger(v.repeat) || v.repeat < 1 || v.repeat > 3) addError(errors, 'voice.repeat', 'Repeat each call from 1 to 3 times');
  if (v.template !== null && (v.template.length > 200 || !v.template.includes('{number}'))) addError(errors, 'voice.template', 'The announcement must say {number}, in at most 200 characters');
  for (const l of Object.keys(v.custom_voices ?? {})) if (!LANGUAGES.includes(l as Language)) addError(errors, 'voice.custom_voices', 'Select a valid language');
  if (!Number.isInteger(s.history_size) || s.history_size < 0 || s.history_size > 20) addError(errors, 'history_size', 'List from 0 to 20 past calls');
  throwIfAny(errors);
  return { ...s, name, ip, mac, voice: v, queue_ids: [...new Set((s.queue_ids ?? []).map((q) => q.toLowerCase()))] };
}

type Ids = { display_id: string; business_id: string };
export type DisplayCommand =
  | (Ids & { type: 'CreateDisplay'; key: string; settings: DisplaySettings })
  | (Ids & { type: 'UpdateDisplay'; changes: Partial<DisplaySettings> })
  | (Ids & { type: 'ResetDisplaySecret' })
  | (Ids & { type: 'DeleteDisplay' });
export type DisplayEvent =
  | { type: 'DisplayCreated'; data: Ids & { key: string; settings: DisplaySettings } }
  | { type: 'DisplayUpdated'; data: Ids & { changes: Partial<DisplaySettings> } }
  | { type: 'DisplaySecretReset'; data: Ids }
  | { type: 'DisplayDeleted'; data: Ids };
export const DISPLAY_EVENT_TYPES = ['DisplayCreated', 'DisplayUpdated', 'DisplaySecretReset', 'DisplayDeleted'] as const;
export type DisplayState = { status: 'none' } | { status: 'active' | 'deleted'; business_id: string; key: string; settings: DisplaySettings };

export const displayDecider: Decider<DisplayCommand, DisplayState, DisplayEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(c, state) {
    const ids = { display_id: c.display_id, business_id: c.business_id };
    if (c.type === 'CreateDisplay') {
      if (state.status !== 'none') throw conflict('This display already exists', 'display_exists');
      return [{ type: 'DisplayCreated', data: { ...ids, key: c.key, settings: checkDisplay(c.settings) } }];
    }
    if (state.status !== 'active' || state.business_id !== c.business_id) throw notFound();
    switch (c.type) {
      case 'UpdateDisplay': {
        const next = checkDisplay({ ...state.settings, ...c.changes });
        const changes = Object.fromEntries(Object.keys(c.changes).filter((k) => JSON.stringify(next[k as keyof DisplaySettings]) !== JSON.stringify(state.settings[k as keyof DisplaySettings])).map((k) => [k, next[k as keyof DisplaySettings]]));
        return Object.keys(changes).length ? [{ type: 'DisplayUpdated', data: { ...ids, changes } }] : [];
      }
      case 'ResetDisplaySecret':
        return [{ type: 'DisplaySecretReset', data: ids }];
      case 'DeleteDisplay':
        return [{ type: 'DisplayDeleted', data: ids }];
    }
  },
  evolve(state, e) {
    switch (e.type) {
      case 'DisplayCreated':
        return { status: 'active', business_id: e.data.business_id, key: e.data.key, settings: e.data.settings };
      case 'DisplayUpdated':
        return state.status === 'none' ? state : { ...state, settings: { ...state.settings, ...e.data.changes } };
      case 'DisplaySecretReset':
        return state;
      case 'DisplayDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
};
