import type { Language } from '@tabour/contracts';

export type ReplyAction = 'cancel' | 'late' | 'stop' | 'start' | 'unknown';

export interface ParsedReply {
  action: ReplyAction;
}

/**
 * The words a customer may answer an SMS with, per language (English also everywhere: it is
 * what SMS services answer to in every country). Compared after `fold`, so accents, case and
 * the Arabic hamza forms need not be listed twice: "arret" and "ARRÊT" are both "arrêt".
 */
const KEYWORDS: Record<Exclude<ReplyAction, 'unknown'>, Record<Language, string>> = {
  // The carriers' and providers' usual opt-out words first.
  stop: {
    en: 'stop stopall unsubscribe end quit',
    fr: 'arrêt désabonner désinscrire',
    es: 'alto parar baja',
    pt: 'parar sair',
    de: 'stopp abmelden',
    ru: 'стоп отписаться',
    ar: 'توقف إيقاف',
  },
  start: { en: 'start unstop', fr: 'reprendre', es: 'iniciar comenzar', pt: 'iniciar', de: 'start', ru: 'старт', ar: 'ابدأ' },
  cancel: {
    en: 'cancel',
    fr: 'annuler annulation',
    es: 'cancelar anular',
    pt: 'cancelar',
    de: 'stornieren absagen',
    ru: 'отмена отменить',
    ar: 'إلغاء',
  },
  late: {
    en: 'late delay',
    fr: 'retard',
    es: 'tarde retraso',
    pt: 'atraso atrasado',
    de: 'spät spaet verspätung',
    ru: 'опаздываю опоздаю задержка',
    ar: 'تأخير متأخر تأخر',
  },
};

/**
 * Lower case without accents or marks: NFD splits é into e and its accent, Arabic أ إ آ into
 * ا and the hamza or madda, Russian ё into е and its diaeresis; then the marks (Arabic
 * vowel signs too) and the tatweel are dropped.
 */
function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\p{M}\u0640]/gu, '')
    .toLowerCase();
}

function words(action: Exclude<ReplyAction, 'unknown'>): string[] {
  return Object.values(KEYWORDS[action]).flatMap((list) => list.split(' '));
}

const ACTION_OF = new Map<string, ReplyAction>(
  (Object.keys(KEYWORDS) as Exclude<ReplyAction, 'unknown'>[]).flatMap((action) => words(action).map((w) => [fold(w), action] as const)),
);

/**
 * What a customer's SMS reply asks for, read from its first word: "Annuler svp" cancels,
 * "¡Alto!" stops. Anything else is `unknown` and is left for staff to read.
 */
export function parseReply(text: string): ParsedReply {
  const first = text.split(/[\s\p{P}\p{S}]+/u).find((w) => w.length > 0);
  return { action: (first && ACTION_OF.get(fold(first))) || 'unknown' };
}

/** The words that ask for an action, as a help text lists them. */
export function replyKeywords(action: Exclude<ReplyAction, 'unknown'>): string[] {
  return words(action);
}
