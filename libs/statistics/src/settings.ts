/**
 * What the business sets about its statistics: the service-level target (one aggregate per
 * business) and the reporting mail settings (one aggregate per setting). Pure deciders, through
 * the one command handler; their inline projection is `statistics.settings` (settings-projection.ts).
 */
import {
  addError,
  DEFAULT_SERVICE_LEVEL_TARGET_SECONDS,
  REPORT_KPIS,
  REPORT_LANGUAGES,
  REPORT_OPERATORS,
  REPORT_PLACEHOLDERS,
  reportTextProblems,
  type FieldErrors,
  type ReportLanguage,
  type ReportSetting,
  type ReportSettingInput,
} from '@tabour/contracts';
import type { Decider } from '@tabour/eventstore';
import { notFound, throwIfAny } from '@tabour/platform';

type Business = { business_id: string };

export const statisticsSettingsStream = (tenantId: string) => `statisticssettings-${tenantId}`;
export const reportSettingStream = (id: string) => `reportsetting-${id}`;

/** The target's bounds: a minute to four hours. */
export const SERVICE_LEVEL_TARGET_MIN = 60;
export const SERVICE_LEVEL_TARGET_MAX = 4 * 3600;

export type StatisticsSettingsCommand = Business & { type: 'SetServiceLevelTarget'; target_seconds: unknown };
export type StatisticsSettingsEvent = { type: 'ServiceLevelTargetSet'; data: Business & { target_seconds: number } };
export interface StatisticsSettingsState {
  target_seconds: number;
}

export const statisticsSettingsDecider: Decider<StatisticsSettingsCommand, StatisticsSettingsState, StatisticsSettingsEvent> = {
  initialState: () => ({ target_seconds: DEFAULT_SERVICE_LEVEL_TARGET_SECONDS }),
  evolve: (state, e) => (e.type === 'ServiceLevelTargetSet' ? { target_seconds: e.data.target_seconds } : state),
  decide(c, state) {
    const t = c.target_seconds;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < SERVICE_LEVEL_TARGET_MIN || t > SERVICE_LEVEL_TARGET_MAX) {
      throwIfAny({ service_level_target_seconds: [`Enter a whole number of seconds from ${SERVICE_LEVEL_TARGET_MIN} to ${SERVICE_LEVEL_TARGET_MAX}`] });
    }
    if (t === state.target_seconds) return [];
    return [{ type: 'ServiceLevelTargetSet', data: { business_id: c.business_id, target_seconds: t as number } }];
  },
};

/** A reporting mail setting as decided (the wire's fields without the id and the times). */
export type ReportSettingFields = Omit<ReportSetting, 'id' | 'created_at' | 'updated_at'>;

export type ReportSettingCommand =
  | (Business & { type: 'CreateReportSetting'; id: string; input: ReportSettingInput })
  | (Business & { type: 'UpdateReportSetting'; id: string; input: ReportSettingInput })
  | (Business & { type: 'DeleteReportSetting'; id: string });

export type ReportSettingEvent =
  | { type: 'ReportSettingCreated'; data: Business & { id: string } & ReportSettingFields }
  | { type: 'ReportSettingUpdated'; data: Business & { id: string } & ReportSettingFields }
  | { type: 'ReportSettingDeleted'; data: Business & { id: string } };

export const REPORT_SETTING_EVENT_TYPES = ['ReportSettingCreated', 'ReportSettingUpdated', 'ReportSettingDeleted'] as const;
export const STATISTICS_SETTINGS_EVENT_TYPES = ['ServiceLevelTargetSet'] as const;

export type ReportSettingState = { exists: false } | { exists: true; deleted: boolean; business_id: string; fields: ReportSettingFields };

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

const sameFields = (a: ReportSettingFields, b: ReportSettingFields) => JSON.stringify(a) === JSON.stringify(b);

export const reportSettingDecider: Decider<ReportSettingCommand, ReportSettingState, ReportSettingEvent> = {
  initialState: () => ({ exists: false }),
  evolve(state, e) {
    switch (e.type) {
      case 'ReportSettingCreated':
      case 'ReportSettingUpdated': {
        const { business_id, id: _id, ...fields } = e.data;
        return { exists: true, deleted: false, business_id, fields };
      }
      case 'ReportSettingDeleted':
        return state.exists ? { ...state, deleted: true } : state;
    }
  },
  decide(c, state) {
    if (c.type === 'CreateReportSetting') {
      if (state.exists) throw notFound();
      return [{ type: 'ReportSettingCreated', data: { business_id: c.business_id, id: c.id, ...mergeReportSetting(null, c.input) } }];
    }
    // Another business's setting answers as a missing one, so ids cannot be probed.
    if (!state.exists || state.deleted || state.business_id !== c.business_id) throw notFound();
    if (c.type === 'DeleteReportSetting') return [{ type: 'ReportSettingDeleted', data: { business_id: c.business_id, id: c.id } }];
    const fields = mergeReportSetting(state.fields, c.input);
    if (sameFields(fields, state.fields)) return [];
    return [{ type: 'ReportSettingUpdated', data: { business_id: c.business_id, id: c.id, ...fields } }];
  },
};
