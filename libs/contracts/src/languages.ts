/** The interface languages; the order is the language menu's. Arabic is written right to left. */
export const LANGUAGES = ['ar', 'de', 'en', 'es', 'fr', 'pt', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The languages a business may translate its names into (queues, services, business texts,
 * a display's voices): the interface's own, so every translation has a screen that shows it.
 */
export const TRANSLATION_LANGUAGES = LANGUAGES;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
