import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { sql } from 'kysely';
import { rebuildProjection, type RecordedEvent } from '@tabour/eventstore';
import { BOOKING_PROJECTIONS, bookingPersonalData, bookingRequestsProjection } from '@tabour/bookings';
import { CUSTOMER_PROJECTIONS } from '@tabour/customers';
import { openRecorded } from '@tabour/privacy';
import { QUEUE_PROJECTIONS, queuePersonalData, queueRequestProjection } from '@tabour/queues';
import { up as sealLegacyQueueText } from '../migrations/20261124130500_seal_queue_event_text';
import { up as sealLegacyBookingText } from '../migrations/20261125130000_seal_booking_event_text';
import { QueueSealing } from '../apps/api/src/queues/sealing';
import { QueueRunner, SNAPSHOT_VERSION } from '../apps/api/src/queues/runner';
import { decodeSnapshot, SnapshotStore } from '../apps/api/src/queues/snapshots';
import { HistoryJobRunner } from '../apps/api/src/customers/history-job';
import { MESSAGES_SUBSCRIPTION } from '../apps/api/src/notifications/reactor';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';
import { caughtUp, waitFor } from './eventstore-support';
import { createTestApp, TestApp } from './support/app';
import { login, STRONG_PASSWORD } from './support/fixtures';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';

