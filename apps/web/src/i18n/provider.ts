import { createInstance } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import type { Tree } from './catalogues/types';
import { applyLanguage } from './current';
import { loadCatalogue, loadFallbacks } from './load';
import { direction, FALLBACK_LANGUAGE, Language, LANGUAGES, NATIVE_NAMES, supported } from './languages';
import { loadCache } from './theme';

export { applyLanguage, currentLanguage, initialLanguage, onLanguageChange } from './current';

/**
 * The back-office's i18nProvider: react-admin's over i18next, holding only the catalogues in
 * use: the page's language and, for a language other than English, the react-admin texts of
 * French (the product's fallback) and English. Changing the language fetches its catalogue first.
 */
export async function createI18nProvider(lang: Language): Promise<I18nProvider> {
  const [catalogue, fallbacks] = await Promise.all([loadCatalogue(lang), loadFallbacks(lang), loadCache(direction(lang))]);
  const resources: Record<string, { translation: Tree }> = { [lang]: { translation: catalogue } };
  for (const [l, tree] of Object.entries(fallbacks)) resources[l] = { translation: tree };
  const instance = createInstance();
  // The languages whose whole catalogue is in (the fallbacks hold react-admin's texts only).
  const whole = new Set<Language>([lang]);
  const base = await getI18nProvider(
    instance as never,
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
  const ensure = async (l: Language) => {
    if (whole.has(l)) return;
    const [tree, more] = await Promise.all([loadCatalogue(l), loadFallbacks(l), loadCache(direction(l))]);
    for (const [f, fallback] of Object.entries(more)) if (!whole.has(f as Language)) instance.addResourceBundle(f, 'translation', fallback, true, false);
    instance.addResourceBundle(l, 'translation', tree, true, true);
    whole.add(l);
  };
  return {
    ...base,
    changeLocale: async (locale: string) => {
      const next = supported(locale) ?? FALLBACK_LANGUAGE;
      await ensure(next);
      await base.changeLocale(next);
      applyLanguage(next);
    },
  };
}
