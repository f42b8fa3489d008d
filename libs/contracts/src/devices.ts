/**
 * Kiosks and display screens: their settings (one definition for the devices' decisions, the
 * settings screens and the devices themselves), and what the devices' own calls answer.
 */
import type { Instant } from './instants';
import type { Language } from './languages';
import type { DeviceStatus } from './lists';

export const GUEST_PSEUDOS = ['customer', 'patient', 'user', 'citizen'] as const;
export const TICKET_FORMATS = ['short', 'long'] as const;
export const KIOSK_COLOURS = ['danger', 'default', 'info', 'primary', 'primary_dark', 'primary_light', 'primary_medium', 'secondary', 'success'] as const;
export const KIOSK_V2_COLOURS = ['theme', 'ticket', 'services', 'numpad', 'booking', 'header', 'footer'] as const;
/** The kiosk's timers, in milliseconds; 0 turns one off. */
export const KIOSK_TIMERS = ['idle_timeout_ms', 'print_timeout_ms', 'anonymous_hibernate_ms', 'auto_navigate_ms', 'auto_print_ms'] as const;
export const DISPLAY_THEMES = ['light', 'dark', 'contrast'] as const;
export const MEDIA_KINDS = ['image', 'video'] as const;
/** What a device may be told from the settings screens. */
export const REMOTE_COMMANDS = ['autologin', 'refresh', 'logout', 'v1', 'v2'] as const;
export type RemoteCommand = (typeof REMOTE_COMMANDS)[number];

/** Every setting of a kiosk (docs/product.md#kiosk-settings). Key, secret and auto-login token are not settings: see docs/devices.md. */
export interface KioskSettings {
  name: string;
  status: DeviceStatus;
  queue_ids: string[];
  theme: string | null;
  placeholder_image: string | null;
  // Restrictions
  ip_restriction: string[];
  mac_restriction: string[];
  logout_on_ip_change: boolean;
  // Guests
  guest_mode: boolean;
  guest_login_required: boolean;
  guest_pseudo: (typeof GUEST_PSEUDOS)[number];
  // Options
  allow_booking: boolean;
  collect_customer_details: boolean;
  require_internal_id: boolean;
  print_ticket: boolean;
  sms_ticket: boolean;
  ticket_format: (typeof TICKET_FORMATS)[number];
  virtual_keyboard: boolean;
  zoom: number;
  allow_multiple_services: boolean;
  allow_quantity_services: boolean;
  calendar_sync: boolean;
  colours: Partial<Record<(typeof KIOSK_COLOURS)[number], string | null>>;
  // The second configuration style
  config_version: 1 | 2;
  v2_colours: Partial<Record<(typeof KIOSK_V2_COLOURS)[number], string | null>>;
  idle_timeout_ms: number;
  print_timeout_ms: number;
  anonymous_hibernate_ms: number;
  auto_navigate_ms: number;
  auto_print_ms: number;
  allow_pagination: boolean;
  barcode_mode: boolean;
  predefined_language: Language | null;
}

/** A new kiosk's settings: the settings screen starts from these, the API fills what a call leaves out with them. */
export const DEFAULT_KIOSK: Omit<KioskSettings, 'name'> = {
  status: 'active',
  queue_ids: [],
  theme: null,
  placeholder_image: null,
  ip_restriction: [],
  mac_restriction: [],
  logout_on_ip_change: false,
  guest_mode: true,
  guest_login_required: false,
  guest_pseudo: 'customer',
  allow_booking: false,
  collect_customer_details: false,
  require_internal_id: false,
  print_ticket: true,
  sms_ticket: false,
  ticket_format: 'short',
  virtual_keyboard: true,
  zoom: 100,
  allow_multiple_services: false,
  allow_quantity_services: false,
  calendar_sync: false,
  colours: {},
  config_version: 1,
  v2_colours: {},
  idle_timeout_ms: 60_000,
  print_timeout_ms: 5_000,
  anonymous_hibernate_ms: 300_000,
  auto_navigate_ms: 15_000,
  auto_print_ms: 3_000,
  allow_pagination: true,
  barcode_mode: false,
  predefined_language: null,
};

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

/** Every setting of a display screen (docs/product.md#display-settings). */
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

export const DEFAULT_VOICE: VoiceSettings = {
  enabled: true,
  voice: null,
  template: null,
  counter_replacements: {},
  number_replacements: {},
  custom_voices: {},
  repeat: 1,
};
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