/** Every text, varchar and jsonb column of every table, and the rows whose value holds `needle`. */
async function tracesOf(t: TestApp, needle: string): Promise<string[]> {
  const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
    SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')`.execute(t.database.db);
  expect(columns.rows.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const c of columns.rows) {
    const res = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(`${c.table_schema}.${c.table_name}`)}
      WHERE lower(${sql.ref(c.column_name)}::text) LIKE ${'%' + needle.toLowerCase() + '%'}`.execute(t.database.db);
    if (res.rows[0].n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  // Snapshots are stored deflated: their text is searched as the runner reads it.
  const snapshots = await sql<{ body: Buffer }>`SELECT body FROM stream_snapshots`.execute(t.database.db);
  for (const s of snapshots.rows) {
    if (
      JSON.stringify(await decodeSnapshot(s.body))
        .toLowerCase()
        .includes(needle.toLowerCase())
    ) {
      found.push('stream_snapshots.body');
      break;
    }
  }
  return found;
}

describe('customers: personal data is erasable', () => {
  let t: TestApp;
  let owner: Staff;
  const dataDir = `/tmp/${process.env.TABOUR_TEST_RUN}-data`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Erasure Clinic');
  });
  afterAll(() => t.close());

  /** A customer whose name, e-mail, phone, notes and attachment name all carry `marker`. */
  async function markedCustomer(marker: string, phoneDigits: string) {
    const res = await t
      .http()
      .put('/business/customer/create')
      .set(owner.h)
      .send({
        first_name: `First${marker}`,
        last_name: `Last${marker}`,
        email: `${marker}@example.test`,
        phone: `+216${phoneDigits}`,
        address: `${marker} street`,
        internal_id: `IID${marker}`,
        additional_data: { note: marker },
      });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(
      (
        await t
          .http()
          .post(`/business/customer/${id}/update`)
          .set(owner.h)
          .send({ notes: `notes ${marker}`, last_name: `Later${marker}` })
      ).status,
    ).toBe(200);
    expect((await t.http().put(`/business/customer/book/VIP/add/${id}`).set(owner.h)).status).toBe(200);
    const file = await t
      .http()
      .post('/business/customer/attachments/add')
      .set(owner.h)
      .field('customer_id', id)
      .attach('file', Buffer.from(`letter for ${marker}\n`), `${marker}.txt`);
    expect(file.status).toBe(201);
    return id as string;
  }

  it('keeps personal data out of the event log, then leaves no trace of an erased customer in any table', async () => {
    const marker = 'zq7erasemarker';
    const phone = '20987123';
    const id = await markedCustomer(marker, phone);

    // The read model holds the data; the log holds it only sealed.
    const before = await tracesOf(t, marker);
    expect(before).toEqual(expect.arrayContaining(['customers.first_name', 'customers.email', 'customer_attachments.file_name']));
    expect(before.filter((c) => c.startsWith('es_'))).toEqual([]);
    expect(await tracesOf(t, phone)).toEqual(expect.arrayContaining(['customers.phone']));
    const folder = path.join(dataDir, 'attachments', owner.businessId);
    expect(readdirSync(folder).length).toBeGreaterThan(0);

    const res = await t.http().delete(`/business/customer/${id}/delete`).set(owner.h);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id });

    expect(await tracesOf(t, marker)).toEqual([]);
    expect(await tracesOf(t, phone)).toEqual([]);
    expect(await tracesOf(t, id.slice(0, 8)).then((cols) => cols.includes('es_events.stream_id'))).toBe(true); // the fact of the erasure stays
    expect(readdirSync(folder)).toEqual([]);
    expect((await t.http().get(`/business/customer/${id}`).set(owner.h)).status).toBe(404);
    expect((await t.http().post(`/business/customer/${id}/update`).set(owner.h).send({ notes: 'x' })).status).toBe(404);
    expect((await t.http().get(`/business/customer/filter/${marker}`).set(owner.h)).body.total).toBe(0);
    const keys = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer_keys WHERE customer_id = ${id}`.execute(t.database.db);
    expect(keys.rows[0].n).toBe(0);
  });

  it('deletes the whole history of the business on request', async () => {
    const marker = 'zq7historymarker';
    await markedCustomer(marker, '20987124');
    await markedCustomer(`${marker}b`, '20987125');
    const other = await newBusiness(t, 'Bystander Clinic');
    const kept = await t
      .http()
      .put('/business/customer/create')
      .set(other.h)
      .send({ first_name: `Kept${marker}` });
    expect(kept.status).toBe(201);

    const res = await t.http().delete('/business/history/delete').set(owner.h);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ customers_erased: 2 });
    expect(await tracesOf(t, marker)).toEqual(['customers.first_name', 'customers.search']);
    expect((await t.http().get('/business/customer').set(owner.h)).body.total).toBe(0);
    expect((await t.http().get('/business/customer').set(other.h)).body.total).toBe(1);
  });

  it('runs the daily deletion from a stored schedule, once even when two runners race', async () => {
    const settings = await t.http().post('/business/privacy/update').set(owner.h).send({ delete_history_daily: true });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ delete_history_daily: true, hide_customer_names: true });
    expect(new Date(settings.body.next_history_deletion_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    await markedCustomer('zq7schedulemarker', '20987126');

    const runner = t.app.get(HistoryJobRunner);
    expect(await runner.runDue()).toBe(0); // not due yet
    await sql`UPDATE scheduled_jobs SET next_run_at = now() - interval '1 minute' WHERE tenant_id = ${owner.businessId}`.execute(t.database.db);
    const runs = await Promise.all([runner.runDue(), runner.runDue()]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await tracesOf(t, 'zq7schedulemarker')).toEqual([]);
    const job = await sql<{ runs: number; next_run_at: Date }>`SELECT runs, next_run_at FROM scheduled_jobs WHERE tenant_id = ${owner.businessId}`.execute(
      t.database.db,
    );
    expect(job.rows[0].runs).toBe(1);
    expect(job.rows[0].next_run_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);

    const off = await t.http().post('/business/privacy/update').set(owner.h).send({ delete_history_daily: false });
    expect(off.body).toMatchObject({ delete_history_daily: false, next_history_deletion_at: null });
    expect((await t.http().post('/business/privacy/update').set(owner.h).send({ delete_history_daily: 'yes' })).status).toBe(422);
  });

  it('publishes the business through the organisation context', async () => {
    const res = await t.http().post('/business/publish/update').set(owner.h).send({ published: true });
    expect(res.status).toBe(200);
    expect(res.body.published).toBe(true);
    expect((await t.http().get('/business/info').set(owner.h)).body.published).toBe(true);
    expect((await t.http().get('/business/privacy').set(owner.h)).body.published).toBe(true);
  });

  it('rebuilds the read models from the log to the same rows, erased customers staying erased', async () => {
    const shop = await newBusiness(t, 'Rebuild Clinic');
    const ids: string[] = [];
    for (const name of ['Rania', 'Karim', 'Hédi']) {
      const r = await t
        .http()
        .put('/business/customer/create')
        .set(shop.h)
        .send({ first_name: name, phone: `+2162055${ids.length}000`, additional_data: { n: ids.length } });
      ids.push(r.body.id);
    }
    await t.http().post(`/business/customer/${ids[0]}/update`).set(shop.h).send({ last_name: 'Updated', email: 'rania@example.test' }).expect(200);
    await t.http().put(`/business/customer/book/BLACKLISTED/add/${ids[1]}`).set(shop.h).expect(200);
    await t
      .http()
      .post('/business/customer/attachments/add')
      .set(shop.h)
      .field('customer_id', ids[1])
      .attach('file', Buffer.from('kept\n'), 'kept.txt')
      .expect(201);
    await t.http().delete(`/business/customer/${ids[2]}/delete`).set(shop.h).expect(200);
    await t.http().post('/business/privacy/update').set(shop.h).send({ hide_customer_names: false }).expect(200);

    const snapshot = async () => ({
      customers: (await sql<{ tenant_id: string }>`SELECT * FROM customers ORDER BY id`.execute(t.database.db)).rows,
      attachments: (await sql`SELECT * FROM customer_attachments ORDER BY id`.execute(t.database.db)).rows,
      privacy: (await sql`SELECT * FROM business_privacy ORDER BY tenant_id`.execute(t.database.db)).rows,
    });
    const live = await snapshot();
    expect(live.customers.filter((c) => c.tenant_id === shop.businessId)).toHaveLength(2);
    for (const projection of CUSTOMER_PROJECTIONS) await rebuildProjection(t.database.db, { kind: 'inline', projection });
    expect(await snapshot()).toEqual(live);
  });

  it('deletes the account for an ADMIN only: customers erased, every login and session ended', async () => {
    const shop = await newBusiness(t, 'Closing Clinic');
    const manager = await newMember(t, shop, 'Manager');
    await t.http().put('/business/customer/create').set(shop.h).send({ first_name: 'zq7closingmarker', phone: '+21620987127' }).expect(201);
    await t.http().post('/business/privacy/update').set(shop.h).send({ delete_history_daily: true }).expect(200);
    expect((await t.http().get('/business/privacy').set(manager.h)).status).toBe(403);
    expect((await t.http().delete('/business/delete').set(manager.h)).status).toBe(403);

    const res = await t.http().delete('/business/delete').set(shop.h).send({ password: STRONG_PASSWORD, confirmation: 'Closing Clinic' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, customers_erased: 1, logins_removed: 2 });
    expect((await t.http().get('/business/customer').set(shop.h)).status).toBe(401);
    expect((await t.http().get('/business/users').set(manager.h)).status).toBe(401);
    await expect(login(t, shop.email, STRONG_PASSWORD)).rejects.toThrow(/401/);
    expect(await tracesOf(t, 'zq7closingmarker')).toEqual([]);
    const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scheduled_jobs WHERE tenant_id = ${shop.businessId}`.execute(t.database.db);
    expect(jobs.rows[0].n).toBe(0);
  });

  it('seals walk-in names, notes, feedback and queue requests in the log, and erasure and the history deletion reach them', async () => {
    const shop = await newBusiness(t, 'Queue Erasure Clinic');
    const agent = await newMember(t, shop, 'Front Desk');
    const db = t.database.db;
    const [walkIn, registered, requested] = ['zq7walkinmarker', 'zq7registeredmarker', 'zq7requestmarker'];
    const q = await newQueue(t, shop);
    const counter = q.counters[0].id;

    // A walk-in with a name, a note and feedback; a registered customer's ticket with a note;
    // a request approved (its ticket is pushed under the typed name) and one declined.
    const a = await pushTicket(t, shop, q.id, { customer_name: `Walk ${walkIn}` });
    await t
      .http()
      .post(`/business/queue/${q.id}/ticket/${a.id}/notes`)
      .set(shop.h)
      .send({ note: `allergy ${walkIn}` })
      .expect(200);
    const customer = await t.http().put('/business/customer/create').set(shop.h).send({ first_name: 'Registered', phone: '+21620987130' });
    const c = await pushTicket(t, shop, q.id, { customer_id: customer.body.id });
    await t
      .http()
      .post(`/business/queue/${q.id}/ticket/${c.id}/notes`)
      .set(shop.h)
      .send({ note: `history ${registered}` })
      .expect(200);
    const join = (body: Record<string, unknown>, from: string) => t.http().put(`/user/queue/${q.id}/request`).set('X-Forwarded-For', from).send(body);
    expect((await join({ name: `Req ${requested}`, phone: '+21620987131', note: `wheelchair ${requested}` }, '203.0.113.201')).status).toBe(201);
    expect((await join({ name: `Declined ${requested}`, phone: '+21620987132', note: `late ${requested}` }, '203.0.113.202')).status).toBe(201);
    const listed = (await t.http().get(`/business/queue/${q.id}/requests?pagination=off`).set(shop.h)).body.data as { id: string; name: string }[];
    const approve = listed.find((r) => r.name.startsWith('Req'))!;
    const decline = listed.find((r) => r.name.startsWith('Declined'))!;
    await t
      .http()
      .post(`/business/queue/${q.id}/request/${approve.id}/update`)
      .set(shop.h)
      .send({ note: `corrected ${requested}` })
      .expect(200);
    const approved = await t.http().post(`/business/queue/${q.id}/request/${approve.id}/approve`).set(shop.h).expect(200);
    await t.http().post(`/business/queue/${q.id}/request/${decline.id}/decline`).set(shop.h).send({}).expect(200);

    // The read models and the activity log show the text; the log and a snapshot hold it only sealed.
    const stored = await tracesOf(t, walkIn);
    expect(stored).toEqual(expect.arrayContaining(['queue_tickets.customer_name', 'queue_tickets.notes']));
    expect(await tracesOf(t, requested)).toEqual(expect.arrayContaining(['queue_requests.name', 'queue_requests.note', 'queue_tickets.customer_name']));
    expect(await tracesOf(t, '20987131')).toEqual(['queue_requests.phone']);
    const activity = await t.http().get(`/business/activity?category=queue&pagination=off`).set(shop.h).expect(200);
    expect(JSON.stringify(activity.body.data)).toContain(`Walk ${walkIn}`);
    const runner = t.app.get(QueueRunner);
    const sealedState = await t.app.get(QueueSealing).sealState(await runner.state(q.id));
    const loaded = await runner.load(q.id);
    await t.app.get(SnapshotStore).write(`queue-${q.id}`, 'queue', SNAPSHOT_VERSION, { state: sealedState, revision: loaded.revision! });
    runner.forget(q.id);
    expect((await runner.load(q.id)).state.tickets.get(a.id)?.customer_name).toBe(`Walk ${walkIn}`);

    // Everyone is served and leaves the live list; the walk-in gives feedback.
    await openCounter(t, agent, q.id, counter);
    for (let i = 0; i < 3; i++) await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: counter }).expect(200);
    await t.http().post(`/business/queue/${q.id}/end/${approved.body.ticket.id}`).set(agent.h).expect(200);
    await t
      .http()
      .put(`/user/queue/uid/${a.uid}/feedback`)
      .send({ stars: 3, text: `slow ${walkIn}` })
      .expect(200);
    expect(await tracesOf(t, walkIn)).toEqual(expect.arrayContaining(['queue_tickets.feedback_text']));
    for (const m of [walkIn, registered, requested]) expect((await tracesOf(t, m)).filter((c) => c.startsWith('es_') || c.startsWith('stream_'))).toEqual([]);

    // Erasing the customer reaches their ticket's note; the walk-in's text stays until the history goes.
    await t.http().delete(`/business/customer/${customer.body.id}/delete`).set(shop.h).expect(200);
    expect(await tracesOf(t, registered)).toEqual([]);
    expect(await tracesOf(t, walkIn)).toEqual(expect.arrayContaining(['queue_tickets.customer_name']));
    await t.http().delete('/business/history/delete').set(shop.h).expect(200);
    for (const m of [walkIn, registered, requested, '20987131', '20987132']) expect([m, await tracesOf(t, m)]).toEqual([m, []]);
    const keys = await sql<{ live: number; destroyed: number }>`SELECT count(data_key)::int AS live, count(*) FILTER (WHERE data_key IS NULL)::int AS destroyed
      FROM queue_pii_keys WHERE tenant_id = ${shop.businessId}`.execute(db);
    expect(keys.rows[0]).toEqual({ live: 0, destroyed: 5 });

    // The snapshot's name no longer opens, and the read models rebuild to the very rows left live.
    runner.forget(q.id);
    expect((await runner.load(q.id)).state.tickets.size).toBe(0);
    const rows = async () => ({
      tickets: (await sql<{ id: string; tenant_id: string }>`SELECT * FROM queue_tickets ORDER BY id`.execute(db)).rows,
      requests: (await sql`SELECT * FROM queue_requests ORDER BY id`.execute(db)).rows,
    });
    const live = await rows();
    expect(live.tickets.filter((r) => r.tenant_id === shop.businessId)).toHaveLength(3);
    expect(live.tickets.find((r) => r.id === a.id)).toMatchObject({
      customer_name: null,
      feedback_text: null,
      feedback_stars: 3,
      notes: [expect.objectContaining({ text: '' })],
    });
    for (const projection of [...QUEUE_PROJECTIONS, queueRequestProjection]) await rebuildProjection(db, { kind: 'inline', projection });
    expect(await rows()).toEqual(live);
    for (const m of [walkIn, registered, requested]) expect(await tracesOf(t, m)).toEqual([]);
  });

  it('seals the queue text of events written before sealing, so that erasure reaches them too', async () => {
    const shop = await newBusiness(t, 'Legacy Queue Clinic');
    const db = t.database.db;
    const marker = 'zq7legacymarker';
    const q = await newQueue(t, shop);
    const a = await pushTicket(t, shop, q.id, { customer_name: `Old ${marker}` });
    await t
      .http()
      .post(`/business/queue/${q.id}/ticket/${a.id}/notes`)
      .set(shop.h)
      .send({ note: `old note ${marker}` })
      .expect(200);
    // The log as an older version wrote it: the text in plain form, no key.
    const events =
      await sql<RecordedEvent>`SELECT position, event_type AS type, data, tenant_id AS "tenantId" FROM es_events WHERE stream_id = ${`queue-${q.id}`}`.execute(
        db,
      );
    for (const o of await openRecorded(db, queuePersonalData, events.rows)) {
      await sql`UPDATE es_events SET data = ${JSON.stringify(o.event.data)}::jsonb WHERE position = ${o.event.position}`.execute(db);
    }
    await sql`DELETE FROM queue_pii_keys WHERE tenant_id = ${shop.businessId}`.execute(db);
    expect(await tracesOf(t, marker)).toEqual(expect.arrayContaining(['es_events.data']));

    await sealLegacyQueueText(db);
    await sealLegacyQueueText(db); // a second run finds nothing left to seal
    expect((await tracesOf(t, marker)).filter((c) => c.startsWith('es_'))).toEqual([]);
    const runner = t.app.get(QueueRunner);
    runner.forget(q.id);
    expect((await runner.load(q.id)).state.tickets.get(a.id)?.customer_name).toBe(`Old ${marker}`);
    const row = async () => (await sql`SELECT * FROM queue_tickets WHERE id = ${a.id}`.execute(db)).rows;
    const live = await row();
    await rebuildProjection(db, { kind: 'inline', projection: QUEUE_PROJECTIONS[0] });
    expect(await row()).toEqual(live);

    // Ended and then the history deleted: the old text is gone from the log's reach as well.
    const counter = q.counters[0].id;
    await openCounter(t, shop, q.id, counter);
    await t.http().post(`/business/queue/${q.id}/call`).set(shop.h).send({ counter_id: counter }).expect(200);
    await t.http().post(`/business/queue/${q.id}/end/${a.id}`).set(shop.h).expect(200);
    await t.http().delete('/business/history/delete').set(shop.h).expect(200);
    expect(await tracesOf(t, marker)).toEqual([]);
    await rebuildProjection(db, { kind: 'inline', projection: QUEUE_PROJECTIONS[0] });
    expect(await tracesOf(t, marker)).toEqual([]);
  });

  it('seals booking and booking-request text in the log, and erasure and the history deletion reach them', async () => {
    const { owner: desk, departmentId } = await bookableBusiness(t, 'Booking Erasure Clinic');
    const db = t.database.db;
    const [erased, declined] = ['zq7bookingmarker', 'zq7bookreqmarker'];
    const field = (
      await expectOk(
        await t
          .http()
          .put('/business/forms/create')
          .set(desk.h)
          .send({ names: { en: 'Reason' } }),
        201,
      )
    ).id as string;
    const customer = (await expectOk(await t.http().put('/business/customer/create').set(desk.h).send({ first_name: 'Booked', phone: '+21620987150' }), 201))
      .id;
    const day = dayAhead(2);
    const personal = (m: string, phone: string) => ({
      phone_number: phone,
      remarks: `pain ${m}`,
      additional_data: { [field]: `answer ${m}` },
      location: { lat: 36.8, lng: 10.1 },
    });
    const book = (time: string, body: Record<string, unknown>) =>
      t
        .http()
        .put('/business/booking/create')
        .set(desk.h)
        .send({ department_id: departmentId, starts_at: at(day, time), ...body });

    // A desk booking of the customer, later edited; then online bookings awaiting the business:
    // one of the customer's, approved, and one without a customer, declined.
    const booked = await expectOk(await book('09:00', { customer_id: customer, ...personal(erased, '+21620987151') }), 201);
    await expectOk(
      await t
        .http()
        .post(`/business/booking/${booked.id}/update`)
        .set(desk.h)
        .send({ remarks: `still ${erased}` }),
      200,
    );
    await expectOk(await t.http().post('/business/update').set(desk.h).send({ booking_confirmation: true }), 200);
    const asked = await expectOk(await book('10:00', { customer_id: customer, is_online: true, ...personal(erased, '+21620987152') }), 202);
    await expectOk(await t.http().post(`/business/booking/request/${asked.id}/approve`).set(desk.h).send({}), 200);
    const refused = await expectOk(await book('11:00', { is_online: true, ...personal(declined, '+21620987153') }), 202);
    await expectOk(await t.http().delete(`/business/booking/request/${refused.id}/decline`).set(desk.h).send({}), 200);

    // The read rows show the text (and the confirmation's address, once the messages reactor
    // has handled the bookings); the log holds it only sealed.
    await waitFor(() => caughtUp(db, MESSAGES_SUBSCRIPTION), 'the messages reactor');
    expect(await tracesOf(t, erased)).toEqual(expect.arrayContaining(['bookings.remarks', 'bookings.additional_data', 'booking_requests.data']));
    expect(await tracesOf(t, '20987151')).toEqual(['bookings.phone_number', 'notification_messages.recipient']);
    expect(await tracesOf(t, declined)).toEqual(['booking_requests.data']);
    for (const m of [erased, declined, '20987151', '20987152', '20987153']) expect((await tracesOf(t, m)).filter((c) => c.startsWith('es_'))).toEqual([]);

    // Erasing the customer reaches their bookings and request; the declined request's text stays until the history goes.
    await t.http().delete(`/business/customer/${customer}/delete`).set(desk.h).expect(200);
    for (const m of [erased, '20987151', '20987152']) expect([m, await tracesOf(t, m)]).toEqual([m, []]);
    expect(await tracesOf(t, declined)).toEqual(['booking_requests.data']);
    await t.http().delete('/business/history/delete').set(desk.h).expect(200);
    for (const m of [declined, '20987153']) expect([m, await tracesOf(t, m)]).toEqual([m, []]);
    const keys = await sql<{ live: number; destroyed: number }>`SELECT count(data_key)::int AS live, count(*) FILTER (WHERE data_key IS NULL)::int AS destroyed
      FROM queue_pii_keys WHERE tenant_id = ${desk.businessId}`.execute(db);
    expect(keys.rows[0]).toEqual({ live: 0, destroyed: 3 });

    // The bookings' and requests' rows rebuild from the log to the very rows left live.
    const rows = async () => ({
      bookings: (await sql`SELECT * FROM bookings ORDER BY id`.execute(db)).rows,
      requests: (await sql`SELECT * FROM booking_requests ORDER BY id`.execute(db)).rows,
    });
    const live = await rows();
    expect(live.bookings.find((r) => (r as { id: string }).id === booked.id)).toMatchObject({
      phone_number: null,
      remarks: null,
      additional_data: {},
      location: null,
    });
    for (const projection of [...BOOKING_PROJECTIONS, bookingRequestsProjection]) await rebuildProjection(db, { kind: 'inline', projection });
    expect(await rows()).toEqual(live);
  });

  it('seals the booking text of events written before sealing, so that erasure reaches them too', async () => {
    const { owner: desk, departmentId } = await bookableBusiness(t, 'Legacy Booking Clinic');
    const db = t.database.db;
    const marker = 'zq7legacybookingmarker';
    const customer = (await expectOk(await t.http().put('/business/customer/create').set(desk.h).send({ first_name: 'Older', phone: '+21620987160' }), 201)).id;
    const booked = await expectOk(
      await t
        .http()
        .put('/business/booking/create')
        .set(desk.h)
        .send({
          department_id: departmentId,
          starts_at: at(dayAhead(2), '09:00'),
          customer_id: customer,
          remarks: `old ${marker}`,
          phone_number: '+21620987161',
        }),
      201,
    );
    // The log as it stood before sealing: the event in plain text, no key.
    const events =
      await sql<RecordedEvent>`SELECT position, event_type AS type, data, tenant_id AS "tenantId" FROM es_events WHERE stream_id = ${`booking-${booked.id}`}`.execute(
        db,
      );
    for (const { event } of await openRecorded(db, bookingPersonalData, events.rows))
      await sql`UPDATE es_events SET data = ${JSON.stringify(event.data)}::jsonb WHERE position = ${event.position}`.execute(db);
    await sql`DELETE FROM queue_pii_keys WHERE subject_id = ${booked.id}`.execute(db);
    expect(await tracesOf(t, marker)).toEqual(expect.arrayContaining(['es_events.data', 'bookings.remarks']));

    await sealLegacyBookingText(db);
    expect(await tracesOf(t, marker)).toEqual(['bookings.remarks']);
    const live = (await sql`SELECT * FROM bookings ORDER BY id`.execute(db)).rows;
    await rebuildProjection(db, { kind: 'inline', projection: BOOKING_PROJECTIONS[0] });
    expect((await sql`SELECT * FROM bookings ORDER BY id`.execute(db)).rows).toEqual(live);

    // Erasure now reaches it, and a rebuild does not bring it back.
    await t.http().delete(`/business/customer/${customer}/delete`).set(desk.h).expect(200);
    for (const m of [marker, '20987161']) expect([m, await tracesOf(t, m)]).toEqual([m, []]);
    await rebuildProjection(db, { kind: 'inline', projection: BOOKING_PROJECTIONS[0] });
    for (const m of [marker, '20987161']) expect([m, await tracesOf(t, m)]).toEqual([m, []]);
  });
});
