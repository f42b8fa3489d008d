import type { I18nProvider } from 'react-admin';
import type { Tree } from './catalogues/types';
import { type Options, translateIn } from './translate';
import { applyLanguage } from './current';
import { loadCatalogue, loadFallbacks, VISITOR_NAMESPACES } from './load-visitor';
import { direction, FALLBACK_LANGUAGE, type Language, LANGUAGES, NATIVE_NAMES, supported } from './languages';
import { loadCache } from './theme';

/**
 * The visitor's pages' i18nProvider: only the namespaces they show (VISITOR_NAMESPACES) in the
 * page's language, without i18next, which comes with the back-office (provider.ts). Same
 * catalogues, same fallbacks (French's then English's react-admin texts).
 */
export async function createVisitorI18nProvider(lang: Language): Promise<I18nProvider> {
  let locale = lang;
  let trees: Tree[] = [];
  const load = async (l: Language) => {
    const [own, fallbacks] = await Promise.all([loadCatalogue(l, VISITOR_NAMESPACES), loadFallbacks(l), loadCache(direction(l))]);
    trees = [own, ...[FALLBACK_LANGUAGE, 'en' as Language].flatMap((f) => (fallbacks[f] ? [fallbacks[f]] : []))];
    locale = l;
  };
  await load(lang);
  applyLanguage(lang);
  return {
    translate: (key: string, options?: Options) => translateIn(trees, locale, key, options),
    changeLocale: async (next: string) => {
      const l = supported(next) ?? FALLBACK_LANGUAGE;
      await load(l);
      applyLanguage(l);
    },
    getLocale: () => locale,
    getLocales: () => LANGUAGES.map((l) => ({ locale: l, name: NATIVE_NAMES[l] })),
  };
}
