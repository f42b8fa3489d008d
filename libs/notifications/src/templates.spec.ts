import { CHANNELS, LANGUAGES, MESSAGE_TYPES, TEMPLATE_PLACEHOLDERS, type Language, type MessageType } from '@tabour/contracts';
import { smsSegments } from './segments';
import {
  DEFAULT_TEXTS,
  defaultTemplate,
  formatBookingTime,
  formatTimeOfDay,
  pickLanguage,
  placeholdersOf,
  renderTemplate,
  templateErrors,
  templateProblems,
  TEMPLATE_MAX_LENGTH,
} from './templates';

/** Values as a reactor would give them, a little long, as real names and links are. */
const SAMPLE: Record<string, string | number> = {
  name: 'Amira Ben Salah',
  business: 'Clinique du Lac',
  department: 'Radiologie',
  services: 'Consultation',
  booking_time: 'Wednesday, June 10 at 9:05 AM',
  reason: 'Doctor unavailable',
  queue: 'Accueil',
  previous_queue: 'Caisse',
  ticket_number: 'A042',
  place: 3,
  estimate_minutes: 12,
  counter: 'Guichet 2',
  delay_minutes: 20,
  closing_time: '18:30',
  ticket_link: 'https://app.tabour.example/t/7f3kq9x2',
  feedback_link: 'https://app.tabour.example/f/7f3kq9x2',
};

const everyDefault = MESSAGE_TYPES.flatMap((type) => LANGUAGES.map((language) => [type, language] as [MessageType, Language]));

describe('default templates', () => {
  it('exist for every message type in every language, with a subject and a body, on every channel', () => {
    for (const [type, language] of everyDefault) {
      const { subject, body } = DEFAULT_TEXTS[type][language];
      expect(subject.trim()).not.toBe('');
      expect(body.trim()).not.toBe('');
      for (const channel of CHANNELS) {
        const template = defaultTemplate(type, language, channel);
        expect(template).toMatchObject({ type, language, channel, body, custom: false });
        expect(template.subject).toBe(channel === 'sms' ? undefined : subject);
      }
    }
    expect(everyDefault).toHaveLength(16 * 7);
  });

  it.each(everyDefault)('%s in %s uses only its type’s placeholders and passes the editor’s checks', (type, language) => {
    const { subject, body } = DEFAULT_TEXTS[type][language];
    for (const text of [subject, body]) {
      expect(placeholdersOf(text).filter((p) => !TEMPLATE_PLACEHOLDERS[type].includes(p))).toEqual([]);
      expect(templateErrors(type, text)).toEqual([]);
    }
  });

  it('are translations, not copies: no two languages share a body for the same type', () => {
    for (const type of MESSAGE_TYPES) {
      const bodies = LANGUAGES.map((l) => DEFAULT_TEXTS[type][l].body);
      expect(new Set(bodies).size).toBe(LANGUAGES.length);
    }
  });

  it('say the same thing in every language: a type’s bodies use the same placeholders', () => {
    for (const type of MESSAGE_TYPES) {
      const english = placeholdersOf(DEFAULT_TEXTS[type].en.body).sort();
      for (const language of LANGUAGES) expect([type, language, placeholdersOf(DEFAULT_TEXTS[type][language].body).sort()]).toEqual([type, language, english]);
    }
  });

  it('rendered, leave no placeholder and stay within two SMS (GSM-7 in English, French and German)', () => {
    for (const [type, language] of everyDefault) {
      const text = renderTemplate(DEFAULT_TEXTS[type][language].body, SAMPLE);
      expect(text).not.toMatch(/[{}]/);
      const size = smsSegments(text);
      expect([type, language, size.segments <= 2]).toEqual([type, language, true]);
      if (['en', 'fr', 'de'].includes(language)) expect([type, language, size.encoding]).toEqual([type, language, 'GSM-7']);
    }
  });
});

describe('renderTemplate', () => {
  it('fills every placeholder, with or without spaces inside the braces', () => {
    expect(renderTemplate('{{business}}: ticket {{ ticket_number }}, position {{place}}.', SAMPLE)).toBe('Clinique du Lac: ticket A042, position 3.');
  });

  it('renders Arabic, right to left text and left to right values together', () => {
    const text = renderTemplate(DEFAULT_TEXTS.QUEUE_CALL_NEXT.ar.body, { business: 'عيادة البحيرة', ticket_number: 'A042', counter: 'الشباك 2' });
    expect(text).toBe('عيادة البحيرة: حان دورك! التذكرة A042، تفضّل إلى الشباك 2.');
    expect(smsSegments(text).encoding).toBe('UCS-2');
  });

  it('leaves a missing or null value empty, and 0 as 0', () => {
    expect(renderTemplate('[{{name}}][{{reason}}][{{place}}]', { name: null, place: 0 })).toBe('[][][0]');
  });

  it('inserts values once: a value that looks like a placeholder is not filled in turn', () => {
    expect(renderTemplate('Hello {{name}}, {{ticket_link}}', { name: '{{ticket_link}}', ticket_link: 'https://x/t/1' })).toBe(
      'Hello {{ticket_link}}, https://x/t/1',
    );
  });
});

