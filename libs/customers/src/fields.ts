import { isValid as isCountry } from 'i18n-iso-countries';
import { CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  addError,
  CUSTOMER_CATEGORIES,
  LANGUAGES,
  VERIFICATIONS,
  type CustomerCategory,
  type FieldErrors,
  type Language,
  type Verification,
} from '@tabour/contracts';

// The lists are the contract's, shared with the web.
export { LANGUAGES, VERIFICATIONS, type Language, type Verification };
export const CATEGORIES = CUSTOMER_CATEGORIES;
export type Category = CustomerCategory;

/**
 * What identifies or describes the person. These travel inside events only encrypted with the
 * customer's own key (docs/customers.md, crypto-shredding), so erasing the key erases them.
 */
export interface PersonalFields {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null; // E.164
  second_phone: string | null; // E.164
  address: string | null;
  date_of_birth: string | null; // YYYY-MM-DD
  place_of_birth: string | null;
  nationality: string | null; // ISO 3166-1 alpha-2
  internal_id: string | null;
  platform_id: string | null;
  notes: string | null;
  additional_data: Record<string, unknown>;
}

/** What the business decides about the customer, kept readable in the log. */
export interface CustomerSettings {
  category: Category;
  book_more_than_once: boolean;
  preferred_language: Language | null;
  platform_verification: Verification | null;
}

export type CustomerFields = PersonalFields & CustomerSettings;
export type CustomerInput = { [K in keyof CustomerFields]?: unknown };

/**
 * The person's contact and identity columns in the order every list shows them (the customer
 * query, the export and the personal keys), so a new contact field is added once.
 */
export const CONTACT_KEYS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'second_phone',
  'address',
  'date_of_birth',
  'place_of_birth',
  'nationality',
] as const satisfies readonly (keyof PersonalFields)[];

export const PERSONAL_KEYS: readonly (keyof PersonalFields)[] = [...CONTACT_KEYS, 'internal_id', 'platform_id', 'notes', 'additional_data'];
export const SETTING_KEYS: readonly (keyof CustomerSettings)[] = ['category', 'book_more_than_once', 'preferred_language', 'platform_verification'];

export const EMPTY_PERSONAL: PersonalFields = {
  first_name: null,
  last_name: null,
  email: null,
  phone: null,
  second_phone: null,
  address: null,
  date_of_birth: null,
  place_of_birth: null,
  nationality: null,
  internal_id: null,
  platform_id: null,
  notes: null,
  additional_data: {},
};
export const DEFAULT_SETTINGS: CustomerSettings = { category: 'BASIC', book_more_than_once: false, preferred_language: null, platform_verification: null };

// The field errors' shape and helper are the contract's.
export { addError, type FieldErrors };

/** Lowercase, accents stripped (NFD then combining marks dropped): the form search compares. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export const digitsOf = (value: string): string => value.replace(/\D+/g, '');

/** A phone number in E.164, read with the business's country when it has no country code. */
export function toE164(raw: string, country: string | null): string | null {
  const text = raw.trim();
  if (!text) return null;
  const parsed = parsePhoneNumberFromString(text, (country?.toUpperCase() as CountryCode) || undefined);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/**
 * The digits a stored phone must contain to match a keyword typed in any format: the national
 * number when the keyword reads as a phone number ("+216 20 123 456", "0021620123456" and
 * "20123456" all give 20123456), else the typed digits without leading zeros.
 */
export function phoneNeedle(keyword: string, country: string | null): string | null {
  if (!/^[\d\s+().\-/]+$/.test(keyword)) return null;
  const digits = digitsOf(keyword);
  if (digits.length < 3) return null;
  const parsed = parsePhoneNumberFromString(keyword.trim(), (country?.toUpperCase() as CountryCode) || undefined);
  if (parsed?.isValid()) return parsed.nationalNumber;
  const trimmed = digits.replace(/^0+/, '');
  return trimmed.length >= 3 ? trimmed : digits;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_TEXT = 150;

function text(errors: FieldErrors, field: string, value: unknown, max = MAX_TEXT): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') {
    addError(errors, field, `The ${field.replace(/_/g, ' ')} must be text`);
    return null;
  }
  const v = String(value).trim();
  if (!v) return null;
  if (v.length > max) addError(errors, field, `The ${field.replace(/_/g, ' ')} may have at most ${max} characters`);
  return v;
}

function validDate(v: string, today: string | undefined): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return false;
  return Number(m[1]) >= 1900 && (!today || v <= today);
}

/**
 * Checks and normalises the given fields only (an update gives some); every problem is
 * gathered under its field name before anything is refused.
 */
