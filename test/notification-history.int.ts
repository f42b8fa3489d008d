import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { bookableBusiness, ZONE } from './bookings-fixtures';
import { createTestApp, TestApp } from './support/app';
import { FakeProviders, providerEnv, startFakeProviders } from './support/fake-providers';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

/** GET /business/notification/messages: the history of a customer, a ticket or a booking. */
describe('message history over HTTP', () => {
  let t: TestApp;
  let fake: FakeProviders;
  let owner: Staff;
  let departmentId: string;
  let frontDesk: Staff;
  let other: Staff;

  const history = (by: Staff, query: string) => t.http().get(`/business/notification/messages?${query}`).set(by.h);
  const customer = async (by: Staff, fields: Record<string, unknown>) => {
    const res = await t
      .http()
      .put('/business/customer/create')
      .set(by.h)
      .send({ first_name: 'Amira', last_name: 'Ben Salah', ...fields });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  /** A message as the reactor records it, for the orders and states the providers take time to reach. */
  const record = (tenantId: string, fields: Record<string, unknown>) =>
    t.database.db
      .insertInto('notification_messages')
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        dedupe_key: randomUUID(),
        message_type: 'QUEUE_TICKET_CREATED',
        channel: 'sms',
        recipient: '+33600000000',
        language: 'en',
        body: 'Your ticket',
        ...fields,
      })
      .execute();

  beforeAll(async () => {
    fake = await startFakeProviders();
    t = await createTestApp({ ...providerEnv(fake), NOTIFICATIONS_POLL_MS: '200', REMINDER_JOB: 'off' });
    ({ owner, departmentId } = await bookableBusiness(t, 'History Clinic'));
    frontDesk = await newMember(t, owner, 'Front Desk');
    other = await newBusiness(t, 'Elsewhere Clinic');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("lists a ticket's and its customer's messages, newest first, as they were sent", async () => {
    const q = await newQueue(t, owner, { name: 'Guichet' }, ['Guichet 3']);
    const c = await customer(owner, { phone: '+33612340001', email: 'amira@example.test', preferred_language: 'fr' });
    const ticket = await pushTicket(t, owner, q.id, { customer_id: c });
    await openCounter(t, owner, q.id, q.counters[0].id);
    expect((await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id })).status).toBe(200);
    const page = await until(async () => {
      const res = await history(owner, `ticket_id=${ticket.id}`);
      return res.body.data?.length === 4 && res.body.data.every((m: { status: string }) => m.status === 'sent') && res.body;
    }, "the ticket's four messages sent");

    expect(page.total).toBe(4);
    const byKey = Object.fromEntries(page.data.map((m: Record<string, unknown>) => [`${m.message_type}/${m.channel}`, m]));
    // The ticket's own message has no time when the reactor found no counter open yet (it reads
    // them as it handles the push, and the counter opens right after): either type, one message.
    const created = Object.keys(byKey)
      .find((k) => k.startsWith('QUEUE_TICKET_'))!
      .split('/')[0];
    expect(['QUEUE_TICKET_CREATED', 'QUEUE_TICKET_WITHOUT_TIME']).toContain(created);
    expect(Object.keys(byKey).sort()).toEqual(['QUEUE_CALL_NEXT/email', 'QUEUE_CALL_NEXT/sms', `${created}/email`, `${created}/sms`]);
    const sms = byKey['QUEUE_CALL_NEXT/sms'];
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+33612340001', status: 'sent', error: null, language: 'fr', subject: null });
    expect(sms.body).toContain('Guichet 3');
    expect(sms.body).toBe(fake.sms.find((s) => s.to === '+33612340001' && s.body.includes('Guichet 3'))!.body);
    expect(sms.segments).toBeGreaterThanOrEqual(1);
    expect(byKey['QUEUE_CALL_NEXT/email']).toMatchObject({ recipient: 'amira@example.test', segments: null });
    expect(typeof byKey['QUEUE_CALL_NEXT/email'].subject).toBe('string');
    expect(Object.keys(sms).sort()).toEqual(
      ['body', 'channel', 'created_at', 'error', 'id', 'language', 'message_type', 'recipient', 'segments', 'sent_at', 'status', 'subject'].sort(),
    );
    // Newest first: the call after the ticket.
    const times = page.data.map((m: { created_at: string }) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.data[0].message_type).toBe('QUEUE_CALL_NEXT');
    expect(Date.parse(sms.sent_at)).toBeGreaterThanOrEqual(Date.parse(sms.created_at));

    const mine = await history(owner, `customer_id=${c}`).expect(200);
    expect(mine.body.data.map((m: { id: string }) => m.id).sort()).toEqual(page.data.map((m: { id: string }) => m.id).sort());
  });

  it("lists a booking's messages, and what went wrong with one", async () => {
    const c = await customer(owner, { phone: '+33612340002', preferred_language: 'en' });
    const start = DateTime.now().setZone(ZONE).plus({ days: 3 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
    const made = await t.http().put('/business/booking/create').set(owner.h).send({ department_id: departmentId, customer_id: c, starts_at: start.toISO() });
    expect(made.status).toBe(201);
    const created = await until(async () => {
      const res = await history(owner, `booking_id=${made.body.id}`);
      return res.body.data?.length === 1 && res.body.data[0];
    }, 'the booking message');
    expect(created).toMatchObject({ message_type: 'BOOKING_CREATED', channel: 'sms', recipient: '+33612340002', language: 'en' });

    await record(owner.businessId, {
      booking_id: made.body.id,
      customer_id: c,
      message_type: 'BOOKING_REMINDER_24H',
      status: 'failed',
      error: '21211: invalid number',
      segments: 1,
      created_at: new Date(Date.now() + 60_000),
    });
    await record(owner.businessId, {
      booking_id: made.body.id,
      customer_id: c,
      message_type: 'BOOKING_UPDATED',
      status: 'skipped',
      skip_reason: 'sms_allowance_used_up',
      created_at: new Date(Date.now() + 120_000),
    });
    const res = await history(owner, `booking_id=${made.body.id}`).expect(200);
    expect(res.body.data.map((m: { message_type: string; status: string; error: string | null }) => [m.message_type, m.status, m.error])).toEqual([
      ['BOOKING_UPDATED', 'skipped', 'sms_allowance_used_up'],
      ['BOOKING_REMINDER_24H', 'failed', '21211: invalid number'],
      ['BOOKING_CREATED', expect.any(String), null],
    ]);
    // The booking is any staff member's, as the booking dialog.
    expect((await history(frontDesk, `booking_id=${made.body.id}`).expect(200)).body.total).toBe(3);
  });

  it('pages with page and per_page', async () => {
    const c = randomUUID();
    for (let i = 0; i < 5; i++) await record(owner.businessId, { customer_id: c, body: `message ${i}`, created_at: new Date(Date.UTC(2026, 0, 1, 9, i)) });
    const first = await history(owner, `customer_id=${c}&per_page=2`).expect(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, per_page: 2, last_page: 3 });
    expect(first.body.data.map((m: { body: string }) => m.body)).toEqual(['message 4', 'message 3']);
    const last = await history(owner, `customer_id=${c}&per_page=2&page=3`).expect(200);
    expect(last.body.data.map((m: { body: string }) => m.body)).toEqual(['message 0']);
  });

  it('asks for exactly one of customer_id, ticket_id and booking_id, each an id, and a well-formed page', async () => {
    const id = randomUUID();
    for (const query of ['', `customer_id=${id}&ticket_id=${id}`, `ticket_id=${id}&booking_id=${id}`, 'customer_id=']) {
      const res = await history(owner, query);
      expect(res.status).toBe(422);
      expect(res.body.errors.customer_id).toEqual(['Give exactly one of customer_id, ticket_id or booking_id']);
    }
    for (const field of ['customer_id', 'ticket_id', 'booking_id']) {
      const res = await history(owner, `${field}=not-an-id`);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await history(owner, `ticket_id=${id}&page=0`)).status).toBe(400);
    expect((await history(owner, `ticket_id=${id}&per_page=5000`)).status).toBe(400);
  });

  it("lets only those who may read customers list a customer's messages", async () => {
    const c = randomUUID();
    await record(owner.businessId, { customer_id: c });
    expect((await history(frontDesk, `customer_id=${c}`)).status).toBe(403);
    const manager = await newMember(t, owner, 'Manager');
    expect((await history(manager, `customer_id=${c}`).expect(200)).body.total).toBe(1);
    expect((await t.http().get(`/business/notification/messages?customer_id=${c}`)).status).toBe(401);
  });

  it("never shows another business's messages, whichever id is asked for", async () => {
    const ids = { customer_id: randomUUID(), ticket_id: randomUUID(), booking_id: randomUUID() };
    await record(owner.businessId, ids);
    for (const [field, id] of Object.entries(ids)) {
      expect((await history(owner, `${field}=${id}`).expect(200)).body.total).toBe(1);
      const theirs = await history(other, `${field}=${id}`).expect(200);
      expect(theirs.body).toMatchObject({ data: [], total: 0 });
    }
  });
});
