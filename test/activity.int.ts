import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import type { ActivityItem } from '@tabour/contracts';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';

/** GET /business/activity: the log as sentences, a record's timeline, its state at a moment, the export. */
describe('the activity log', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff;
  let other: Staff;
  let departmentId: string;
  let queue: Awaited<ReturnType<typeof newQueue>>;
  let walkIn: Awaited<ReturnType<typeof pushTicket>>;
  let registered: Awaited<ReturnType<typeof pushTicket>>;
  let customerId: string;
  let bookingId: string;
  let beforeCall: string;

  const log = async (by: Staff, query = '') => {
    const res = await t.http().get(`/business/activity?pagination=off&${query}`).set(by.h);
    if (res.status !== 200) throw new Error(`activity answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data as ActivityItem[];
  };
  const one = (items: ActivityItem[], type: string) => {
    const found = items.filter((i) => i.type === type);
    expect([type, found.length]).toEqual([type, 1]);
    return found[0];
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, departmentId } = await bookableBusiness(t, 'Activity Clinic'));
    agent = await newMember(t, owner, 'Employee');
    other = await newBusiness(t, 'Other Clinic');
    queue = await newQueue(t, owner, { name: 'Reception' }, ['Desk 1']);
    customerId = (
      await expectOk(
        await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Amira', last_name: 'Haddad', phone: '+21671000000' }),
        201,
      )
    ).id;
    walkIn = await pushTicket(t, owner, queue.id, { customer_name: 'Walk Inn' });
    registered = await pushTicket(t, owner, queue.id, { customer_id: customerId });
    await expectOk(await t.http().post(`/business/queue/${queue.id}/ticket/${walkIn.id}/notes`).set(owner.h).send({ note: 'allergic to latex' }), 200);
    await new Promise((r) => setTimeout(r, 20));
    beforeCall = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await openCounter(t, agent, queue.id, queue.counters[0].id);
    await expectOk(await t.http().post(`/business/queue/${queue.id}/call`).set(agent.h).send({ counter_id: queue.counters[0].id }), 200);
    const booking = await expectOk(
      await t
        .http()
        .put('/business/booking/create')
        .set(owner.h)
        .send({ department_id: departmentId, starts_at: at(dayAhead(3), '09:30'), customer_id: customerId, remarks: 'bring the x-ray' }),
      201,
    );
    bookingId = booking.id;
  });
  afterAll(() => t.close());

  it('words each family of events as a sentence key with its records named', async () => {
    const items = await log(owner);
    const pushed = one(await log(owner, `record_id=${walkIn.id}&type=TicketPushed`), 'TicketPushed');
    expect(pushed.sentence).toEqual({
      key: 'TicketPushed',
      params: expect.objectContaining({ actor: 'Owner Person', ticket: walkIn.label, queue: 'Reception', customer: 'Walk Inn', rank: 1 }),
    });
    expect(pushed.record).toMatchObject({ kind: 'ticket', id: walkIn.id, label: walkIn.label, stream_id: `queue-${queue.id}` });
    expect(pushed.actor).toEqual({ kind: 'staff', id: owner.userId, name: 'Owner Person', via: null });

    const called = one(items, 'TicketCalled');
    expect(called.sentence.params).toMatchObject({ actor: 'Team Employee', ticket: walkIn.label, counter: 'Desk 1', queue: 'Reception' });
    expect(one(items, 'CounterOpened').record).toMatchObject({ kind: 'counter', label: 'Desk 1' });
    expect(one(items, 'TicketNoteAdded').sentence.params).toMatchObject({ ticket: walkIn.label, text: 'allergic to latex' });
    // The booking's time in the business's zone (Paris), whatever the server's.
    expect(one(items, 'BookingCreated')).toMatchObject({
      record: { kind: 'booking', id: bookingId, label: `${dayAhead(3)} 09:30` },
      sentence: { key: 'BookingCreated', params: expect.objectContaining({ customer: 'Amira Haddad', time: `${dayAhead(3)} 09:30` }) },
    });
    expect(one(items, 'CustomerRegistered')).toMatchObject({ record: { kind: 'customer', label: 'Amira Haddad' }, personal: 'shown' });
    expect(one(items, 'DepartmentCreated')).toMatchObject({ record: { kind: 'department', label: 'Dental' }, sentence: { key: 'DepartmentCreated' } });
    // An event without a sentence of its own reads as the generic one, naming its type.
    const generic = items.find((i) => i.sentence.key === 'generic');
    expect(generic?.sentence.params.event).toBe(generic?.type);
    // Nothing sealed reaches the screen.
    expect(JSON.stringify(items)).not.toMatch(/"pii"|v1\./);
  });

  it('shows personal data to ADMIN and MANAGER only: an employee reads the sentence without names or notes', async () => {
    const items = await log(agent);
    const pushed = items.find((i) => i.type === 'TicketPushed' && i.record.id === walkIn.id)!;
    expect(pushed.sentence.params).toMatchObject({ ticket: walkIn.label, customer: null });
    expect(pushed.personal).toBe('hidden');
    expect(one(items, 'TicketNoteAdded').sentence.params.text).toBeNull();
    expect(one(items, 'CustomerRegistered')).toMatchObject({ record: { kind: 'customer', label: null }, personal: 'hidden' });
    expect(one(items, 'BookingCreated').sentence.params.customer).toBeNull();
    const text = JSON.stringify(items);
    for (const secret of ['Walk Inn', 'Amira', 'Haddad', 'latex', '+21671000000', 'x-ray']) expect([secret, text.includes(secret)]).toEqual([secret, false]);
    // The record's own names stay: they are not personal.
    expect(text).toContain('Reception');
    expect(text).toContain('Desk 1');
  });

  it("filters by record (a ticket's whole timeline, a customer's), actor, event type and dates", async () => {
    const ticket = await log(owner, `record_id=${walkIn.id}`);
    expect(ticket.map((i) => i.type).reverse()).toEqual(['TicketPushed', 'TicketNoteAdded', 'TicketCalled']);
    const customer = await log(owner, `record_id=${customerId}`);
    expect(new Set(customer.map((i) => i.type))).toEqual(new Set(['CustomerRegistered', 'TicketPushed', 'BookingCreated']));
    const byAgent = await log(owner, `actor_id=${agent.userId}`);
    expect(byAgent.map((i) => i.type).sort()).toEqual(['CounterOpened', 'TicketCalled']);
    expect((await log(owner, 'actor_kind=staff')).length).toBeGreaterThan(5);
    expect(await log(owner, 'actor_kind=kiosk')).toEqual([]);
    expect((await log(owner, 'type=TicketCalled,CounterOpened')).map((i) => i.type).sort()).toEqual(['CounterOpened', 'TicketCalled']);
    const later = await log(owner, `from=${encodeURIComponent(beforeCall)}`);
    expect(later.map((i) => i.type)).toEqual(expect.arrayContaining(['TicketCalled', 'BookingCreated']));
    expect(later.map((i) => i.type)).not.toContain('TicketPushed');
    // A bare date is the whole day in the business's zone: today's events are in "to today".
    const today = DateTime.now().setZone('Europe/Paris').toISODate();
    expect((await log(owner, `from=${today}&to=${today}`)).length).toBe((await log(owner)).length);
    expect(await log(owner, `to=${DateTime.now().setZone('Europe/Paris').minus({ days: 1 }).toISODate()}`)).toEqual([]);
    for (const bad of ['from=yesterday', 'record_id=abc', 'actor_kind=robot', 'type=Ticket%20Called', `from=${encodeURIComponent(beforeCall)}&to=2000-01-01`])
      expect([bad, (await t.http().get(`/business/activity?${bad}`).set(owner.h)).status]).toEqual([bad, 422]);
  });

  it('folds a record to its state at a chosen moment', async () => {
    const past = await expectOk(
      await t
        .http()
        .get(`/business/activity/state?record_id=${walkIn.id}&at=${encodeURIComponent(beforeCall)}`)
        .set(owner.h),
      200,
    );
    expect(past).toMatchObject({
      exists: true,
      record: { kind: 'ticket', label: walkIn.label },
      fields: { status: 'waiting', rank: 1, counter: null, customer_name: 'Walk Inn' },
    });
    const now = await expectOk(await t.http().get(`/business/activity/state?record_id=${walkIn.id}`).set(owner.h), 200);
    expect(now.fields).toMatchObject({ status: 'in_service', counter: 'Desk 1', rank: null });
    expect(now.events).toBeGreaterThan(past.events);
    const booking = await expectOk(await t.http().get(`/business/activity/state?record_id=${bookingId}`).set(agent.h), 200);
    expect(booking).toMatchObject({ exists: true, fields: { starts_at: `${dayAhead(3)} 09:30`, remarks: null } });
    const early = await expectOk(await t.http().get(`/business/activity/state?record_id=${bookingId}&at=2000-01-01T00:00:00Z`).set(owner.h), 200);
    expect(early).toMatchObject({ exists: false, events: 0 });
    expect((await t.http().get('/business/activity/state?record_id=nope').set(owner.h)).status).toBe(422);
  });

  it('exports the filtered log as CSV and XLSX', async () => {
    const csv = await t.http().get(`/business/activity/export?format=csv&record_id=${walkIn.id}`).set(owner.h).buffer(true);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('position,recorded_at,local_time,actor_kind,actor,via,event,record_kind,record_id,record,customer,details');
    expect(lines.slice(1).map((l) => l.split(',')[6])).toEqual(['TicketCalled', 'TicketNoteAdded', 'TicketPushed']);
    expect(csv.text).toContain(walkIn.label);
    const xlsx = await t
      .http()
      .get(`/business/activity/export?format=xlsx&record_id=${walkIn.id}`)
      .set(agent.h)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(XLSX.read(xlsx.body as Buffer).Sheets.Activity);
    expect(rows.map((r) => r.event)).toEqual(['TicketCalled', 'TicketNoteAdded', 'TicketPushed']);
    expect(JSON.stringify(rows)).not.toContain('Walk Inn');
    expect((await t.http().get('/business/activity/export?format=pdf').set(owner.h)).status).toBe(422);
  });

  it('never lists another business’s records', async () => {
    expect(await log(other, `record_id=${walkIn.id}`)).toEqual([]);
    expect(await log(other, `stream_id=queue-${queue.id}`)).toEqual([]);
    const theirs = await log(other);
    expect(theirs.length).toBeGreaterThan(0);
    expect(JSON.stringify(theirs)).not.toMatch(new RegExp(`${queue.id}|${customerId}|Reception|Activity Clinic`));
    expect((await t.http().get(`/business/activity/state?record_id=${walkIn.id}`).set(other.h)).status).toBe(404);
    const csv = await t.http().get(`/business/activity/export?record_id=${walkIn.id}`).set(other.h).buffer(true);
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  });

  it('names no one once erased: the sentences and the raw event read as erased', async () => {
    await expectOk(await t.http().delete(`/business/customer/${customerId}/delete`).set(owner.h), 200);
    const items = await log(owner, `record_id=${customerId}`);
    const registeredEvent = one(items, 'CustomerRegistered');
    expect(registeredEvent).toMatchObject({ personal: 'erased', record: { label: null } });
    const pushed = items.find((i) => i.type === 'TicketPushed' && i.record.id === registered.id)!;
    expect(pushed.sentence.params.customer).toBeNull();
    expect(one(items, 'BookingCreated')).toMatchObject({ personal: 'erased', sentence: { params: expect.objectContaining({ customer: null }) } });
    expect(one(items, 'CustomerErased').sentence.params.customer).toBeNull();
    const text = JSON.stringify(items);
    for (const secret of ['Amira', 'Haddad', '+21671000000', 'x-ray']) expect([secret, text.includes(secret)]).toEqual([secret, false]);
  });

  it('keeps a ticket that left the list in its state: how and when it left', async () => {
    await expectOk(await t.http().post(`/business/queue/${queue.id}/end/${walkIn.id}`).set(agent.h), 200);
    const state = await expectOk(await t.http().get(`/business/activity/state?record_id=${walkIn.id}`).set(owner.h), 200);
    expect(state).toMatchObject({ exists: true, record: { label: walkIn.label }, fields: { status: 'ended', customer_name: 'Walk Inn' } });
    expect(state.fields.left_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const hidden = await expectOk(await t.http().get(`/business/activity/state?record_id=${walkIn.id}`).set(agent.h), 200);
    expect(hidden.fields).toMatchObject({ status: 'ended', customer_name: null });
  });

  it("words the customer's feedback from the ticket's link, its text for ADMIN and MANAGER only", async () => {
    await expectOk(await t.http().put(`/user/queue/uid/${walkIn.uid}/feedback`).send({ stars: 4, text: 'kind staff' }), 200);
    const [given] = await log(owner, `record_id=${walkIn.id}&type=TicketFeedbackGiven`);
    expect(given).toMatchObject({
      actor: { kind: 'customer_link', name: null },
      record: { kind: 'ticket', label: walkIn.label },
      sentence: { key: 'TicketFeedbackGiven', params: expect.objectContaining({ ticket: walkIn.label, customer: 'Walk Inn', stars: 4, text: 'kind staff' }) },
    });
    const [seen] = await log(agent, `record_id=${walkIn.id}&type=TicketFeedbackGiven`);
    expect(seen.sentence.params).toMatchObject({ stars: 4, text: null, customer: null });
    expect(JSON.stringify(seen)).not.toContain('kind staff');
  });
});
