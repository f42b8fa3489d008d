import {
  isLanguage,
  TEMPLATE_PLACEHOLDERS,
  type Channel,
  type Language,
  type MessageTemplate,
  type MessageType,
  type TemplateProblem,
} from '@tabour/contracts';
import { DateTime } from 'luxon';
import { DEFAULT_TEXTS } from './default-templates';

export { DEFAULT_TEXTS, type DefaultText } from './default-templates';

/** The language messages fall back to when neither the customer's nor the business's is known. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Twilio refuses a longer SMS body (10 segments of GSM-7); e-mail bodies keep to it too. */
export const TEMPLATE_MAX_LENGTH = 1600;

/** What a placeholder may be called: `{{ticket_number}}`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

export type PlaceholderValues = Partial<Record<string, string | number | null | undefined>>;

/** The shipped template for a type, language and channel; e-mail and push carry the subject (a push's title). */
export function defaultTemplate(type: MessageType, language: Language, channel: Channel): MessageTemplate {
  const { subject, body } = DEFAULT_TEXTS[type][language];
  return channel === 'sms' ? { type, language, channel, body, custom: false } : { type, language, channel, body, subject, custom: false };
}

/**
 * Fills each `{{placeholder}}` with its value; one without a value (an anonymous ticket's
 * name) becomes empty. Values are inserted once, never read as templates themselves, so a
 * customer named "{{ticket_link}}" stays just that.
 */
export function renderTemplate(body: string, values: PlaceholderValues): string {
  return body.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

/** The placeholders a body uses, in order of first use. */
export function placeholdersOf(body: string): string[] {
  return [...new Set(Array.from(body.matchAll(PLACEHOLDER), (m) => m[1]))];
}

/** The contract's: the preview answers these, and the editor words them. */
export type { TemplateProblem };

/**
 * What is wrong with a template body (or an e-mail subject) for a type: empty, too long, a
 * placeholder the type does not know (its events do not carry that value), or a brace outside a
 * well-formed `{{placeholder}}` (`{{name}`, `{name}`, `{{first name}}`), which would otherwise
 * reach the customer as written. The editor words each by its `problem`.
 */
export function templateProblems(type: MessageType, body: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (body.trim() === '') problems.push({ problem: 'template_empty' });
  if (body.length > TEMPLATE_MAX_LENGTH) problems.push({ problem: 'template_too_long', max: TEMPLATE_MAX_LENGTH });
  const allowed = TEMPLATE_PLACEHOLDERS[type];
  for (const name of placeholdersOf(body)) {
    if (!allowed.includes(name)) problems.push({ problem: 'template_unknown_placeholder', placeholder: name });
  }
  // Blank out the well-formed placeholders (keeping offsets), then any brace left is stray.
  const rest = body.replace(PLACEHOLDER, (m) => ' '.repeat(m.length));
  const stray = rest.search(/[{}]/);
  if (stray >= 0) problems.push({ problem: 'template_stray_brace', at: stray });
  return problems;
}

/** The problems as the API's 422 lists them under the field (the server's English; the editor words the problems). */
export function templateErrors(type: MessageType, body: string): string[] {
  return templateProblems(type, body).map((p) => {
    switch (p.problem) {
      case 'template_empty':
        return 'The message is empty';
      case 'template_too_long':
        return `The message is longer than ${p.max} characters`;
      case 'template_unknown_placeholder':
        return `{{${p.placeholder}}} is not a placeholder of ${type}; use ${TEMPLATE_PLACEHOLDERS[type].map((n) => `{{${n}}}`).join(', ')}`;
      case 'template_stray_brace':
        return `The brace at character ${p.at + 1} is not part of a placeholder; placeholders are written {{name}}`;
    }
  });
}

/**
 * The language to write to a customer in: theirs when it is one of the interface's 7 (a
 * regional tag such as `fr-CA` counts as its language), else the business's, else English.
 */
export function pickLanguage(customerLang: string | null | undefined, businessLang: string | null | undefined): Language {
  return asLanguage(customerLang) ?? asLanguage(businessLang) ?? FALLBACK_LANGUAGE;
}

function asLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * A booking's start as the customer reads it: weekday, day, month and time in the business's
 * zone, in the language's own order and words ("mercredi 10 juin à 9:05", "Wednesday, June 10
 * at 9:05 AM"). No year: a booking is at most months ahead, and each character costs in an SMS.
 */
export function formatBookingTime(iso: string, zone: string, language: Language): string {
  const at = DateTime.fromISO(iso, { zone, locale: language });
  if (!at.isValid) throw new RangeError(`formatBookingTime: ${at.invalidExplanation ?? at.invalidReason}`);
  return at.toLocaleString({ weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });
}

/** A time of day (a queue's closing time) the same way: "18:30", "6:30 PM". */
export function formatTimeOfDay(iso: string, zone: string, language: Language): string {
  const at = DateTime.fromISO(iso, { zone, locale: language });
  if (!at.isValid) throw new RangeError(`formatTimeOfDay: ${at.invalidExplanation ?? at.invalidReason}`);
  return at.toLocaleString(DateTime.TIME_SIMPLE);
}
