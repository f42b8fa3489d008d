import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { RecordedEvent } from '@tabour/eventstore';
import { NotificationReactor } from '../apps/api/src/notifications/reactor';
import { NotificationSender } from '../apps/api/src/notifications/sender';
import { ReminderSweep } from '../apps/api/src/notifications/reminders';
import { bookableBusiness, ZONE } from './bookings-fixtures';
import { createTestApp, TestApp } from './support/app';
import { FakeProviders, providerEnv, startFakeProviders } from './support/fake-providers';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

/** The messages reactor, the outbox and the sender, against the real SDKs talking to local fakes. */
describe('notifications: from an event to the provider', () => {
  let t: TestApp;
  let fake: FakeProviders;
  let owner: Staff;

  const messages = (tenantId: string) =>
    t.database.db.selectFrom('notification_messages').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('message_type').execute();
  const customer = async (by: Staff, fields: Record<string, unknown>) => {
    const res = await t
      .http()
      .put('/business/customer/create')
      .set(by.h)
      .send({ first_name: 'Amira', last_name: 'Ben Salah', ...fields });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  beforeAll(async () => {
    fake = await startFakeProviders();
    t = await createTestApp({ ...providerEnv(fake), NOTIFICATIONS_POLL_MS: '200', REMINDER_JOB: 'off' });
    owner = await newBusiness(t, 'Notified Clinic');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('texts and mails a customer their ticket, then their call, each once, in their language', async () => {
    const q = await newQueue(t, owner, { name: 'Guichet' }, ['Guichet 3']);
    const c = await customer(owner, { phone: '+33612345678', email: 'amira@example.test', preferred_language: 'fr' });
    const ticket = await pushTicket(t, owner, q.id, { customer_id: c });
    const created = await until(
      async () => (await messages(owner.businessId)).filter((m) => m.status === 'sent').length >= 2 && messages(owner.businessId),
      'the ticket messages',
    );
    expect(created.map((m) => [m.message_type, m.channel, m.recipient, m.language])).toEqual(
      expect.arrayContaining([
        ['QUEUE_TICKET_WITHOUT_TIME', 'sms', '+33612345678', 'fr'],
        ['QUEUE_TICKET_WITHOUT_TIME', 'email', 'amira@example.test', 'fr'],
      ]),
    );
    const sms = fake.sms.find((s) => s.to === '+33612345678')!;
    // No counter open yet: nothing to estimate the wait from, so the message without a time.
    expect(sms.body).not.toMatch(/min/);
    expect(sms.body).toContain(ticket.label);
    expect(sms.body).toContain('Guichet');
    expect(sms.status_callback).toMatch(/\/webhooks\/twilio\/status\?m=/);
    expect(fake.emails.find((e) => e.to === 'amira@example.test')?.custom_args.tabour_message_id).toBeDefined();

    await openCounter(t, owner, q.id, q.counters[0].id);
    const call = await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id });
    expect(call.status).toBe(200);
    await until(() => fake.sms.some((s) => s.to === '+33612345678' && s.body.includes('Guichet 3')), 'the call SMS');
    const all = await messages(owner.businessId);
    expect(
      all
        .filter((m) => m.message_type === 'QUEUE_CALL_NEXT')
        .map((m) => m.channel)
        .sort(),
    ).toEqual(['email', 'sms']);
    // Each cause once: the reactor's checkpoint and the outbox move together.
    expect(new Set(all.map((m) => m.dedupe_key)).size).toBe(all.length);
    expect(fake.sms.filter((s) => s.to === '+33612345678')).toHaveLength(2);

    // With a counter open, the next ticket is told its wait: first in line is "about 1 min", never "0 min".
    const next = await customer(owner, { phone: '+33612345679', preferred_language: 'en' });
    await pushTicket(t, owner, q.id, { customer_id: next });
    const told = await until(async () => (await messages(owner.businessId)).find((m) => m.recipient === '+33612345679'), 'the next ticket message');
    expect(told.message_type).toBe('QUEUE_TICKET_CREATED');
    expect(told.body).toMatch(/about [1-9]\d* min/);
  });

  it('tells the customers of two tickets the staff swapped their new places, where the business sends updates', async () => {
    const b = await newBusiness(t, 'Swapping Office');
    expect(
      (
        await t
          .http()
          .post('/business/notification/settings')
          .set(b.h)
          .send({ queue: { QUEUE_TICKET_UPDATED: true } })
      ).status,
    ).toBe(200);
    const sms = await t.http().get('/business/sms/settings').set(b.h);
    const types = [...sms.body.enabled_types, 'QUEUE_TICKET_UPDATED'];
    expect((await t.http().post('/business/sms/settings').set(b.h).send({ enabled_types: types })).status).toBe(200);
    const q = await newQueue(t, b, {}, ['Desk']);
    const first = await customer(b, { phone: '+33688888881', preferred_language: 'en' });
    const second = await customer(b, { phone: '+33688888882', preferred_language: 'en' });
    const a = await pushTicket(t, b, q.id, { customer_id: first });
    const c = await pushTicket(t, b, q.id, { customer_id: second });
    expect((await t.http().post(`/business/queue/${q.id}/swap/${a.id}/${c.id}`).set(b.h).send({})).status).toBeLessThan(300);
    const updates = await until(async () => {
      const m = (await messages(b.businessId)).filter((r) => r.message_type === 'QUEUE_TICKET_UPDATED' && r.channel === 'sms');
      return m.length === 2 && m;
    }, 'two updates');
    const byTo = Object.fromEntries(updates.map((u) => [u.recipient, u.body]));
    expect(byTo['+33688888881']).toMatch(/position 2/i);
    expect(byTo['+33688888882']).toMatch(/position 1/i);
  });

  it('counts an SMS by its segments: an Arabic text costs more than a French one', async () => {
    const q = await newQueue(t, owner, {}, ['Desk']);
    const fr = await customer(owner, { phone: '+33611111111', preferred_language: 'fr' });
    const ar = await customer(owner, { phone: '+33622222222', preferred_language: 'ar' });
    await pushTicket(t, owner, q.id, { customer_id: fr });
    await pushTicket(t, owner, q.id, { customer_id: ar });
    const rows = await until(async () => {
      const m = (await messages(owner.businessId)).filter((r) => ['+33611111111', '+33622222222'].includes(r.recipient));
      return m.length === 2 && m;
    }, 'two SMS');
    const byTo = Object.fromEntries(rows.map((r) => [r.recipient, r]));
    expect(byTo['+33611111111'].encoding).toBe('GSM-7');
    expect(byTo['+33622222222'].encoding).toBe('UCS-2');
    expect(byTo['+33622222222'].segments!).toBeGreaterThan(byTo['+33611111111'].segments!);
  });

  it('never half-sends past the allowance: the SMS that does not fit is skipped and the staff are told', async () => {
    const b = await newBusiness(t, 'Almost Out');
    const q = await newQueue(t, b, {}, ['Desk']);
    const first = await customer(b, { phone: '+33633333333', preferred_language: 'en' });
    const second = await customer(b, { phone: '+33633333334', preferred_language: 'en' });
    // The trial's 200 SMS, 180 used: the next one leaves less than a tenth (the bell says the balance is low).
    await t.database.db.insertInto('sms_allowances').values({ tenant_id: b.businessId, allowance: 200, consumed: 180 }).execute();
    await pushTicket(t, b, q.id, { customer_id: first });
    await until(async () => (await messages(b.businessId)).some((r) => r.channel === 'sms' && r.status === 'sent'), 'the first SMS sent');
    // Then the rest is used elsewhere: the second does not fit.
    await t.database.db.updateTable('sms_allowances').set({ consumed: 200 }).where('tenant_id', '=', b.businessId).execute();
    await pushTicket(t, b, q.id, { customer_id: second });
    const rows = await until(async () => {
      const m = (await messages(b.businessId)).filter((r) => r.channel === 'sms');
      return m.length === 2 && m.every((r) => r.status !== 'queued' && r.status !== 'sending') && m;
    }, 'both SMS decided');
    expect(rows.map((r) => r.status).sort()).toEqual(['sent', 'skipped']);
    expect(rows.find((r) => r.status === 'skipped')!.skip_reason).toBe('sms_allowance_used_up');
    const used = await t.database.db.selectFrom('sms_allowances').select('consumed').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow();
    expect(used.consumed).toBe(200);
    const notices = await t.database.db.selectFrom('staff_notifications').select('kind').where('tenant_id', '=', b.businessId).execute();
    expect(notices.map((n) => n.kind).sort()).toEqual(['sms_balance_exhausted', 'sms_balance_low']);
  });

  it('retries a provider error with back-off, and fails a refused number at once, falling back to e-mail', async () => {
    const b = await newBusiness(t, 'Flaky Provider');
    const q = await newQueue(t, b, {}, ['Desk']);
    const sender = t.app.get(NotificationSender);
    fake.failNext = 1;
    const ok = await customer(b, { phone: '+33644444444' });
    await pushTicket(t, b, q.id, { customer_id: ok });
    const retried = await until(
      async () => (await messages(b.businessId)).find((m) => m.channel === 'sms' && m.attempts === 1 && m.status === 'queued'),
      'a retry',
    );
    expect(retried.error).toMatch(/Internal Server Error|500/);
    expect(retried.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 1000);
    await sender.run(new Date(retried.next_attempt_at.getTime() + 1));
    expect((await messages(b.businessId)).find((m) => m.id === retried.id)!.status).toBe('sent');

    fake.invalidNumbers.add('+33655555555');
    const refused = await customer(b, { phone: '+33655555555', email: 'refused@example.test' });
    await pushTicket(t, b, q.id, { customer_id: refused });
    const failed = await until(async () => (await messages(b.businessId)).find((m) => m.recipient === '+33655555555' && m.status === 'failed'), 'a failure');
    expect(failed.attempts).toBe(1);
    const fallback = await until(async () => (await messages(b.businessId)).find((m) => m.fallback_of === failed.id), 'the fallback e-mail');
    expect(fallback.channel).toBe('email');
    expect(fallback.body).toBe(failed.body);
  });

  it('schedules a booking reminder at the same wall time across a daylight-saving change, sends it once, and drops reminders on cancel', async () => {
    const { owner: clinic, departmentId } = await bookableBusiness(t, 'Reminded Clinic');
    expect((await t.http().post('/business/update').set(clinic.h).send({ booking_days_limit: 365 })).status).toBe(200);
    const c = await customer(clinic, { phone: '+33666666666', preferred_language: 'fr' });
    // 09:00 on the next spring-change Sunday in Paris: the day before at 09:00 is still winter time, 23 hours earlier.
    const now = DateTime.now().setZone(ZONE);
    const lastSunday = (year: number) => DateTime.fromObject({ year, month: 3, day: 31 }, { zone: ZONE }).set({ weekday: 7 });
    let change = lastSunday(now.year);
    if (change.month !== 3) change = change.minus({ weeks: 1 });
    if (change < now.plus({ days: 3 })) {
      change = lastSunday(now.year + 1);
      if (change.month !== 3) change = change.minus({ weeks: 1 });
    }
    const start = change.set({ hour: 9, minute: 0 });
    expect(start.offset).toBe(120);
    const made = await t.http().put('/business/booking/create').set(clinic.h).send({ department_id: departmentId, customer_id: c, starts_at: start.toISO() });
    expect(made.status).toBe(201);
    await until(async () => (await messages(clinic.businessId)).some((m) => m.message_type === 'BOOKING_CREATED'), 'the booking message');
    const reminders = await until(async () => {
      const r = await t.database.db
        .selectFrom('booking_reminders')
        .selectAll()
        .where('booking_id', '=', made.body.id)
        .where('status', '=', 'scheduled')
        .execute();
      return r.length > 0 && r;
    }, 'the reminder scheduled');
    // The business's defaults remind the day before only.
    expect(reminders.map((r) => r.message_type)).toEqual(['BOOKING_REMINDER_24H']);
    const due = DateTime.fromJSDate(reminders[0].due_at).setZone(ZONE);
    expect(due.toFormat('ccc HH:mm')).toBe('Sat 09:00');
    expect(due.offset).toBe(60);
    expect(start.toMillis() - due.toMillis()).toBe(23 * 3600_000);

    const sweep = t.app.get(ReminderSweep);
    const at = new Date(reminders[0].due_at.getTime() + 1000);
    expect(await sweep.run(new Date(reminders[0].due_at.getTime() - 1000))).toBe(0);
    expect(await sweep.run(at)).toBe(1);
    expect(await sweep.run(at)).toBe(0);
    const sent = await until(async () => {
      const m = (await messages(clinic.businessId)).filter((r) => r.message_type === 'BOOKING_REMINDER_24H');
      return m.length > 0 && m;
    }, 'the reminder recorded');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain('9:00');
    // The booking's department by name, in every booking message.
    expect(sent[0].body).toContain('Dental');
    expect((await messages(clinic.businessId)).find((m) => m.message_type === 'BOOKING_CREATED')!.body).toContain('(Dental)');

    // Booked again for the same time next week, then cancelled: its reminder goes with it.
    const again = await t
      .http()
      .put('/business/booking/create')
      .set(clinic.h)
      .send({ department_id: departmentId, customer_id: c, starts_at: start.plus({ weeks: 1 }).toISO() });
    expect(again.status).toBe(201);
    await until(
      async () => (await t.database.db.selectFrom('booking_reminders').select('status').where('booking_id', '=', again.body.id).execute()).length > 0,
      'a second reminder',
    );
    expect((await t.http().post(`/business/booking/${again.body.id}/cancel`).set(clinic.h).send({ reason: 'Ill' })).status).toBe(200);
    await until(
      async () =>
        (await t.database.db.selectFrom('booking_reminders').select('status').where('booking_id', '=', again.body.id).execute()).every(
          (r) => r.status === 'dropped',
        ),
      'the reminder dropped',
    );
    expect(await sweep.run(new Date(start.plus({ weeks: 1 }).toMillis()))).toBe(0);
  });

  it('keeps, for each booking of one batch, the reminders of its last event: a booking placed then moved is reminded at its new start, one placed then cancelled not at all', async () => {
    const { owner: clinic, departmentId } = await bookableBusiness(t, 'Batched Clinic');
    const tenantId = clinic.businessId;
    const moved = randomUUID();
    const cancelled = randomUUID();
    const start = DateTime.now().setZone(ZONE).plus({ days: 5 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const later = start.plus({ days: 1 });
    let position = 0;
    const event = (type: string, data: Record<string, unknown>): RecordedEvent => ({
      position: ++position,
      streamId: `booking-${data.booking_id as string}`,
      revision: 0,
      category: 'booking',
      tenantId,
      eventId: randomUUID(),
      type,
      data: { business_id: tenantId, ...data },
      metadata: { tenantId, actor: { type: 'system', name: 'test' }, correlationId: randomUUID(), schemaVersion: 1 },
      recordedAt: new Date(),
    });
    const placed = (id: string, at: DateTime) =>
      event('BookingCreated', { booking_id: id, department_id: departmentId, service_ids: [], starts_at: at.toUTC().toISO(), channel: 'staff' });
    await t.database.db
      .transaction()
      .execute((trx) =>
        t.app
          .get(NotificationReactor)
          .handle(
            [
              placed(moved, start),
              placed(cancelled, start),
              event('BookingRescheduled', { booking_id: moved, department_id: departmentId, service_ids: [], starts_at: later.toUTC().toISO() }),
              event('BookingCancelled', { booking_id: cancelled, reason: null }),
            ],
            trx as never,
          ),
      );
    const rows = await t.database.db.selectFrom('booking_reminders').selectAll().where('booking_id', 'in', [moved, cancelled]).execute();
    expect(rows.filter((r) => r.status === 'scheduled').map((r) => [r.booking_id, r.message_type, r.starts_at.toISOString()])).toEqual([
      [moved, 'BOOKING_REMINDER_24H', later.toUTC().toISO({ suppressMilliseconds: false })],
    ]);
    // The day before at the booking's wall time, in the business's zone.
    expect(
      DateTime.fromJSDate(rows.find((r) => r.booking_id === moved)!.due_at)
        .setZone(ZONE)
        .toFormat('HH:mm'),
    ).toBe('10:00');
  });
});

describe('notifications: erasure', () => {
  it('an erased customer keeps the count of their messages, not their number or the text', async () => {
    const t = await createTestApp({ NOTIFICATIONS_POLL_MS: '100', REMINDER_JOB: 'off' });
    try {
      const owner = await newBusiness(t, 'Forgetting Clinic');
      const q = await newQueue(t, owner, {}, ['Desk']);
      const c = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Rim', phone: '+33677777777' });
      await pushTicket(t, owner, q.id, { customer_id: c.body.id });
      const rows = () => t.database.db.selectFrom('notification_messages').selectAll().where('customer_id', '=', c.body.id).execute();
      const end = Date.now() + 10_000;
      while (!(await rows()).some((r) => r.status === 'sent')) {
        if (Date.now() > end) throw new Error('no message sent');
        await new Promise((r) => setTimeout(r, 25));
      }
      expect((await t.http().delete(`/business/customer/${c.body.id}/delete`).set(owner.h)).status).toBe(200);
      while ((await rows()).some((r) => r.recipient !== 'erased')) {
        if (Date.now() > end) throw new Error('the messages still name the customer');
        await new Promise((r) => setTimeout(r, 25));
      }
      const after = await rows();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ recipient: 'erased', body: '', status: 'sent', segments: 1 });
    } finally {
      await t.close();
    }
  });
});
