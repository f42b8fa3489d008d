import {
  addError,
  DEFAULT_VOICE,
  DEVICE_STATUSES,
  DISPLAY_THEMES,
  LANGUAGES,
  MEDIA_KINDS,
  type DisplaySettings,
  type FieldErrors,
  type Language,
  type MediaItem,
  type VoiceSettings,
} from '@tabour/contracts';
import { throwIfAny } from '@tabour/platform';
import { checkIps, checkMacs } from '../network';

// The settings, their lists and defaults are the contract's: the settings screen and the display read the same.
export { DEFAULT_DISPLAY, DEFAULT_VOICE, DISPLAY_THEMES, MEDIA_KINDS, type DisplaySettings, type MediaItem, type VoiceSettings } from '@tabour/contracts';

const URL_RE = /^https?:\/\/[^\s]+$/i;
const LOCAL_URL = /^\/business\/uploads\/[0-9a-f-]{36}\/[0-9a-f]{32}\.(png|jpg|webp|mp4|webm)$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Words spoken instead of others: a flat map of short texts, so a form's JSON cannot smuggle anything else into an event. */
function checkWords(errors: FieldErrors, field: string, v: unknown): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (!isRecord(v) || Object.keys(v).length > 100 || Object.entries(v).some(([k, w]) => typeof w !== 'string' || k.length > 100 || w.length > 100)) {
    addError(errors, field, 'Give at most 100 replacements of at most 100 characters each');
    return {};
  }
  return v as Record<string, string>;
}

function checkVoice(errors: FieldErrors, raw: unknown): VoiceSettings {
  if (raw !== undefined && raw !== null && !isRecord(raw)) {
    addError(errors, 'voice', 'Give the announcement settings');
    return DEFAULT_VOICE;
  }
  const v = { ...DEFAULT_VOICE, ...((raw as Partial<VoiceSettings>) ?? {}) };
  if (typeof v.enabled !== 'boolean') addError(errors, 'voice.enabled', 'Say whether calls are announced');
  if (v.voice !== null && (typeof v.voice !== 'string' || v.voice.length > 100)) addError(errors, 'voice.voice', 'Select a valid voice');
  if (!Number.isInteger(v.repeat) || v.repeat < 1 || v.repeat > 3) addError(errors, 'voice.repeat', 'Repeat each call from 1 to 3 times');
  if (v.template !== null && (typeof v.template !== 'string' || v.template.length > 200 || !v.template.includes('{number}')))
    addError(errors, 'voice.template', 'The announcement must say {number}, in at most 200 characters');
  const custom = v.custom_voices ?? {};
  if (!isRecord(custom) || Object.entries(custom).some(([l, name]) => !LANGUAGES.includes(l as Language) || typeof name !== 'string' || name.length > 100))
    addError(errors, 'voice.custom_voices', 'Select a valid language');
  return {
    enabled: v.enabled,
    voice: v.voice,
    template: v.template,
    counter_replacements: checkWords(errors, 'voice.counter_replacements', v.counter_replacements),
    number_replacements: checkWords(errors, 'voice.number_replacements', v.number_replacements),
    custom_voices: isRecord(custom) ? custom : {},
    repeat: v.repeat,
  };
}

function checkMedia(errors: FieldErrors, raw: unknown): MediaItem[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 50) {
    addError(errors, 'media', 'Give a list of at most 50 images and videos');
    return [];
  }
  return raw.map((m: unknown, i) => {
    if (!isRecord(m)) {
      addError(errors, `media.${i}`, 'Give each item its kind and web address');
      return { kind: 'image', url: '', seconds: null };
    }
    const seconds = m.seconds ?? null;
    if (!MEDIA_KINDS.includes(m.kind as MediaItem['kind'])) addError(errors, `media.${i}.kind`, 'Select image or video');
    if (typeof m.url !== 'string' || m.url.length > 2000 || (!URL_RE.test(m.url) && !LOCAL_URL.test(m.url)))
      addError(errors, `media.${i}.url`, 'Enter a web address (http or https)');
    if (seconds !== null && (!Number.isInteger(seconds) || (seconds as number) < 1 || (seconds as number) > 3600))
      addError(errors, `media.${i}.seconds`, 'Give from 1 to 3600 seconds');
    return { kind: m.kind as MediaItem['kind'], url: m.url as string, seconds: seconds as number | null };
  });
}

export function checkDisplay(s: DisplaySettings): DisplaySettings {
  const errors: FieldErrors = {};
  const name = typeof s.name === 'string' ? s.name.trim() : '';
  if (!name) addError(errors, 'name', 'The name is required');
  else if (name.length > 100) addError(errors, 'name', 'The name may have at most 100 characters');
  if (!DEVICE_STATUSES.includes(s.status)) addError(errors, 'status', 'Select a valid status');
  if (!LANGUAGES.includes(s.language)) addError(errors, 'language', 'Select a valid language');
  if (!DISPLAY_THEMES.includes(s.theme)) addError(errors, 'theme', 'Select a valid theme');
  const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? null : String(v));
  const ip = text(s.ip) ? (checkIps(errors, 'ip', [text(s.ip)!])[0] ?? null) : null;
  const mac = text(s.mac) ? (checkMacs(errors, 'mac', [text(s.mac)!])[0] ?? null) : null;
  if (s.video_url && (typeof s.video_url !== 'string' || s.video_url.length > 2000 || !URL_RE.test(s.video_url)))
    addError(errors, 'video_url', 'Enter a web address (http or https)');
  const media = checkMedia(errors, s.media);
  const ads = s.ads ?? [];
  if (!Array.isArray(ads) || ads.length > 50 || ads.some((a) => typeof a !== 'string' || a.length > 300))
    addError(errors, 'ads', 'Each message may have at most 300 characters');
  const voice = checkVoice(errors, s.voice);
  if (!Number.isInteger(s.history_size) || s.history_size < 0 || s.history_size > 20) addError(errors, 'history_size', 'List from 0 to 20 past calls');
  if (!Array.isArray(s.queue_ids ?? []) || (s.queue_ids ?? []).some((q) => typeof q !== 'string')) addError(errors, 'queue_ids', 'Select valid queues');
  throwIfAny(errors);
  return { ...s, name, ip, mac, media, ads, voice, video_url: s.video_url || null, queue_ids: [...new Set((s.queue_ids ?? []).map((q) => q.toLowerCase()))] };
}
