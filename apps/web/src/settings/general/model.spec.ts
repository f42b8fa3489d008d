import { DEFAULT_NOTIFICATION_SETTINGS, type MessageTemplate } from '@tabour/contracts';
import { directionOf, findTemplate, insertPlaceholder, problemText, settingsPart } from './model';

describe('the general settings screen', () => {
  it('words each template problem with its values, braces passed as values', () => {
    expect(problemText({ problem: 'template_empty' })).toEqual(['notifications.templates.problems.template_empty', {}]);
    expect(problemText({ problem: 'template_unknown_placeholder', placeholder: 'booking_time' })).toEqual([
      'notifications.templates.problems.template_unknown_placeholder',
      { placeholder: '{{booking_time}}' },
    ]);
    expect(problemText({ problem: 'template_stray_brace', at: 0 })[1]).toEqual({ at: 1, example: '{{name}}' });
    expect(problemText({ problem: 'template_too_long', max: 1600 })[1]).toEqual({ max: 1600 });
  });

  it('inserts a placeholder at the caret, over a selection, or at the end', () => {
    expect(insertPlaceholder('Hello !', 'name', 6, 6)).toEqual({ text: 'Hello {{name}}!', caret: 14 });
    expect(insertPlaceholder('Hello you!', 'name', 6, 9)).toEqual({ text: 'Hello {{name}}!', caret: 14 });
    expect(insertPlaceholder('Ticket ', 'ticket_number', null, null)).toEqual({ text: 'Ticket {{ticket_number}}', caret: 24 });
  });

  it('sends only the groups of the tab being saved', () => {
    expect(Object.keys(settingsPart(DEFAULT_NOTIFICATION_SETTINGS, 'notifications')).sort()).toEqual(['booking', 'channels', 'queue']);
    const typed = { ...DEFAULT_NOTIFICATION_SETTINGS, public: { ...DEFAULT_NOTIFICATION_SETTINGS.public, get_ready_places: '4' as unknown as number } };
    expect(settingsPart(typed, 'public')).toEqual({ public: { ...DEFAULT_NOTIFICATION_SETTINGS.public, get_ready_places: 4 } });
  });

  it('finds the template of a selection and writes Arabic right to left', () => {
    const all: MessageTemplate[] = [
      { type: 'QUEUE_CALL_NEXT', language: 'ar', channel: 'sms', body: 'أ', custom: false },
      { type: 'QUEUE_CALL_NEXT', language: 'ar', channel: 'email', body: 'ب', subject: 'ج', custom: true },
    ];
    expect(findTemplate(all, { type: 'QUEUE_CALL_NEXT', language: 'ar', channel: 'email' })?.body).toBe('ب');
    expect(findTemplate(all, { type: 'QUEUE_CALL_NEXT', language: 'fr', channel: 'email' })).toBeUndefined();
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ru')).toBe('ltr');
  });
});
