import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as XLSX from '@e965/xlsx';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_SMS_SETTINGS, LANGUAGES, MESSAGE_TYPES } from '@tabour/contracts';
import { rebuildProjection, type Actor } from '@tabour/eventstore';
import { notificationSettingsProjection, smsSegments } from '@tabour/notifications';
import { NotificationSettingsService } from '../apps/api/src/notifications/settings.service';
import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';

const system: Actor = { type: 'system' };

describe('notification settings, templates, the SMS ledger and the bell over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let manager: Staff;
  let other: Staff;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Notify Clinic');
    other = await newBusiness(t, 'Other Clinic');
    manager = await newMember(t, owner, 'Manager');
  });
  afterAll(() => t.close());

  const get = (by: Staff, path: string) => t.http().get(`/business${path}`).set(by.h);
  const post = (by: Staff, path: string, body: Record<string, unknown> = {}) => t.http().post(`/business${path}`).set(by.h).send(body);

  describe('SMS settings', () => {
    it("answers the defaults, the business's sender name and the trial's allowance before anything was set", async () => {
      const res = await get(owner, '/sms/settings').expect(200);
      expect(res.body).toEqual({ ...DEFAULT_SMS_SETTINGS, balance: { allowance: 200, consumed: 0, balance: 200 } });
    });

    it("sets the sender name through the business's information, and the types and fallback on its own stream", async () => {
      const res = await post(owner, '/sms/settings', {
        sender_name: 'NotifyClin',
        enabled_types: ['QUEUE_CALL_NEXT', 'BOOKING_CREATED'],
        fallback_to_email: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ sender_name: 'NotifyClin', enabled_types: ['BOOKING_CREATED', 'QUEUE_CALL_NEXT'], fallback_to_email: false });
      expect((await get(owner, '/info').expect(200)).body.sms_sender_name).toBe('NotifyClin');
      // The form sends back what it read, the balance included.
      const again = await post(owner, '/sms/settings', { ...res.body });
      expect(again.status).toBe(200);
      const row = await t.database.db.selectFrom('notification_settings').select('sms').where('tenant_id', '=', owner.businessId).executeTakeFirstOrThrow();
      expect(row.sms).toEqual({ sender_name: 'NotifyClin', enabled_types: ['BOOKING_CREATED', 'QUEUE_CALL_NEXT'], fallback_to_email: false });
      expect((await post(owner, '/sms/settings', { sender_name: null })).body.sender_name).toBeNull();
    });

    it('reads the consumption of the allowance row, and the allowance of the package in use', async () => {
      // A row written under another package says 500: the trial's window holds 200 whatever it says.
      await t.database.db.insertInto('sms_allowances').values({ tenant_id: owner.businessId, allowance: 500, consumed: 12 }).execute();
      expect((await get(owner, '/sms/settings').expect(200)).body.balance).toEqual({ allowance: 200, consumed: 12, balance: 188 });
      expect((await get(other, '/sms/settings').expect(200)).body.balance).toEqual({ allowance: 200, consumed: 0, balance: 200 });
    });

    it('refuses bad settings with 422 naming each field, writing nothing, and non-administrators with 403', async () => {
      const before = await head(t);
      for (const [body, field] of [
        [{ sender_name: 'Far too long a name' }, 'sender_name'],
        [{ sender_name: 'Café!' }, 'sender_name'],
        [{ enabled_types: ['BOOKING_PARTY'] }, 'enabled_types'],
        [{ enabled_types: 'QUEUE_CALL_NEXT' }, 'enabled_types'],
        [{ fallback_to_email: 'yes' }, 'fallback_to_email'],
        [{ colour: 'red' }, 'colour'],
      ] as const) {
        const res = await post(owner, '/sms/settings', body);
        expect(res.status).toBe(422);
        expect(res.body.errors[field]).toBeDefined();
      }
      // A good sender name with a bad list leaves the name as it was.
      expect((await post(owner, '/sms/settings', { sender_name: 'Changed', enabled_types: ['NOPE'] })).status).toBe(422);
      expect((await get(owner, '/info')).body.sms_sender_name).toBeNull();
      expect(await head(t)).toBe(before);
      expect((await get(manager, '/sms/settings')).status).toBe(403);
      expect((await post(manager, '/sms/settings', { fallback_to_email: true })).status).toBe(403);
    });
  });

  describe('notification settings', () => {
    it('answers the defaults, then changes only the switches sent', async () => {
      expect((await get(owner, '/notification/settings').expect(200)).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      const res = await post(owner, '/notification/settings', {
        channels: { push: false },
        queue: { QUEUE_FEEDBACK: false },
        public: { allow_cancel: false, get_ready_places: 5 },
      });
      expect(res.status).toBe(200);
      expect(res.body.channels).toEqual({ sms: true, email: true, push: false });
      expect(res.body.queue.QUEUE_FEEDBACK).toBe(false);
      expect(res.body.queue.QUEUE_CALL_NEXT).toBe(true);
      expect(res.body.public).toEqual({ allow_cancel: false, allow_running_late: true, allow_feedback: true, get_ready_places: 5 });
      expect((await get(other, '/notification/settings').expect(200)).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    });

    it('refuses bad switches with 422 naming each, and non-administrators with 403', async () => {
      const before = await head(t);
      const res = await post(owner, '/notification/settings', { channels: { fax: true, sms: 'off' }, public: { get_ready_places: 500 } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['channels.fax', 'channels.sms', 'public.get_ready_places']);
      expect((await post(owner, '/notification/settings', { booking: 'on' })).body.errors.booking).toBeDefined();
      expect((await post(owner, '/notification/settings', { theme: {} })).status).toBe(422);
      expect(await head(t)).toBe(before);
      expect((await get(manager, '/notification/settings')).status).toBe(403);
    });
  });

  describe('templates', () => {
    it('lists every type, language and channel with the defaults', async () => {
      const res = await get(owner, '/notification/templates').expect(200);
      expect(res.body.total).toBe(MESSAGE_TYPES.length * LANGUAGES.length * 3);
      const narrowed = await get(owner, '/notification/templates?type=QUEUE_CALL_NEXT&language=ar').expect(200);
      expect(narrowed.body.data).toHaveLength(3);
      expect(narrowed.body.data.every((x: { custom: boolean }) => x.custom === false)).toBe(true);
      expect((await get(owner, '/notification/templates?type=NOPE')).status).toBe(422);
    });

    it('saves one, lists it as the business’s own, and resets it to the default', async () => {
      const body = '{{business}}: {{name}}, le ticket {{ticket_number}} est appelé au guichet {{counter}}';
      const saved = await t.http().put('/business/notification/templates/QUEUE_CALL_NEXT/fr/sms').set(owner.h).send({ body });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ type: 'QUEUE_CALL_NEXT', language: 'fr', channel: 'sms', body, custom: true });
      const mail = await t
        .http()
        .put('/business/notification/templates/BOOKING_CREATED/ar/email')
        .set(owner.h)
        .send({ body: 'مرحبا {{name}}، موعدك {{booking_time}}', subject: '{{business}}' });
      expect(mail.status).toBe(200);
      expect(mail.body.subject).toBe('{{business}}');
      const listed = await get(owner, '/notification/templates?type=QUEUE_CALL_NEXT&language=fr&channel=sms').expect(200);
      expect(listed.body.data).toEqual([saved.body]);
      expect((await get(other, '/notification/templates?type=QUEUE_CALL_NEXT&language=fr&channel=sms')).body.data[0].custom).toBe(false);
      const reset = await t.http().delete('/business/notification/templates/QUEUE_CALL_NEXT/fr/sms').set(owner.h).expect(200);
      expect(reset.body.custom).toBe(false);
      expect(reset.body.body).not.toBe(body);
      // Resetting the default again changes nothing.
      const before = await head(t);
      await t.http().delete('/business/notification/templates/QUEUE_CALL_NEXT/fr/sms').set(owner.h).expect(200);
      expect(await head(t)).toBe(before);
    });

    it('refuses a template with 422 listing its problems, bad paths and non-administrators', async () => {
      const before = await head(t);
      const bad = await t
        .http()
        .put('/business/notification/templates/QUEUE_CALL_NEXT/en/sms')
        .set(owner.h)
        .send({ body: 'Hello {{name}}, at {{booking_time}} {oops' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.body).toHaveLength(2);
      expect(bad.body.errors.body[0]).toMatch(/booking_time/);
      expect((await t.http().put('/business/notification/templates/QUEUE_CALL_NEXT/en/sms').set(owner.h).send({ body: '  ' })).status).toBe(422);
      expect(
        (await t.http().put('/business/notification/templates/QUEUE_CALL_NEXT/en/email').set(owner.h).send({ body: '{{name}}' })).body.errors.subject,
      ).toBeDefined();
      const path = await t.http().put('/business/notification/templates/PARTY/he/fax').set(owner.h).send({ body: '{{name}}' });
      expect(path.status).toBe(422);
      expect(Object.keys(path.body.errors).sort()).toEqual(['channel', 'language', 'type']);
      expect((await t.http().put('/business/notification/templates/QUEUE_CALL_NEXT/en/sms').set(owner.h).send({ body: 42 })).status).toBe(422);
      expect((await t.http().put('/business/notification/templates/QUEUE_CALL_NEXT/en/sms').set(manager.h).send({ body: '{{name}}' })).status).toBe(403);
      expect(await head(t)).toBe(before);
    });

    it('previews a text with sample values, its problems and what it costs as an SMS', async () => {
      const fr = await post(owner, '/notification/templates/preview', {
        type: 'QUEUE_CALL_NEXT',
        language: 'fr',
        channel: 'sms',
        body: '{{business}}: ticket {{ticket_number}}, guichet {{counter}}',
      });
      expect(fr.status).toBe(200);
      expect(fr.body.body).toBe('Notify Clinic: ticket A042, guichet 2');
      expect(fr.body.sms).toEqual(smsSegments(fr.body.body));
      expect(fr.body.sms.encoding).toBe('GSM-7');
      const ar = await post(owner, '/notification/templates/preview', {
        type: 'BOOKING_REMINDER_24H',
        language: 'ar',
        body: 'مرحبا {{name}}، نذكرك بموعدك لدى {{business}} يوم {{booking_time}}. نرجو الحضور قبل الموعد بعشر دقائق.',
        subject: '{{business}}',
      });
      expect(ar.body.sms.encoding).toBe('UCS-2');
      expect(ar.body.subject).toBe('Notify Clinic');
      expect(ar.body.body).toContain('أمينة');
      const wrong = await post(owner, '/notification/templates/preview', { type: 'QUEUE_CALL_NEXT', language: 'en', body: '{{booking_time}} {x' });
      expect(wrong.status).toBe(200);
      expect(wrong.body.problems.body.map((p: { problem: string }) => p.problem)).toEqual(['template_unknown_placeholder', 'template_stray_brace']);
      expect((await post(owner, '/notification/templates/preview', { type: 'NOPE', language: 'en', body: 'x' })).status).toBe(422);
      expect((await post(owner, '/notification/templates/preview', { type: 'QUEUE_CALL_NEXT', language: 'en' })).status).toBe(422);
    });
  });

  describe('SMS ledger', () => {
    const message = (tenant: string, over: Record<string, unknown> = {}) => {
      const body = String(over.body ?? 'Notify Clinic: your ticket A001 is called');
      const size = smsSegments(body);
      return {
        id: randomUUID(),
        tenant_id: tenant,
        dedupe_key: randomUUID(),
        message_type: 'QUEUE_CALL_NEXT',
        channel: 'sms' as const,
        recipient: '+21620123456',
        language: 'en',
        body,
        encoding: size.encoding,
        segments: size.segments,
        cost: size.segments,
        status: 'delivered',
        sent_at: new Date('2026-03-10T09:00:00Z'),
        created_at: new Date('2026-03-10T08:59:59Z'),
        ...over,
      };
    };

    beforeAll(async () => {
      await t.database.db
        .insertInto('notification_messages')
        .values([
          message(owner.businessId),
          message(owner.businessId, {
            body: 'مرحبا، تذكرتك A002 على وشك أن تُنادى في عيادة الإشعارات، يرجى الاقتراب من الشباك رقم اثنين الآن',
            language: 'ar',
            recipient: '+21698765432',
            status: 'failed',
            error: 'Unreachable',
            message_type: 'QUEUE_GET_READY',
            created_at: new Date('2026-03-11T10:00:00Z'),
            sent_at: null,
          }),
          message(owner.businessId, { channel: 'email', recipient: 'a@example.test', created_at: new Date('2026-03-12T10:00:00Z') }),
          message(owner.businessId, { body: '=HYPERLINK("x")', created_at: new Date('2026-03-09T10:00:00Z') }),
          message(other.businessId),
        ])
        .execute();
    });

    it('lists the SMS only, newest first, as transactions', async () => {
      const res = await get(owner, '/sms/transactions?page=1&per_page=2').expect(200);
      expect(res.body.total).toBe(3);
      expect(res.body.data).toHaveLength(2);
      expect(res.body.data[0]).toMatchObject({
        destination: '+21698765432',
        language: 'ar',
        encoding: 'UCS-2',
        status: 'failed',
        sent_at: null,
        message_type: 'QUEUE_GET_READY',
        error: 'Unreachable',
      });
      expect(res.body.data[0].segments).toBeGreaterThan(1);
      expect(res.body.data[0].cost).toBe(res.body.data[0].segments);
      expect(res.body.data[1]).toMatchObject({ destination: '+21620123456', encoding: 'GSM-7', segments: 1, cost: 1, status: 'delivered' });
      expect((await get(owner, '/sms/transactions?pagination=off').expect(200)).body.data).toHaveLength(3);
      expect((await get(other, '/sms/transactions?pagination=off').expect(200)).body.total).toBe(1);
    });

    it('filters by status, type, days in the business’s zone and digits of the number', async () => {
      const count = async (q: string) => (await get(owner, `/sms/transactions?pagination=off&${q}`).expect(200)).body.total;
      expect(await count('status=failed')).toBe(1);
      expect(await count('message_type=QUEUE_CALL_NEXT')).toBe(2);
      expect(await count('from=2026-03-10&to=2026-03-10')).toBe(1);
      expect(await count('from=2026-03-10')).toBe(2);
      expect(await count('destination=98765')).toBe(1);
      expect(await count('destination=%2B216')).toBe(3);
    });

    it('refuses bad filters with a 4xx, and non-administrators', async () => {
      for (const q of [
        'status=lost',
        'message_type=PARTY',
        'from=10/03/2026',
        'destination=abc',
        'page=0',
        'from=2026-03-10&to=2026-03-01',
        'from=2026-02-30',
      ]) {
        const res = await get(owner, `/sms/transactions?${q}`);
        expect([400, 422]).toContain(res.status);
      }
      expect((await get(manager, '/sms/transactions')).status).toBe(403);
      expect((await get(manager, '/sms/transactions/export')).status).toBe(403);
    });

    it('exports the same rows as CSV and XLSX, formulas neutralised', async () => {
      const csv = await get(owner, '/sms/transactions/export?format=csv&message_type=QUEUE_CALL_NEXT').expect(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="sms-\d{4}-\d{2}-\d{2}\.csv"/);
      const text = csv.text.replace(/^\uFEFF/, '');
      const lines = text.trim().split('\n');
      expect(lines[0]).toBe('created_at,sent_at,destination,message_type,language,encoding,segments,cost,status,error,message');
      expect(lines).toHaveLength(3);
      expect(text).toContain(`'=HYPERLINK`);
      const xlsx = await get(owner, '/sms/transactions/export?format=xlsx')
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const sheet = XLSX.read(xlsx.body as Buffer).Sheets.SMS;
      const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet);
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.destination).sort()).toEqual(['+21620123456', '+21620123456', '+21698765432']);
      expect((await get(owner, '/sms/transactions/export?format=pdf')).status).toBe(422);
    });
  });

  describe('staff notifications', () => {
    let first: string;
    let theirs: string;
    beforeAll(async () => {
      first = randomUUID();
      theirs = randomUUID();
      await t.database.db
        .insertInto('staff_notifications')
        .values([
          {
            id: first,
            tenant_id: owner.businessId,
            kind: 'booking_request',
            dedupe_key: 'a',
            payload: JSON.stringify({ name: 'Amina' }),
            created_at: new Date('2026-03-10T08:00:00Z'),
          },
          {
            id: randomUUID(),
            tenant_id: owner.businessId,
            kind: 'sms_balance_low',
            dedupe_key: 'b',
            payload: JSON.stringify({ balance: 9 }),
            created_at: new Date('2026-03-11T08:00:00Z'),
          },
          { id: theirs, tenant_id: other.businessId, kind: 'queue_request', dedupe_key: 'a', payload: JSON.stringify({ queue: 'Q' }) },
        ])
        .execute();
    });

    it('lists the business’s notices newest first for any staff role, with the unread count', async () => {
      const res = await get(manager, '/notification?page=1').expect(200);
      expect(res.body.unread).toBe(2);
      expect(res.body.data.map((n: { kind: string }) => n.kind)).toEqual(['sms_balance_low', 'booking_request']);
      expect(res.body.data[0]).toMatchObject({ data: { balance: 9 }, link: '/settings/sms', read_at: null });
      expect(res.body.data[1]).toMatchObject({ data: { name: 'Amina' }, link: '/bookings/request' });
      expect((await get(owner, '/notification?pagination=off').expect(200)).body.total).toBe(2);
      expect((await get(owner, '/notification?pagination=nope')).status).toBe(400);
    });

    it('marks one read, then all; another business’s id and a malformed id answer 404', async () => {
      const one = await post(manager, `/notification/${first}/read`).expect(200);
      expect(one.body.read_at).not.toBeNull();
      expect((await get(owner, '/notification?unread=true').expect(200)).body.total).toBe(1);
      expect((await post(owner, `/notification/${theirs}/read`)).status).toBe(404);
      expect((await post(owner, `/notification/${randomUUID()}/read`)).status).toBe(404);
      expect((await post(owner, '/notification/not-an-id/read')).status).toBe(404);
      expect((await post(owner, '/notification/read-all').expect(200)).body).toEqual({ read: 1 });
      expect((await get(owner, '/notification').expect(200)).body.unread).toBe(0);
      expect((await get(other, '/notification').expect(200)).body.unread).toBe(1);
    });
  });

  describe('opt-outs', () => {
    it('opts a number out once in E.164 and in again', async () => {
      const service = t.app.get(NotificationSettingsService);
      await service.optOut(owner.businessId, system, '20 123 456');
      await service.optOut(owner.businessId, system, '+216 20 123 456');
      const rows = await t.database.db.selectFrom('sms_opt_outs').select(['tenant_id', 'phone']).execute();
      expect(rows).toEqual([{ tenant_id: owner.businessId, phone: '+21620123456' }]);
      await service.optOut(owner.businessId, system, '+21698765432');
      await service.optIn(owner.businessId, system, '+21698765432');
      expect(await t.database.db.selectFrom('sms_opt_outs').select('phone').execute()).toHaveLength(1);
      await expect(service.optOut(owner.businessId, system, 'call me')).rejects.toMatchObject({ status: 422 });
    });
  });

  it('rebuilds the settings, templates and opt-outs from the log to the same rows', async () => {
    await t
      .http()
      .put('/business/notification/templates/QUEUE_TICKET_CREATED/ru/push')
      .set(owner.h)
      .send({ body: '{{name}}: {{ticket_number}}', subject: '{{business}}' })
      .expect(200);
    await post(other, '/sms/settings', { sender_name: 'Other', fallback_to_email: false }).expect(200);
    const snapshot = async () => ({
      settings: (await sql`SELECT * FROM notification_settings ORDER BY tenant_id`.execute(t.database.db)).rows,
      templates: (await sql`SELECT * FROM message_templates ORDER BY tenant_id, message_type, language, channel`.execute(t.database.db)).rows,
      optOuts: (await sql`SELECT * FROM sms_opt_outs ORDER BY tenant_id, phone`.execute(t.database.db)).rows,
    });
    const live = await snapshot();
    expect(live.settings).toHaveLength(2);
    expect(live.templates).toHaveLength(2);
    expect(live.optOuts).toHaveLength(1);
    await rebuildProjection(t.database.db, { kind: 'inline', projection: notificationSettingsProjection });
    expect(await snapshot()).toEqual(live);
  });
});
