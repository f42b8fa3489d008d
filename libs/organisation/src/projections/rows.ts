import { sql } from 'kysely';

/** A JSON column's value as written: null for a value left out. */
export const json = (v: unknown) => JSON.stringify(v ?? null);

/** A new row's times: made and last changed by the event that made it. */
export const stamps = (at: Date) => ({ created_at: at, updated_at: at });

/** Translations merge per language over the stored ones. */
export const mergedTranslations = (translations: unknown) => sql<string>`translations || ${json(translations)}::jsonb`;