/** A kiosk or display as the settings screens read it: its settings, its key, and whether it is in use. */
export type Device<S, At = Instant> = S & {
  id: string;
  key: string;
  created_at: At;
  updated_at: At;
  /** Open sessions of the device. */
  sessions: number;
  last_seen_at: At | null;
};
export type Kiosk<At = Instant> = Device<KioskSettings, At>;
export type Display<At = Instant> = Device<DisplaySettings, At>;

/** A device list read with `lite`: only what a picker needs. */
export interface DeviceSummary {
  id: string;
  name: string;
  status: DeviceStatus;
}

export interface KioskService {
  id: string;
  name: string;
  translations?: Record<string, { name?: string | null }>;
}

export interface KioskQueue {
  id: string;
  name: string;
  translations?: Record<string, { name?: string | null; description?: string | null }>;
  paused: boolean;
  waiting: number;
  customer_chooses_member?: boolean;
  services: KioskService[];
  /** The team members a customer may ask for (empty unless the queue allows choosing one). */
  members?: { id: string; name: string }[];
}

export interface KioskBusiness {
  id: string;
  name: string;
  logo_url?: string | null;
  country?: string | null;
  time_zone?: string | null;
}

/** What `POST /kiosk/auth` (with the token) and `GET /kiosk/refresh` answer. */
export interface KioskState<At = Instant> {
  kiosk: Kiosk<At>;
  business: KioskBusiness;
  queues: KioskQueue[];
}

/** Whether the kiosk sent the ticket by SMS, and why not. */
export type KioskSms = 'sent' | 'unavailable' | 'no_phone' | 'not_requested';

/** The ticket a kiosk hands out (`PUT /kiosk/queue/push`). */
export interface KioskTicket<At = Instant> {
  uid: string;
  label: string;
  number: number;
  queue: { id: string; name: string; translations?: Record<string, { name?: string | null; description?: string | null }> };
  rank: number;
  ahead: number;
  estimated_wait_seconds: number | null;
  checked_in_at: At;
  link: string;
  sms: KioskSms;
}

/** What a board shows of a display's settings: how it looks and speaks, not how it is reached. */
export const BOARD_SETTINGS = ['name', 'language', 'theme', 'placeholder_image', 'video_url', 'video_file', 'media', 'ads', 'voice', 'history_size'] as const;
/** A display's look on its board; the staff's screen of one queue has no display (`id` null) and the default look. */
export type BoardSettings = Pick<DisplaySettings, (typeof BOARD_SETTINGS)[number]> & { id: string | null };

/** A ticket at a counter, as a board names it: its label and counter only, never a customer's name. */
export interface BoardCall<At = Instant> {
  label: string;
  number: number;
  queue_id: string;
  counter_name: string | null;
  called_at: At;
}

/** The calling board (`GET /display/screen`, and the staff's screen of one queue). */
export interface Board<At = Instant> {
  display: BoardSettings;
  /** `time_zone`: the clock and times on the board are the business's, wherever the screen's own clock is set. */
  business: { id: string; name: string; logo_url: string | null; time_zone?: string | null };
  queues: { id: string; name: string; translations?: Record<string, { name?: string | null }>; paused: boolean }[];
  calls: BoardCall<At>[];
  /** The last tickets called today, whatever became of them. */
  history: (BoardCall<At> & { status: string })[];
  at: At;
}

/** What a kiosk or display is given once, at creation or a reset: shown once, never stored. */
export interface IssuedDevice {
  id: string;
  key: string;
  secret: string;
  autologin_token: string;
}

/** A display's signed-in session (POST /display/auth): its token, itself and its business. */
export interface DisplayLogin {
  token: string;
  display: { id: string; language?: string };
  business: { id: string; name: string; logo_url?: string | null };
}

/** One line of a display's log: what the device did (pings, logins, commands), or an event of its stream. */
export interface DisplayLogRow<At = Instant> {
  source: 'device' | 'event';
  type: string;
  at: At;
  ip: string | null;
  user_agent: string | null;
  data: Record<string, unknown> | null;
  actor: { type?: string; id?: string; name?: string } | null;
}

/** A remote command sent to a device (POST …/remote/:command), and how many of its sessions it ended. */
export interface RemoteCommandSent {
  sent: RemoteCommand;
  sessions_ended: number;
}