describe('templateErrors', () => {
  it('accepts a business’s own wording with the type’s placeholders', () => {
    expect(templateErrors('QUEUE_CALL_NEXT', 'Hi {{name}}, {{ticket_number}} → {{counter}} now!')).toEqual([]);
  });

  it('refuses a placeholder the type does not know, naming the ones it does', () => {
    expect(templateProblems('QUEUE_CALL_NEXT', 'Your appointment {{booking_time}}')).toEqual([
      { problem: 'template_unknown_placeholder', placeholder: 'booking_time' },
    ]);
    const [error] = templateErrors('QUEUE_FEEDBACK', 'Rate us: {{ticket_link}}');
    expect(error).toContain('{{ticket_link}}');
    expect(error).toContain('{{feedback_link}}');
  });

  it.each([
    ['an unclosed placeholder', 'Ticket {{ticket_number', 7],
    ['a half-closed placeholder', 'Ticket {{ticket_number}', 7],
    ['a closing pair alone', 'Ticket ticket_number}}', 20],
    ['single braces', 'Ticket {ticket_number}', 7],
    ['a name with a space', 'Hello {{first name}}', 6],
    ['a name in capitals', 'Hello {{NAME}}', 6],
  ])('refuses %s, with where it is', (_label, body, at) => {
    expect(templateProblems('QUEUE_CALL_NEXT', body)).toEqual([{ problem: 'template_stray_brace', at }]);
    expect(templateErrors('QUEUE_CALL_NEXT', body)).toEqual([
      `The brace at character ${at + 1} is not part of a placeholder; placeholders are written {{name}}`,
    ]);
  });

  it('refuses an empty or blank message and one longer than an SMS may be', () => {
    expect(templateProblems('QUEUE_CALL_NEXT', '  ')).toEqual([{ problem: 'template_empty' }]);
    expect(templateProblems('QUEUE_CALL_NEXT', 'a'.repeat(TEMPLATE_MAX_LENGTH + 1))).toEqual([{ problem: 'template_too_long', max: TEMPLATE_MAX_LENGTH }]);
    expect(templateErrors('QUEUE_CALL_NEXT', 'a'.repeat(TEMPLATE_MAX_LENGTH))).toEqual([]);
  });

  it('lists every problem at once', () => {
    expect(templateProblems('BOOKING_CREATED', '{{feedback_link}} {{ticket_number}} {oops')).toEqual([
      { problem: 'template_unknown_placeholder', placeholder: 'feedback_link' },
      { problem: 'template_unknown_placeholder', placeholder: 'ticket_number' },
      { problem: 'template_stray_brace', at: 36 },
    ]);
  });
});

describe('pickLanguage', () => {
  it.each([
    ['ar', 'fr', 'ar'],
    ['fr-CA', 'en', 'fr'],
    ['PT_br', 'en', 'pt'],
    ['he', 'ru', 'ru'],
    [null, 'de', 'de'],
    ['', 'es', 'es'],
    ['it', 'nl', 'en'],
    [undefined, null, 'en'],
  ])('customer %j, business %j → %s', (customer, business, expected) => {
    expect(pickLanguage(customer, business)).toBe(expected);
  });
});

describe('formatBookingTime', () => {
  // 07:05 UTC is 09:05 in Paris (summer time) and 03:05 in Santiago (winter time, UTC-4).
  const at = '2026-06-10T07:05:00Z';

  it.each<[Language, string]>([
    ['en', 'Wednesday, June 10 at 9:05 AM'],
    ['fr', 'mercredi 10 juin à 9:05'],
    ['de', 'Mittwoch, 10. Juni um 9:05'],
    ['es', 'miércoles, 10 de junio, 9:05'],
    ['pt', 'quarta-feira, 10 de junho às 9:05'],
    ['ru', 'среда, 10 июня в 9:05'],
  ])('in the business zone, in %s: %s', (language, expected) => {
    expect(formatBookingTime(at, 'Europe/Paris', language).replace(/\s/g, ' ')).toBe(expected);
  });

  it('in Arabic, with the Arabic day and month names', () => {
    const text = formatBookingTime(at, 'Europe/Paris', 'ar');
    expect(text).toContain('الأربعاء');
    expect(text).toContain('يونيو');
    expect(text).toMatch(/9:05|٩:٠٥/);
  });

  it('reads the instant in the zone, not in the server’s', () => {
    expect(formatBookingTime(at, 'America/Santiago', 'en')).toMatch(/Wednesday, June 10 at 3:05\sAM/);
    expect(formatBookingTime('2026-06-09T23:30:00-04:00', 'Asia/Tokyo', 'en')).toMatch(/^Wednesday, June 10 at 12:30\sPM$/);
  });

  it('refuses a start that is not an instant or an unknown zone', () => {
    expect(() => formatBookingTime('soon', 'Europe/Paris', 'en')).toThrow(RangeError);
    expect(() => formatBookingTime(at, 'Mars/Olympus', 'en')).toThrow(RangeError);
  });
});

describe('formatTimeOfDay', () => {
  it('gives the time in the zone and the language', () => {
    expect(formatTimeOfDay('2026-06-10T16:30:00Z', 'Europe/Paris', 'fr')).toBe('18:30');
    expect(formatTimeOfDay('2026-06-10T16:30:00Z', 'Europe/Paris', 'en')).toMatch(/^6:30\sPM$/);
  });
});
