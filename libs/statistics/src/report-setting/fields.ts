import {
  addError,
  REPORT_KPIS,
  REPORT_LANGUAGES,
  REPORT_OPERATORS,
  REPORT_PLACEHOLDERS,
  reportTextProblems,
  type FieldErrors,
  type ReportLanguage,
  type ReportSettingInput,
} from '@tabour/contracts';
import { throwIfAny } from '@tabour/platform';
import type { ReportSettingFields } from './commands';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A text's problems in the API's English (the screen words the same codes in the reader's language). */
export function reportTextErrors(text: string): string[] {
  return reportTextProblems(text).map((p) =>
    p.problem === 'unknown_placeholder'
      ? `Unknown placeholder {{${p.name}}}; use ${REPORT_PLACEHOLDERS.join(', ')}`
      : p.problem === 'stray_brace'
        ? 'A brace stands outside a {{placeholder}}'
        : `Write at most ${p.max} characters`,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields after the input is laid over `current`, or the 422 naming each bad field. */
export function mergeReportSetting(current: ReportSettingFields | null, input: ReportSettingInput): ReportSettingFields {
  const errors: FieldErrors = {};
  const base: Partial<ReportSettingFields> = current ?? { content: { en: '', fr: '', ar: '' }, daily_summary: false, summary_time: '18:00' };
  const next = { ...base } as Record<string, unknown>;
  const i = input as Record<string, unknown>;
  if (i.title !== undefined) {
    if (typeof i.title !== 'string' || !i.title.trim() || i.title.length > 120) addError(errors, 'title', 'Enter a title of at most 120 characters');
    else next.title = i.title.trim();
  }
  for (const [field, message] of [
    ['queue_id', 'Select a valid queue'],
    ['member_id', 'Select a valid team member'],
  ] as const) {
    if (i[field] !== undefined) {
      if (typeof i[field] !== 'string' || !UUID.test(i[field])) addError(errors, field, message);
      else next[field] = (i[field] as string).toLowerCase();
    }
  }
  if (i.trigger_kpi !== undefined) {
    if (!(REPORT_KPIS as readonly unknown[]).includes(i.trigger_kpi)) addError(errors, 'trigger_kpi', `Choose ${REPORT_KPIS.join(', ')}`);
    else next.trigger_kpi = i.trigger_kpi;
  }
  if (i.trigger_operator !== undefined) {
    if (!(REPORT_OPERATORS as readonly unknown[]).includes(i.trigger_operator)) addError(errors, 'trigger_operator', `Choose ${REPORT_OPERATORS.join(', ')}`);
    else next.trigger_operator = i.trigger_operator;
  }
  if (i.trigger_value !== undefined) {
    if (typeof i.trigger_value !== 'number' || !Number.isFinite(i.trigger_value) || i.trigger_value < 0 || i.trigger_value > 100_000)
      addError(errors, 'trigger_value', 'Enter a number from 0 to 100000');
    else next.trigger_value = i.trigger_value;
  }
  if (i.daily_summary !== undefined) {
    if (typeof i.daily_summary !== 'boolean') addError(errors, 'daily_summary', 'Must be true or false');
    else next.daily_summary = i.daily_summary;
  }
  if (i.summary_time !== undefined) {
    if (typeof i.summary_time !== 'string' || !HHMM.test(i.summary_time)) addError(errors, 'summary_time', 'Enter a time as HH:mm');
    else next.summary_time = i.summary_time;
  }
  if (i.content !== undefined) {
    if (typeof i.content !== 'object' || i.content === null || Array.isArray(i.content))
      addError(errors, 'content', 'Write the text per language (en, fr, ar)');
    else {
      const content = { ...(next.content as Record<ReportLanguage, string>) };
      for (const [lang, text] of Object.entries(i.content)) {
        if (!(REPORT_LANGUAGES as readonly string[]).includes(lang)) addError(errors, `content.${lang}`, `Write in ${REPORT_LANGUAGES.join(', ')}`);
        else if (typeof text !== 'string') addError(errors, `content.${lang}`, 'Write a text');
        else {
          for (const p of reportTextErrors(text)) addError(errors, `content.${lang}`, p);
          content[lang as ReportLanguage] = text;
        }
      }
      next.content = content;
    }
  }
  for (const [field, message] of [
    ['title', 'Enter a title'],
    ['queue_id', 'Select a queue'],
    ['member_id', 'Select a team member'],
    ['trigger_kpi', 'Choose the figure to watch'],
    ['trigger_operator', 'Choose how it compares'],
    ['trigger_value', 'Enter the value'],
  ] as const)
    if (next[field] === undefined && !errors[field]) addError(errors, field, message);
  if (!errors['content.en'] && !(next.content as Record<string, string>).en?.trim()) addError(errors, 'content.en', 'Write the English text');
  throwIfAny(errors);
  return next as unknown as ReportSettingFields;
}