export function normaliseInput(input: CustomerInput, country: string | null, errors: FieldErrors, today?: string): Partial<CustomerFields> {
  const out: Partial<CustomerFields> = {};
  const has = (k: keyof CustomerFields) => Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
  for (const k of ['first_name', 'last_name', 'address', 'place_of_birth', 'platform_id'] as const) {
    if (has(k)) out[k] = text(errors, k, input[k], k === 'address' ? 300 : MAX_TEXT);
  }
  if (has('internal_id')) out.internal_id = text(errors, 'internal_id', input.internal_id, 50);
  if (has('notes')) out.notes = text(errors, 'notes', input.notes, 5000);
  if (has('email')) {
    const v = text(errors, 'email', input.email, 254);
    if (v && !EMAIL.test(v)) addError(errors, 'email', 'Enter a valid email');
    out.email = v ? v.toLowerCase() : null;
  }
  for (const k of ['phone', 'second_phone'] as const) {
    if (!has(k)) continue;
    const v = text(errors, k, input[k], 40);
    if (v === null) out[k] = null;
    else {
      const e164 = toE164(v, country);
      if (!e164) addError(errors, k, 'Enter a valid phone number');
      out[k] = e164;
    }
  }
  if (has('date_of_birth')) {
    const v = text(errors, 'date_of_birth', input.date_of_birth, 10);
    if (v && !validDate(v, today)) addError(errors, 'date_of_birth', 'Enter a valid date of birth (YYYY-MM-DD, not in the future)');
    out.date_of_birth = v;
  }
  if (has('nationality')) {
    const v = text(errors, 'nationality', input.nationality, 2);
    if (v && !isCountry(v.toUpperCase())) addError(errors, 'nationality', 'Select a valid nationality (a two-letter country code)');
    out.nationality = v ? v.toUpperCase() : null;
  }
  if (has('additional_data')) {
    const v = input.additional_data;
    if (v === null) out.additional_data = {};
    else if (typeof v !== 'object' || Array.isArray(v)) addError(errors, 'additional_data', 'Additional data must be an object');
    else if (JSON.stringify(v).length > 10_000) addError(errors, 'additional_data', 'Additional data may take at most 10000 characters');
    else out.additional_data = v as Record<string, unknown>;
  }
  if (has('category')) {
    const v = typeof input.category === 'string' ? input.category.toUpperCase() : input.category;
    if (!CATEGORIES.includes(v as Category)) addError(errors, 'category', 'Select a valid category (BASIC, VIP, BLACKLISTED)');
    else out.category = v as Category;
  }
  if (has('book_more_than_once')) {
    if (typeof input.book_more_than_once !== 'boolean') addError(errors, 'book_more_than_once', 'book_more_than_once must be true or false');
    else out.book_more_than_once = input.book_more_than_once;
  }
  if (has('preferred_language')) {
    const v = input.preferred_language;
    if (v === null || v === '') out.preferred_language = null;
    else if (!LANGUAGES.includes(v as Language)) addError(errors, 'preferred_language', `Select a valid language (${LANGUAGES.join(', ')})`);
    else out.preferred_language = v as Language;
  }
  if (has('platform_verification')) {
    const v = input.platform_verification;
    if (v === null || v === '') out.platform_verification = null;
    else if (!VERIFICATIONS.includes(v as Verification)) addError(errors, 'platform_verification', 'Select a valid verification (verified, failed)');
    else out.platform_verification = v as Verification;
  }
  return out;
}

/** A customer needs something to be found by. */
export function checkIdentifiable(f: PersonalFields, errors: FieldErrors): void {
  if (!f.first_name && !f.last_name && !f.phone && !f.email && !f.internal_id) {
    addError(errors, 'first_name', 'Give at least a name, a phone number, an email or an internal id');
  }
}

export function splitFields(f: Partial<CustomerFields>): { personal: Partial<PersonalFields>; settings: Partial<CustomerSettings> } {
  const personal: Partial<PersonalFields> = {};
  const settings: Partial<CustomerSettings> = {};
  for (const [k, v] of Object.entries(f)) {
    if ((PERSONAL_KEYS as readonly string[]).includes(k)) (personal as Record<string, unknown>)[k] = v;
    else (settings as Record<string, unknown>)[k] = v;
  }
  return { personal, settings };
}

/** The text a keyword search looks in: names, e-mail, ids, folded. */
export function searchText(f: Pick<PersonalFields, 'first_name' | 'last_name' | 'email' | 'internal_id' | 'platform_id'>): string {
  return foldText([f.first_name, f.last_name, f.email, f.internal_id, f.platform_id].filter(Boolean).join(' '));
}

export function phoneDigits(f: Pick<PersonalFields, 'phone' | 'second_phone'>): string {
  return [f.phone, f.second_phone]
    .filter(Boolean)
    .map((p) => digitsOf(p!))
    .join(' ');
}
