/** The kiosk's check-in rules, apart from React so they are tested without a browser. */
import { isLanguage, type Language } from '../i18n/languages';

export const KIOSK_COLOURS = ['danger', 'default', 'info', 'primary', 'primary_dark', 'primary_light', 'primary_medium', 'secondary', 'success'] as const;
export const KIOSK_V2_COLOURS = ['theme', 'ticket', 'services', 'numpad', 'booking', 'header', 'footer'] as const;

export interface KioskSettings {
  id: string;
  key?: string;
  name: string;
  status: 'active' | 'inactive';
  queue_ids: string[];
  theme: string | null;
  placeholder_image: string | null;
  guest_mode: boolean;
  guest_login_required: boolean;
  guest_pseudo: 'customer' | 'patient' | 'user' | 'citizen';
  allow_booking: boolean;
  collect_customer_details: boolean;
  require_internal_id: boolean;
  print_ticket: boolean;
  sms_ticket: boolean;
  ticket_format: 'short' | 'long';
  virtual_keyboard: boolean;
  zoom: number;
  allow_multiple_services: boolean;
  allow_quantity_services: boolean;
  colours: Partial<Record<(typeof KIOSK_COLOURS)[number], string | null>>;
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

/** The members to offer after the services, or none when the queue does not let customers choose. */
export function memberChoices(q: KioskQueue): { id: string; name: string }[] {
  return q.customer_chooses_member ? (q.members ?? []) : [];
}

export interface KioskBusiness {
  id: string;
  name: string;
  logo_url?: string | null;
  country?: string | null;
  time_zone?: string | null;
}

/** What `POST /kiosk/auth` and `GET /kiosk/refresh` answer. */
export interface KioskState {
  kiosk: KioskSettings;
  business: KioskBusiness;
  queues: KioskQueue[];
}

export interface KioskTicket {
  uid: string;
  label: string;
  number: number;
  queue: { id: string; name: string; translations?: Record<string, { name?: string | null }> };
  rank: number;
  ahead: number;
  estimated_wait_seconds: number | null;
  checked_in_at: string;
  link: string;
  sms: 'sent' | 'unavailable' | 'no_phone' | 'not_requested';
}

/** A customer may go on without a phone number only where the kiosk admits guests. */
export const guestAllowed = (k: Pick<KioskSettings, 'guest_mode' | 'guest_login_required'>) => k.guest_mode && !k.guest_login_required;

/** What the registration form asks and which of it is required. */
export function registrationFields(k: Pick<KioskSettings, 'collect_customer_details' | 'require_internal_id'>): { field: 'first_name' | 'last_name' | 'internal_id'; required: boolean }[] {
  return [
    { field: 'first_name', required: k.collect_customer_details },
    { field: 'last_name', required: k.collect_customer_details },
    ...(k.require_internal_id ? [{ field: 'internal_id' as const, required: true }] : []),
  ];
}

/** The start language: the kiosk's own, else the page's. */
export function startLanguage(k: Pick<KioskSettings, 'predefined_language'>, current: string): Language {
  if (k.predefined_language && isLanguage(k.predefined_language)) return k.predefined_language;
  return isLanguage(current) ? current : 'en';
}

/** A name in the customer's language when the business gave one. */
export function localName(x: { name: string; translations?: Record<string, { name?: string | null }> }, lang: string): string {
  return x.translations?.[lang]?.name?.trim() || x.name;
}

/** Pages of a choice list: all at once without pagination, else `size` per page. */
export function pageOf<T>(items: T[], page: number, size: number, paginate: boolean): { items: T[]; page: number; pages: number } {
  if (!paginate || items.length <= size) return { items, page: 0, pages: 1 };
  const pages = Math.ceil(items.length / size);
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(p * size, p * size + size), page: p, pages };
}

/** Services chosen: one replaces another unless the kiosk allows several. */
export function toggleService(chosen: string[], id: string, multiple: boolean): string[] {
  if (chosen.includes(id)) return chosen.filter((s) => s !== id);
  return multiple ? [...chosen, id] : [id];
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const DEFAULTS: Record<string, string> = {
  primary: '#1565c0',
  primary_dark: '#0d47a1',
  primary_light: '#e3f2fd',
  primary_medium: '#90caf9',
  secondary: '#455a64',
  success: '#2e7d32',
  danger: '#c62828',
  info: '#0d2a4a',
  default: '#f5f7fa',
  theme: '#1565c0',
  ticket: '#ffffff',
  services: '#ffffff',
  numpad: '#eceff1',
  booking: '#6a1b9a',
  header: '#0d47a1',
  footer: '#263238',
};

/**
 * The kiosk's colours as CSS variables (`--kiosk-primary`…), the business's where set and
 * valid, else the product's; the second style adds its own (`--kiosk-v2-header`…).
 */
export function kioskCssVars(k: Pick<KioskSettings, 'colours' | 'v2_colours'>, style: 1 | 2): Record<string, string> {
  const pick = (set: Record<string, string | null | undefined> | undefined, name: string) => {
    const v = set?.[name];
    return typeof v === 'string' && HEX.test(v) ? v : DEFAULTS[name];
  };
  const out: Record<string, string> = {};
  for (const c of KIOSK_COLOURS) out[`--kiosk-${c.replace(/_/g, '-')}`] = pick(k.colours, c);
  if (style === 2) for (const c of KIOSK_V2_COLOURS) out[`--kiosk-v2-${c}`] = pick(k.v2_colours, c);
  return out;
}

/** Black or white, whichever reads better on a background colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The style in force: a remote command's choice, else the kiosk's setting. */
export const styleOf = (k: Pick<KioskSettings, 'config_version'>, override: 1 | 2 | null): 1 | 2 => override ?? (k.config_version === 2 ? 2 : 1);

/** A timer of the kiosk's settings, or none when set to 0. */
export const timer = (ms: number | null | undefined): number | null => (typeof ms === 'number' && ms > 0 ? ms : null);
