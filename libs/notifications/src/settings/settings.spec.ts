import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_SMS_SETTINGS } from '@tabour/contracts';
import { replay, specification } from '@tabour/eventstore/testing';
import { normalisePhone, notificationSettingsDecider, type NotificationSettingsCommand, type TemplateKey } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const spec = specification(notificationSettingsDecider);
const sms: TemplateKey = { message_type: 'QUEUE_CALL_NEXT', language: 'fr', channel: 'sms' };
const email: TemplateKey = { message_type: 'BOOKING_CREATED', language: 'ar', channel: 'email' };
const save = (key: TemplateKey, body: string, subject?: string | null): NotificationSettingsCommand => ({
  type: 'SaveMessageTemplate',
  business_id: B,
  key,
  body,
  subject,
});

describe('notification settings', () => {
  it('changes only the switches sent, keeping the rest of the settings', () => {
    spec
      .given([])
      .when({ type: 'ChangeNotificationSettings', business_id: B, input: { channels: { sms: false }, public: { get_ready_places: 5 } } })
      .then([
        {
          type: 'NotificationSettingsChanged',
          data: {
            business_id: B,
            settings: {
              ...DEFAULT_NOTIFICATION_SETTINGS,
              channels: { sms: false, email: true, push: true },
              public: { ...DEFAULT_NOTIFICATION_SETTINGS.public, get_ready_places: 5 },
            },
          },
        },
      ]);
  });

  it('records nothing when the settings already read so', () => {
    spec
      .given([])
      .when({ type: 'ChangeNotificationSettings', business_id: B, input: { channels: { email: true }, booking: { BOOKING_CREATED: true } } })
      .thenNothingHappens();
  });

  it('names each bad switch: unknown groups and keys, values that are not true or false, places out of range', () => {
    const refusal = spec
      .given([])
      .when({
        type: 'ChangeNotificationSettings',
        business_id: B,
        input: {
          channels: { fax: true, sms: 'yes' },
          booking: { QUEUE_CALL_NEXT: true },
          public: { get_ready_places: 0, allow_cancel: 1 },
          colours: {},
        } as never,
      })
      .thenRefuses({ status: 422 });
    expect(Object.keys(refusal.errors ?? {}).sort()).toEqual([
      'booking.QUEUE_CALL_NEXT',
      'channels.fax',
      'channels.sms',
      'colours',
      'public.allow_cancel',
      'public.get_ready_places',
    ]);
    spec
      .given([])
      .when({ type: 'ChangeNotificationSettings', business_id: B, input: { queue: 'all' } as never })
      .thenRefuses({ fields: ['queue'] });
  });

  it('changes the SMS settings, types kept once each in the list order', () => {
    spec
      .given([])
      .when({ type: 'ChangeSmsSettings', business_id: B, input: { enabled_types: ['QUEUE_CALL_NEXT', 'BOOKING_CREATED', 'QUEUE_CALL_NEXT'] } })
      .then([
        {
          type: 'SmsSettingsChanged',
          data: { business_id: B, enabled_types: ['BOOKING_CREATED', 'QUEUE_CALL_NEXT'], fallback_to_email: DEFAULT_SMS_SETTINGS.fallback_to_email },
        },
      ]);
    spec
      .given([])
      .when({ type: 'ChangeSmsSettings', business_id: B, input: { enabled_types: [...DEFAULT_SMS_SETTINGS.enabled_types].reverse() } })
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'ChangeSmsSettings', business_id: B, input: { enabled_types: ['BOOKING_PARTY'], fallback_to_email: 'no' } })
      .thenRefuses({ status: 422, fields: ['enabled_types', 'fallback_to_email'] });
  });

  it('saves a template checked for its type, once', () => {
    const body = '{{business}}: {{name}}, ticket {{ticket_number}} to {{counter}}';
    const saved = spec
      .given([])
      .when(save(sms, body))
      .then([{ type: 'MessageTemplateSaved', data: { business_id: B, ...sms, subject: null, body } }]);
    spec.given(saved.events).when(save(sms, body)).thenNothingHappens();
  });

  it('refuses a template with the library’s problems under body and subject', () => {
    const refusal = spec
      .given([])
      .when(save(sms, 'Hello {{name}}, your booking is at {{booking_time}} {oops'))
      .thenRefuses({ status: 422, fields: ['body'] });
    expect(refusal.errors?.body).toHaveLength(2);
    expect(refusal.errors?.body?.[0]).toMatch(/booking_time/);
    spec
      .given([])
      .when(save(sms, '{{name}}', 'A subject'))
      .thenRefuses({ fields: ['subject'] });
    spec
      .given([])
      .when(save(email, '{{name}}: {{booking_time}}'))
      .thenRefuses({ fields: ['subject'] });
    spec
      .given([])
      .when(save(email, '{{name}}', '{{ticket_number}}'))
      .thenRefuses({ fields: ['subject'] });
    spec
      .given([])
      .when(save({ message_type: 'NOPE', language: 'he', channel: 'fax' } as never, 'x'))
      .thenRefuses({ fields: ['type', 'language', 'channel'] });
  });

  it('resets a template the business wrote, and nothing when it uses the default', () => {
    const { events } = replay(notificationSettingsDecider, [save(email, 'مرحبا {{name}}', '{{business}}')]);
    spec
      .given(events)
      .when({ type: 'ResetMessageTemplate', business_id: B, key: email })
      .then([{ type: 'MessageTemplateReset', data: { business_id: B, ...email } }]);
    spec.given([]).when({ type: 'ResetMessageTemplate', business_id: B, key: email }).thenNothingHappens();
  });

  it('opts a number out and in, written in E.164 however it was typed', () => {
    const out = spec
      .given([])
      .when({ type: 'OptOutSmsNumber', business_id: B, phone: '20 123 456', country: 'TN' })
      .then([{ type: 'SmsNumberOptedOut', data: { business_id: B, phone: '+21620123456' } }]);
    spec.given(out.events).when({ type: 'OptOutSmsNumber', business_id: B, phone: '+216 20-123-456' }).thenNothingHappens();
    spec
      .given(out.events)
      .when({ type: 'OptInSmsNumber', business_id: B, phone: '+21620123456' })
      .then([{ type: 'SmsNumberOptedIn', data: { business_id: B, phone: '+21620123456' } }]);
    spec.given([]).when({ type: 'OptInSmsNumber', business_id: B, phone: '+21620123456' }).thenNothingHappens();
    spec
      .given([])
      .when({ type: 'OptOutSmsNumber', business_id: B, phone: '12' })
      .thenRefuses({ status: 422, fields: ['phone'] });
  });

  it('reads national numbers in the business’s country and refuses what is no number', () => {
    expect(normalisePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(normalisePhone('+44 7911 123456')).toBe('+447911123456');
    expect(normalisePhone('06 12 34 56 78')).toBeNull();
    expect(normalisePhone(42)).toBeNull();
  });
});
