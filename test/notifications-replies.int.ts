import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { recordMessages, ticketCreatedCause, type MessageIntent } from '@tabour/notifications';
import { bookableBusiness, ZONE } from './bookings-fixtures';
import { createTestApp, TestApp } from './support/app';
import { auth } from './support/fixtures';
import { FakeProviders, providerEnv, startFakeProviders, twilioSignature } from './support/fake-providers';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

const PUBLIC_URL = 'https://tabour.test';
const INBOUND = '/webhooks/twilio/inbound';

/** Two-way SMS, and the messages staff and kiosks send on demand, end to end through the outbox. */
describe('notifications: SMS replies and messages on demand', () => {
  let t: TestApp;
  let fake: FakeProviders;
  let token: string;
  let owner: Staff;
  let sid = 0;

  const messagesTo = (phone: string) =>
    t.database.db.selectFrom('notification_messages').selectAll().where('recipient', '=', phone).orderBy('created_at').execute();
  const customer = async (by: Staff, fields: Record<string, unknown>) => {
    const res = await t
      .http()
      .put('/business/customer/create')
      .set(by.h)
      .send({ first_name: 'Lina', ...fields });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** The SMS of this cause reached the fake Twilio: a reply has something to answer. */
  /** A new ticket's SMS is QUEUE_TICKET_CREATED, or QUEUE_TICKET_WITHOUT_TIME when no counter is open to estimate from. */
  const sameType = (type: string, actual: string) => actual === type || (type === 'QUEUE_TICKET_CREATED' && actual === 'QUEUE_TICKET_WITHOUT_TIME');
  const smsSent = (phone: string, type: string) =>
    until(
      async () => (await messagesTo(phone)).find((m) => m.channel === 'sms' && sameType(type, m.message_type) && m.status === 'sent'),
      `${type} sent to ${phone}`,
    );
  /** An incoming SMS as Twilio posts it, signed over the public address. */
  const reply = (from: string, body: string, messageSid = `SMinbound${++sid}`) => {
    const params = { MessageSid: messageSid, From: from, To: '+15005550006', Body: body, AccountSid: 'AC00000000000000000000000000000000' };
    return t
      .http()
      .post(INBOUND)
      .type('form')
      .set('X-Twilio-Signature', twilioSignature(token, `${PUBLIC_URL}${INBOUND}`, params))
      .send(params);
  };
  const ticketView = async (uid: string) => (await t.http().get(`/user/queue/uid/${uid}`)).body as { status: string; rank: number | null; late: boolean };

  beforeAll(async () => {
    fake = await startFakeProviders();
    token = providerEnv(fake).TWILIO_AUTH_TOKEN;
    t = await createTestApp({ ...providerEnv(fake), PUBLIC_URL, NOTIFICATIONS_POLL_MS: '100', REMINDER_JOB: 'off' });
    owner = await newBusiness(t, 'Answered Clinic');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refuses an unsigned reply, and leaves a free text unanswered', async () => {
    const unsigned = await t.http().post(INBOUND).type('form').send({ MessageSid: 'SMx', From: '+33620000000', Body: 'STOP' });
    expect(unsigned.status).toBe(403);
    const q = await newQueue(t, owner);
    const c = await customer(owner, { phone: '+33620000001', preferred_language: 'fr' });
    const ticket = await pushTicket(t, owner, q.id, { customer_id: c });
    await smsSent('+33620000001', 'QUEUE_TICKET_CREATED');
    const free = await reply('+33620000001', 'Je serai en retard, désolé');
    expect(free.status).toBe(200);
    expect(free.headers['content-type']).toMatch(/^text\/xml/);
    expect(free.text).not.toContain('<Message>');
    expect(await ticketView(ticket.uid)).toMatchObject({ status: 'waiting', late: false });
  });

  it("cancels the ticket the SMS was about, in French and in English, through the ticket page's command", async () => {
    const q = await newQueue(t, owner, { name: 'Accueil' });
    const fr = await customer(owner, { phone: '+33620000011', preferred_language: 'fr' });
    const en = await customer(owner, { phone: '+33620000012', preferred_language: 'en' });
    const frTicket = await pushTicket(t, owner, q.id, { customer_id: fr });
    const enTicket = await pushTicket(t, owner, q.id, { customer_id: en });
    await smsSent('+33620000011', 'QUEUE_TICKET_CREATED');
    await smsSent('+33620000012', 'QUEUE_TICKET_CREATED');

    const annuler = await reply('+33620000011', 'Annuler svp');
    expect(annuler.status).toBe(200);
    expect(annuler.text).toContain(`<Message>Answered Clinic : votre ticket ${frTicket.label} est annulé.</Message>`);
    const cancel = await reply('+33620000012', 'CANCEL');
    expect(cancel.text).toContain(`<Message>Answered Clinic: your ticket ${enTicket.label} is cancelled.</Message>`);
    const rows = await t.database.db.selectFrom('queue_tickets').select('status').where('id', 'in', [frTicket.id, enTicket.id]).execute();
    expect(rows.map((r) => r.status)).toEqual(['revoked', 'revoked']);
    // Nothing left to cancel the second time.
    expect((await reply('+33620000011', 'ANNULER')).text).toContain("il n'y a plus rien à modifier");
  });

  it('moves a late customer back one place, in Spanish and in German, once per incoming message', async () => {
    const q = await newQueue(t, owner);
    const es = await customer(owner, { phone: '+33620000021', preferred_language: 'es' });
    const de = await customer(owner, { phone: '+33620000022', preferred_language: 'de' });
    const esTicket = await pushTicket(t, owner, q.id, { customer_id: es });
    const deTicket = await pushTicket(t, owner, q.id, { customer_id: de });
    await pushTicket(t, owner, q.id, { customer_name: 'Walk-in one' });
    await pushTicket(t, owner, q.id, { customer_name: 'Walk-in two' });
    await smsSent('+33620000021', 'QUEUE_TICKET_CREATED');
    await smsSent('+33620000022', 'QUEUE_TICKET_CREATED');

    const tarde = await reply('+33620000021', '¡Tarde!', 'SMlate-es');
    expect(tarde.text).toContain(`retraso anotado. Su turno ${esTicket.label} retrocede un puesto.`);
    expect(await ticketView(esTicket.uid)).toMatchObject({ rank: 2, late: true });
    // Twilio posts the same message again: it moves the ticket once.
    const repeated = await reply('+33620000021', '¡Tarde!', 'SMlate-es');
    expect(repeated.text).not.toContain('<Message>');
    expect((await ticketView(esTicket.uid)).rank).toBe(2);

    const spaet = await reply('+33620000022', 'spät');
    expect(spaet.text).toContain(`Verspätung notiert. Ihr Ticket ${deTicket.label} rückt einen Platz zurück.`);
    expect((await ticketView(deTicket.uid)).rank).toBe(2);

    // A business that does not let customers step back on their link does not let them by SMS.
    expect(
      (
        await t
          .http()
          .post('/business/notification/settings')
          .set(owner.h)
          .send({ public: { allow_running_late: false } })
      ).status,
    ).toBe(200);
    const refused = await reply('+33620000022', 'late');
    expect(refused.text).toContain('Das ist per SMS nicht möglich');
    expect((await ticketView(deTicket.uid)).rank).toBe(2);
    expect(
      (
        await t
          .http()
          .post('/business/notification/settings')
          .set(owner.h)
          .send({ public: { allow_running_late: true } })
      ).status,
    ).toBe(200);
  });

  it("cancels the booking the SMS was about, in Russian and in Arabic, through the booking's cancel", async () => {
    const { owner: clinic, departmentId } = await bookableBusiness(t, 'Booked Clinic');
    const start = DateTime.now().setZone(ZONE).plus({ days: 2 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const bookings: string[] = [];
    for (const [phone, language, minutes] of [
      ['+33620000031', 'ru', 0],
      ['+33620000032', 'ar', 30],
    ] as const) {
      const c = await customer(clinic, { phone, preferred_language: language });
      const made = await t
        .http()
        .put('/business/booking/create')
        .set(clinic.h)
        .send({ department_id: departmentId, customer_id: c, starts_at: start.plus({ minutes }).toISO() });
      expect(made.status).toBe(201);
      bookings.push(made.body.id);
      await smsSent(phone, 'BOOKING_CREATED');
    }
    expect((await reply('+33620000031', 'Отмена')).text).toContain('<Message>Booked Clinic: ваша запись отменена.</Message>');
    expect((await reply('+33620000032', 'إلغاء')).text).toContain('<Message>Booked Clinic: تم إلغاء موعدك.</Message>');
    const rows = await t.database.db.selectFrom('bookings').select('status').where('id', 'in', bookings).execute();
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    // The cancellation is the customer's, made by SMS: the activity log says so.
    const events = await sql<{ metadata: { actor: { type: string; name: string } } }>`
      SELECT metadata FROM es_events WHERE event_type = 'BookingCancelled' AND stream_id = ANY(${bookings.map((id) => `booking-${id}`)}::text[])`.execute(
      t.database.db,
    );
    expect(events.rows.map((e) => e.metadata.actor)).toEqual([
      expect.objectContaining({ type: 'customer_link', name: 'SMS' }),
      expect.objectContaining({ type: 'customer_link', name: 'SMS' }),
    ]);
    // A booking cannot be "late" by SMS.
    expect((await reply('+33620000031', 'опаздываю')).text).toContain('это нельзя сделать по SMS');
  });

  it('after STOP (in English or Portuguese) records no SMS for the number, and START lets them through again', async () => {
    const q = await newQueue(t, owner);
    const other = await newQueue(t, owner);
    const third = await newQueue(t, owner);
    const en = await customer(owner, { phone: '+33620000041', email: 'stop@example.test', preferred_language: 'en' });
    const pt = await customer(owner, { phone: '+33620000042', preferred_language: 'pt' });
    await pushTicket(t, owner, q.id, { customer_id: en });
    await pushTicket(t, owner, q.id, { customer_id: pt });
    await smsSent('+33620000041', 'QUEUE_TICKET_CREATED');
    await smsSent('+33620000042', 'QUEUE_TICKET_CREATED');

    expect((await reply('+33620000041', 'STOP')).text).toContain('you will receive no more SMS from us');
    expect((await reply('+33620000042', 'Parar')).text).toContain('não receberá mais SMS nossos');
    const optedOut = await t.database.db.selectFrom('sms_opt_outs').select('phone').where('tenant_id', '=', owner.businessId).execute();
    expect(optedOut.map((o) => o.phone).sort()).toEqual(['+33620000041', '+33620000042']);

    // The next ticket's messages: the e-mail goes, the SMS is never recorded.
    const next = await pushTicket(t, owner, other.id, { customer_id: en });
    await until(async () => (await messagesTo('stop@example.test')).find((m) => m.ticket_id === next.id), 'the e-mail of the next ticket');
    const sent = fake.sms.filter((s) => s.to === '+33620000041').length;
    expect((await messagesTo('+33620000041')).filter((m) => m.ticket_id === next.id)).toEqual([]);
    // Nor does the staff's message on demand go.
    const notify = await t
      .http()
      .post('/business/customer/notify')
      .set(owner.h)
      .send({ customer_ids: [en], channel: 'sms', message: 'We open at 9' });
    expect(notify.body).toMatchObject({ sent: 0, skipped: [{ customer_id: en }] });

    expect((await reply('+33620000041', 'start')).text).toContain('you will receive our SMS again');
    const again = await pushTicket(t, owner, third.id, { customer_id: en });
    const back = await until(async () => (await messagesTo('+33620000041')).find((m) => m.ticket_id === again.id && m.status === 'sent'), 'an SMS again');
    expect(back.channel).toBe('sms');
    expect(fake.sms.filter((s) => s.to === '+33620000041')).toHaveLength(sent + 1);
  });

  it("sends the staff's message through the outbox, all or nothing against the allowance", async () => {
    const b = await newBusiness(t, 'Messaging Clinic');
    const one = await customer(b, { phone: '+33620000051', email: 'one@example.test' });
    const two = await customer(b, { phone: '+33620000052' });
    const none = await customer(b, { first_name: 'No phone' });
    const res = await t
      .http()
      .post('/business/customer/notify')
      .set(b.h)
      .send({ customer_ids: [one, two, none], channel: 'sms', message: 'Closed on Friday' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel: 'sms', sent: 2, skipped: [{ customer_id: none, reason: 'The customer has no phone' }] });
    expect([...res.body.sent_ids].sort()).toEqual([one, two].sort());
    await until(async () => fake.sms.filter((s) => s.body === 'Closed on Friday').length === 2, 'the two SMS');
    const rows = await t.database.db.selectFrom('notification_messages').selectAll().where('tenant_id', '=', b.businessId).execute();
    expect(rows.map((r) => [r.channel, r.message_type, r.body, r.segments])).toEqual([
      ['sms', 'QUEUE_TICKET_UPDATED', 'Closed on Friday', 1],
      ['sms', 'QUEUE_TICKET_UPDATED', 'Closed on Friday', 1],
    ]);

    // One SMS left of the allowance for two customers: none is sent, and the staff are told.
    await t.database.db.updateTable('sms_allowances').set({ consumed: 199, allowance: 200 }).where('tenant_id', '=', b.businessId).execute();
    const short = await t
      .http()
      .post('/business/customer/notify')
      .set(b.h)
      .send({ customer_ids: [one, two], channel: 'sms', message: 'Open again' });
    expect(short.status).toBe(422);
    expect(short.body.code).toBe('sms_unavailable');
    expect(
      await t.database.db.selectFrom('notification_messages').select('id').where('tenant_id', '=', b.businessId).where('body', '=', 'Open again').execute(),
    ).toEqual([]);
    const used = await t.database.db.selectFrom('sms_allowances').select('consumed').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow();
    expect(used.consumed).toBe(199);
    const notices = await t.database.db.selectFrom('staff_notifications').select('kind').where('tenant_id', '=', b.businessId).execute();
    expect(notices.map((n) => n.kind)).toContain('sms_balance_exhausted');
    // The e-mail of the same call is not counted against the SMS.
    const mail = await t
      .http()
      .post('/business/customer/notify')
      .set(b.h)
      .send({ customer_ids: [one], channel: 'email', subject: 'Hello', message: 'Open again' });
    expect(mail.body).toMatchObject({ channel: 'email', sent: 1, skipped: [] });
    await until(async () => fake.emails.some((e) => e.to === 'one@example.test' && e.subject === 'Hello' && e.text === 'Open again'), 'the e-mail');
  });

  it("texts a kiosk's ticket once, with the reactor's own message, even where the SMS settings leave it out", async () => {
    const b = await newBusiness(t, 'Kiosk Texts');
    const q = await newQueue(t, b, { name: 'Hall' });
    const kiosk = await t
      .http()
      .post('/business/kiosk/create')
      .set(b.h)
      .send({ name: 'Entrance', queue_ids: [q.id], sms_ticket: true });
    expect(kiosk.status).toBe(201);
    const h = auth((await t.http().post('/kiosk/auth').send({ key: kiosk.body.key, secret: kiosk.body.secret })).body.token);
    const c = await customer(b, { phone: '+33620000061', email: 'kiosk@example.test', preferred_language: 'en' });
    const first = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: q.id, customer_id: c, language: 'fr' });
    expect(first.status).toBe(200);
    expect(first.body.sms).toBe('sent');
    // The reactor's turn comes (its e-mail is recorded): still one SMS for the ticket.
    await until(async () => (await messagesTo('kiosk@example.test')).length === 1, "the reactor's e-mail");
    await until(async () => fake.sms.some((s) => s.to === '+33620000061'), 'the SMS');
    const sms = (await messagesTo('+33620000061')).filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(1);
    // Whichever of the kiosk and the reactor records it first, it is one row (in the kiosk's language or the customer's).
    expect(['QUEUE_TICKET_CREATED', 'QUEUE_TICKET_WITHOUT_TIME']).toContain(sms[0].message_type);
    expect(['fr', 'en']).toContain(sms[0].language);
    expect(sms[0].body).toContain(first.body.label);
    expect(fake.sms.filter((s) => s.to === '+33620000061')).toHaveLength(1);

    // The business sends no "ticket created" SMS of its own; the kiosk set to text it still does.
    expect(
      (
        await t
          .http()
          .post('/business/sms/settings')
          .set(b.h)
          .send({ enabled_types: ['QUEUE_CALL_NEXT'] })
      ).status,
    ).toBe(200);
    const walkIn = await customer(b, { phone: '+33620000062' });
    const second = await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: q.id, customer_id: walkIn });
    expect(second.body.sms).toBe('sent');
    await until(async () => fake.sms.some((s) => s.to === '+33620000062'), 'the second SMS');
    const noPhone = await customer(b, { first_name: 'Without phone' });
    expect((await t.http().put('/kiosk/queue/push').set(h).send({ queue_id: q.id, customer_id: noPhone })).body.sms).toBe('no_phone');
  });
  it('counts the segments of one message recorded by two at once (a kiosk and the reactor) once', async () => {
    const b = await newBusiness(t, 'Racing Texts');
    const c = await customer(b, { phone: '+33620000071' });
    const intent: MessageIntent = {
      tenant_id: b.businessId,
      type: 'QUEUE_TICKET_CREATED',
      cause: ticketCreatedCause('00000000-0000-4000-8000-000000000071'),
      customer_id: c,
      values: { ticket_number: 'A7', queue: 'Hall', ticket_link: `${PUBLIC_URL}/t/x`, place: 1 },
      only: ['sms'],
      asked: true,
    };
    const db = t.database.db;
    let second: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (first) => {
      expect(await recordMessages(first, [intent])).toEqual({ queued: 1, skipped: 0 });
      // The other recorder starts while the first has not committed, and waits for it.
      second = db.transaction().execute((trx) => recordMessages(trx, [intent]));
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(await second).toEqual({ queued: 0, skipped: 0 });
    const rows = await db.selectFrom('notification_messages').select(['segments']).where('tenant_id', '=', b.businessId).execute();
    expect(rows).toEqual([{ segments: 1 }]);
    const used = await db.selectFrom('sms_allowances').select('consumed').where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow();
    expect(used.consumed).toBe(1);
  });
});
