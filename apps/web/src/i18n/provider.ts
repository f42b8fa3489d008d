import { createInstance } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';
import { setRequestLanguage } from '../data/http';
import { CATALOGUES } from './catalogues';
import { direction, FALLBACK_LANGUAGE, Language, LANGUAGES, NATIVE_NAMES, pickLanguage, STORAGE_KEY, supported } from './languages';

type Tree = { [key: string]: string | Tree };
function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = typeof v === 'object' && typeof out[k] === 'object' ? merge(out[k] as Tree, v) : v;
  return out;
}

const listeners = new Set<() => void>();
let current: Language = 'en';

export function currentLanguage(): Language {
  return current;
}

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Makes a language the page's: stored choice, html lang and dir, the API's Content-Language. */
export function applyLanguage(lang: Language): void {
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private browsing: the choice lasts for this page only
  }
  document.documentElement.lang = lang;
  document.documentElement.dir = direction(lang);
  setRequestLanguage(lang);
  listeners.forEach((l) => l());
}

export function initialLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, a sandboxed frame): the browser's languages decide.
  }
  return pickLanguage(stored, typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/**
 * react-admin's i18nProvider over i18next. English adds react-admin's own complete catalogue
 * under ours; other languages fall back to French (the product's fallback), then English.
 */
export async function createI18nProvider(lang: Language): Promise<I18nProvider> {
  const resources: Record<string, { translation: Tree }> = {};
  for (const l of LANGUAGES) resources[l] = { translation: CATALOGUES[l] as unknown as Tree };
  resources.en = { translation: merge(convertRaTranslationsToI18next(englishMessages) as Tree, CATALOGUES.en as unknown as Tree) };
  const base = await getI18nProvider(
    createInstance() as never,
    {
      lng: lang,
      fallbackLng: [FALLBACK_LANGUAGE, 'en'],
      supportedLngs: [...LANGUAGES],
      resources,
      interpolation: { escapeValue: false },
    } as never,
    LANGUAGES.map((l) => ({ locale: l, name: NATIVE_NAMES[l] })),
  );
  applyLanguage(lang);
  return {
    ...base,
    changeLocale: async (locale: string) => {
      const next = supported(locale) ?? FALLBACK_LANGUAGE;
      await base.changeLocale(next);
      applyLanguage(next);
    },
  };
}
