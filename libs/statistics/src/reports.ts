/**
 * The reporting mails' pure rules: the figures a setting watches, whether they cross its
 * trigger, the text with its placeholders filled, and when a daily summary is next due in the
 * business's zone. No clock, table or network.
 */
import { DateTime } from 'luxon';
import { REPORT_LANGUAGES, reportTriggered, type ReportKpi, type ReportLanguage, type ReportOperator } from '@tabour/contracts';

/** A queue's figures as a report reads them: wait in minutes (the measured average of the last 24 hours, as the queue list shows it), tickets waiting, open counters. */
export interface ReportFigures {
  waiting_time: number | null;
  total_waiting: number;
  total_counters: number;
}

export const kpiValue = (kpi: ReportKpi, f: ReportFigures): number | null => f[kpi];

/**
 * A crossing is the trigger starting to hold: mailed then, and not again while it holds; once it
 * stops holding, the next crossing is mailed again.
 */
export function evaluateTrigger(
  previous: boolean,
  setting: { trigger_kpi: ReportKpi; trigger_operator: ReportOperator; trigger_value: number },
  figures: ReportFigures,
): { triggered: boolean; value: number | null; mail: boolean } {
  const value = kpiValue(setting.trigger_kpi, figures);
  const triggered = reportTriggered(setting.trigger_operator, value, setting.trigger_value);
  return { triggered, value, mail: triggered && !previous };
}

/** The member's language when a report is written in it, else English. */
export function reportLanguage(language: string | null | undefined): ReportLanguage {
  const base = (language ?? '').toLowerCase().slice(0, 2);
  return (REPORT_LANGUAGES as readonly string[]).includes(base) ? (base as ReportLanguage) : 'en';
}

/** The text in the member's language, English where that one is empty. */
export function reportText(content: Record<ReportLanguage, string>, language: ReportLanguage): { language: ReportLanguage; text: string } {
  return content[language]?.trim() ? { language, text: content[language] } : { language: 'en', text: content.en };
}

/** Fills `{{title}}`, `{{waiting_time}}`, `{{total_waiting}}`, `{{total_counters}}` in one pass; an unknown figure is '—'. */
export function renderReport(text: string, title: string, figures: ReportFigures): string {
  const values: Record<string, string> = {
    title,
    waiting_time: figures.waiting_time === null ? '—' : String(Math.round(figures.waiting_time * 10) / 10),
    total_waiting: String(figures.total_waiting),
    total_counters: String(figures.total_counters),
  };
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The first instant after `after` whose wall time in `zone` is `time` (HH:mm): tomorrow's when
 * today's has passed. A time the clocks skip (02:30 on a spring-forward night) is moved on by
 * the gap, as Luxon does; a time that occurs twice is taken the first time.
 */
export function nextSummaryDue(time: string, zone: string, after: Date): Date {
  const [hour, minute] = time.split(':').map(Number);
  const now = DateTime.fromJSDate(after, { zone });
  if (!now.isValid) throw new RangeError(`Unknown time zone ${zone}`);
  for (let d = 0; d < 3; d++) {
    const day = now.plus({ days: d });
    const at = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone });
    if (at.toMillis() > after.getTime()) return at.toJSDate();
  }
  throw new RangeError('No next summary time');
}

/** The local day a summary due at `due` reports on, in the business's zone. */
export const summaryDay = (due: Date, zone: string): string => DateTime.fromJSDate(due, { zone }).toISODate()!;

/** The day's figures a daily summary adds under the setting's text. */
export interface DayFigures {
  taken: number;
  served: number;
  no_show: number;
  average_wait_seconds: number | null;
}

const SUMMARY_LINES: Record<ReportLanguage, (d: DayFigures, wait: string) => string> = {
  en: (d, wait) => `Tickets taken: ${d.taken}\nServed: ${d.served}\nNo-shows: ${d.no_show}\nAverage wait: ${wait}`,
  fr: (d, wait) => `Tickets pris : ${d.taken}\nServis : ${d.served}\nAbsents à l'appel : ${d.no_show}\nAttente moyenne : ${wait}`,
  ar: (d, wait) => `التذاكر المسحوبة: ${d.taken}\nالمخدومة: ${d.served}\nلم يحضر: ${d.no_show}\nمتوسط الانتظار: ${wait}`,
};
const MINUTES: Record<ReportLanguage, string> = { en: 'min', fr: 'min', ar: 'دقيقة' };

/** A daily summary: the setting's text, then the day's figures in the same language. */
export function summaryBody(text: string, language: ReportLanguage, day: DayFigures): string {
  const wait = day.average_wait_seconds === null ? '—' : `${Math.round(day.average_wait_seconds / 6) / 10} ${MINUTES[language]}`;
  return `${text}\n\n${SUMMARY_LINES[language](day, wait)}`;
}
