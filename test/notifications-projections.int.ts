import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_SMS_SETTINGS } from '@tabour/contracts';
import { notificationSettingsProjection, type NotificationSettingsEvent } from '@tabour/notifications';
import type { Database } from '@tabour/platform';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const key = { message_type: 'BOOKING_CREATED', language: 'fr', channel: 'sms' } as const;
const saved = (body: string): NotificationSettingsEvent => ({ type: 'MessageTemplateSaved', data: { business_id: B, ...key, subject: null, body } });

describe('the notification settings projection', () => {
  const spec = projectionSpecification(notificationSettingsProjection, () => t.db, { tenantId: B });
  const settings = (db: Transaction<Database>) => db.selectFrom('notification_settings').select(['settings', 'sms']).where('tenant_id', '=', B).execute();
  const templates = (db: Transaction<Database>) => db.selectFrom('message_templates').select(['message_type', 'body']).where('tenant_id', '=', B).execute();
  const optOuts = (db: Transaction<Database>) => db.selectFrom('sms_opt_outs').select('phone').where('tenant_id', '=', B).orderBy('phone').execute();

  // The sender name is the organisation's; the rest of the SMS settings are this context's: one row holds both.
  it('keeps the sender name and the SMS choices in one row, over the defaults', () =>
    spec
      .given([{ type: 'BusinessInformationUpdated', data: { business_id: B, changes: { sms_sender_name: 'CLINIQUE' } } }])
      .when([{ type: 'SmsSettingsChanged', data: { business_id: B, enabled_types: ['BOOKING_CREATED'], fallback_to_email: true } }])
      .then(settings, [
        {
          settings: DEFAULT_NOTIFICATION_SETTINGS,
          sms: { ...DEFAULT_SMS_SETTINGS, sender_name: 'CLINIQUE', enabled_types: ['BOOKING_CREATED'], fallback_to_email: true },
        },
      ]));

  it('writes no row for a business edit that leaves the sender name alone', () =>
    spec
      .given()
      .when([{ type: 'BusinessInformationUpdated', data: { business_id: B, changes: {} } }])
      .then(settings, []));

  it('keeps the last text saved for a template, and drops it when reset', async () => {
    await spec
      .given([saved('Votre rendez-vous est confirmé.')])
      .when([saved('Rendez-vous confirmé le {{date}}.')])
      .then(templates, [{ message_type: 'BOOKING_CREATED', body: 'Rendez-vous confirmé le {{date}}.' }]);
    await spec
      .given([saved('Votre rendez-vous est confirmé.')])
      .when([{ type: 'MessageTemplateReset', data: { business_id: B, ...key } }])
      .then(templates, []);
  });

  it('keeps a number opted out until it opts back in', () =>
    spec
      .given([
        { type: 'SmsNumberOptedOut', data: { business_id: B, phone: '+21620123456' } },
        { type: 'SmsNumberOptedOut', data: { business_id: B, phone: '+21698765432' } },
        { type: 'SmsNumberOptedOut', data: { business_id: B, phone: '+21620123456' } },
      ])
      .when([{ type: 'SmsNumberOptedIn', data: { business_id: B, phone: '+21698765432' } }])
      .then(optOuts, [{ phone: '+21620123456' }]));
});
