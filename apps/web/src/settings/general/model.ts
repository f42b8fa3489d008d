import type { Channel, Language, MessageTemplate, MessageType, NotificationSettings, TemplateProblem } from '@tabour/contracts';

/** The catalogue key and values that word a problem in the reader's language. */
export function problemText(p: TemplateProblem): [string, Record<string, string | number>] {
  const key = `notifications.templates.problems.${p.problem}`;
  switch (p.problem) {
    case 'template_empty':
      return [key, {}];
    case 'template_too_long':
      return [key, { max: p.max }];
    case 'template_unknown_placeholder':
      // Braces go in as a value: i18next would read them in the catalogue's text as its own.
      return [key, { placeholder: `{{${p.placeholder}}}` }];
    case 'template_stray_brace':
      return [key, { at: p.at + 1, example: '{{name}}' }];
  }
}

export interface TemplateSelection {
  type: MessageType;
  language: Language;
  channel: Channel;
}

export const findTemplate = (all: readonly MessageTemplate[], s: TemplateSelection): MessageTemplate | undefined =>
  all.find((t) => t.type === s.type && t.language === s.language && t.channel === s.channel);

/** The text with `{{name}}` put where the caret was (or over the selection), and where the caret goes next. */
export function insertPlaceholder(text: string, name: string, start: number | null, end: number | null): { text: string; caret: number } {
  const token = `{{${name}}}`;
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

/** The body a settings tab sends: only its own groups, so the other tab's switches are left as they are. */
export function settingsPart(values: NotificationSettings, tab: 'notifications' | 'public'): Partial<NotificationSettings> {
  return tab === 'public'
    ? { public: { ...values.public, get_ready_places: Number(values.public.get_ready_places) } }
    : { channels: values.channels, booking: values.booking, queue: values.queue };
}

/** Arabic is written right to left; the preview and the editor follow the template's language, not the screen's. */
export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');
