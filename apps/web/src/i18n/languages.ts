import { isLanguage, type Language } from '@tabour/contracts';

// One list for the API and the web: the contract's.
export { isLanguage, LANGUAGES, type Language } from '@tabour/contracts';

/** Used when neither a stored choice nor a browser language is supported. */
export const FALLBACK_LANGUAGE: Language = 'fr';
/** Used when there is nothing to read at all (no stored choice, no browser information). */
export const DEFAULT_LANGUAGE: Language = 'en';
export const STORAGE_KEY = 'tabour.language';

/** Each language named in itself, as language pickers conventionally show them. */
export const NATIVE_NAMES: Record<Language, string> = {
  ar: 'العربية',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  ru: 'Русский',
};

/** `pt-BR` → `pt`; unsupported → null. */
export function supported(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** The stored choice, else the first supported browser language, else fr; en when nothing is known. */
export function pickLanguage(stored: string | null | undefined, browser: readonly string[] | null | undefined): Language {
  const chosen = supported(stored);
  if (chosen) return chosen;
  if (!browser || browser.length === 0) return DEFAULT_LANGUAGE;
  for (const tag of browser) {
    const lang = supported(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

export function direction(lang: string): 'rtl' | 'ltr' {
  return supported(lang) === 'ar' ? 'rtl' : 'ltr';
}
