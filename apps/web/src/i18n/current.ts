import { setRequestLanguage } from '../data/http';
import { direction, type Language, pickLanguage, STORAGE_KEY } from './languages';

/** The page's language, apart from the translators so that a visitor's page does without i18next. */
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
