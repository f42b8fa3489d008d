import type { Language } from './languages';
import { loadCatalogue, loadFallbacks, VISITOR_NAMESPACES } from './load-visitor';

/**
 * One namespace per language stands for its back-office texts: the bundler puts every back-office
 * namespace of a language in one file (`texts-<lang>`, vite.config.ts), so asking for this one
 * fetches them all. Seven addresses rather than load.ts's table of every namespace, whose file
 * would otherwise be fetched first, behind the back-office's code, before the texts could be asked for.
 */
const BACK_OFFICE_TEXTS = import.meta.glob(['./catalogues/*/queues.ts']);

/**
 * Starts fetching the back-office's texts in `lang` (its own file, the react-admin and frame
 * namespaces and the fallbacks' react-admin texts) from the entry, before the back-office's code
 * is asked for. The back-office's translator later takes them from the module map.
 */
export function warmBackOfficeTexts(lang: Language): void {
  // A failure here is the translator's to report: it asks for the same files.
  void BACK_OFFICE_TEXTS[`./catalogues/${lang}/queues.ts`]?.().catch(() => undefined);
  void loadCatalogue(lang, VISITOR_NAMESPACES).catch(() => undefined);
  void loadFallbacks(lang).catch(() => undefined);
}
