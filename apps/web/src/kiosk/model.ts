/** The kiosk's check-in rules, apart from React so they are tested without a browser. */
import { isLanguage, KIOSK_COLOURS, KIOSK_V2_COLOURS, type KioskQueue, type KioskSettings, type Language } from '@tabour/contracts';

// The kiosk's settings and its calls' answers are the contract's, one definition with the API.
export {
  KIOSK_COLOURS,
  KIOSK_V2_COLOURS,
  type KioskBusiness,
  type KioskQueue,
  type KioskService,
  type KioskSettings,
  type KioskState,
  type KioskTicket,
} from '@tabour/contracts';

/** The members to offer after the services, or none when the queue does not let customers choose. */
export function memberChoices(q: KioskQueue): { id: string; name: string }[] {
  return q.customer_chooses_member ? (q.members ?? []) : [];
}

/** A customer may go on without a phone number only where the kiosk admits guests. */
export const guestAllowed = (k: Pick<KioskSettings, 'guest_mode' | 'guest_login_required'>) => k.guest_mode && !k.guest_login_required;

/** What the registration form asks and which of it is required. */
export function registrationFields(
  k: Pick<KioskSettings, 'collect_customer_details' | 'require_internal_id'>,
): { field: 'first_name' | 'last_name' | 'internal_id'; required: boolean }[] {
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
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The style in force: a remote command's choice, else the kiosk's setting. */
export const styleOf = (k: Pick<KioskSettings, 'config_version'>, override: 1 | 2 | null): 1 | 2 => override ?? (k.config_version === 2 ? 2 : 1);

/** A timer of the kiosk's settings, or none when set to 0. */
export const timer = (ms: number | null | undefined): number | null => (typeof ms === 'number' && ms > 0 ? ms : null);
