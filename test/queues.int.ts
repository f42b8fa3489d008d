import { sql } from 'kysely';
import { WAITING_DOC_FIELDS } from '@tabour/contracts';
import { rebuildProjection } from '@tabour/eventstore';
import { QUEUE_PROJECTIONS } from '@tabour/queues';
import { DayEndJob } from '../apps/api/src/queues/day-end';
import { QueueRunner, SNAPSHOT_VERSION } from '../apps/api/src/queues/runner';
import { QueueSealing } from '../apps/api/src/queues/sealing';
import { SnapshotStore } from '../apps/api/src/queues/snapshots';
import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket, queueProblems } from './support/queue-fixtures';

describe('queues, counters and tickets over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff & { memberId: string };
  let other: Staff;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Queue Clinic');
    other = await newBusiness(t, 'Other Clinic');
    agent = await newMember(t, owner, 'Front Desk');
  });
  afterAll(() => t.close());

  const consistent = async (queueId: string, tenant = owner.businessId) => expect(await queueProblems(t, tenant, queueId)).toEqual([]);

  it('creates a queue with its counters, lists it with a summary, and refuses an agent the settings', async () => {
    const q = await newQueue(t, owner, { name: 'Reception', priority: 5, number_start: 100 }, ['Desk 1', 'Desk 2']);
    expect(q).toMatchObject({ name: 'Reception', priority: 5, number_start: 100, ticket_prefix: 'A', number_type: 'incremental', on_hold_enabled: true });
    expect(q.counters.map((c) => c.name)).toEqual(['Desk 1', 'Desk 2']);
    const list = await t.http().get('/business/queue/summary?pagination=off').set(agent.h);
    expect(list.status).toBe(200);
    expect(list.body.data.find((x: { id: string }) => x.id === q.id).summary).toMatchObject({ waiting: 0, in_service: 0, counters: 2, open_counters: 0 });
    const refused = await t.http().post(`/business/queue/${q.id}/update`).set(agent.h).send({ name: 'Mine' });
    expect(refused.status).toBe(403);
    const invalid = await t.http().put('/business/queue/create').set(owner.h).send({ name: 'X', number_type: 'sometimes', ticket_prefix: 'TOOLONG' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['number_type', 'ticket_prefix']);
    const before = await head(t);
    const nul = await t.http().put(`/business/queue/${q.id}/push`).set(owner.h).send({ customer_name: 'Walk\u0000in' });
    expect([nul.status, typeof nul.body.message]).toEqual([400, 'string']);
    expect(await head(t)).toBe(before);
    // Sent together, they share one append: the bad one fails alone, the others are pushed.
    const together = await Promise.all([
      t.http().put(`/business/queue/${q.id}/push`).set(owner.h).send({ customer_name: 'Bad\u0000name' }),
      ...[1, 2, 3, 4].map((i) =>
        t
          .http()
          .put(`/business/queue/${q.id}/push`)
          .set(owner.h)
          .send({ customer_name: `Good ${i}` }),
      ),
    ]);
    expect(together.map((r) => r.status)).toEqual([400, 201, 201, 201, 201]);
    await consistent(q.id);
  });

  it('numbers tickets from the start number, ranks them, and calls urgent first, then by rank', async () => {
    const q = await newQueue(t, owner, { number_start: 100, ticket_prefix: 'R' });
    const a = await pushTicket(t, owner, q.id, { customer_name: 'Ann' });
    const b = await pushTicket(t, owner, q.id, { customer_name: 'Bob' });
    const c = await pushTicket(t, owner, q.id, { customer_name: 'Cy', urgent: true });
    expect([a.label, b.label, c.label]).toEqual(['R100', 'R101', 'R102']);
    expect([a.rank, b.rank, c.rank]).toEqual([1, 2, 3]);
    expect(b.estimated_wait_seconds).toBeGreaterThan(0);
    await openCounter(t, agent, q.id, q.counters[0].id);
    const first = await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id });
    expect(first.status).toBe(200);
    expect(first.body.ticket).toMatchObject({ id: c.id, status: 'in_service', counter_name: 'Desk 1' });
    const second = await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id });
    expect(second.body).toMatchObject({ ticket: { id: a.id }, ended_ticket_id: c.id, waiting: 1 });
    const list = await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h);
    expect(list.body.data.map((x: { id: string; rank: number }) => [x.id, x.rank])).toEqual([[b.id, 1]]);
    const inService = await t.http().get(`/business/queue/${q.id}/inservice`).set(owner.h);
    expect(inService.body.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const archive = await t.http().post(`/business/queue/${q.id}/archive`).set(owner.h).send({ status: 'ended' });
    expect(archive.body.data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    await consistent(q.id);
    await t.http().post(`/business/queue/${q.id}/counter/${q.counters[0].id}/close`).set(agent.h).expect(200);
  });

  it('keeps one open counter per member across queues and one member per counter', async () => {
    const q1 = await newQueue(t, owner, {}, ['One']);
    const q2 = await newQueue(t, owner, {}, ['Two']);
    const boss = await newMember(t, owner, 'Manager', { role: 'MANAGER' });
    await openCounter(t, agent, q1.id, q1.counters[0].id);
    const taken = await t.http().post(`/business/queue/${q1.id}/counter/${q1.counters[0].id}/open`).set(boss.h);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Cannot open counter');
    const before = await head(t);
    const elsewhere = await t.http().post(`/business/queue/${q2.id}/counter/${q2.counters[0].id}/open`).set(agent.h);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe('Cannot open counter');
    expect(await head(t)).toBe(before);
    const mine = await t.http().get('/business/counter/mine').set(agent.h);
    expect(mine.body.counter).toMatchObject({ id: q1.counters[0].id, queue_id: q1.id });
    // Another agent may not close it; the manager may, and the customer at it goes back to the head.
    const x = await pushTicket(t, owner, q1.id);
    await pushTicket(t, owner, q1.id);
    await t.http().post(`/business/queue/${q1.id}/call`).set(agent.h).send({ counter_id: q1.counters[0].id }).expect(200);
    const closed = await t.http().post(`/business/queue/${q1.id}/counter/${q1.counters[0].id}/close`).set(boss.h);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ open: false, held_by: null, serving_ticket_id: null });
    const list = await t.http().get(`/business/queue/${q1.id}/waitinglist`).set(owner.h);
    expect(list.body.data[0]).toMatchObject({ id: x.id, rank: 1, status: 'waiting' });
    await openCounter(t, agent, q2.id, q2.counters[0].id);
    await consistent(q1.id);
    await consistent(q2.id);
    await t.http().post(`/business/queue/${q2.id}/counter/${q2.counters[0].id}/close`).set(agent.h).expect(200);
  });

  it('lists the waiting tickets in the order call next takes them, each with the place and estimate its own link reads', async () => {
    const q = await newQueue(t, owner, {}, ['Desk 1']);
    const a = await pushTicket(t, owner, q.id, { customer_name: 'Ann' });
    const b = await pushTicket(t, owner, q.id, { customer_name: 'Bob' });
    const c = await pushTicket(t, owner, q.id, { customer_name: 'Cyd', urgent: true });
    const list = await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h);
    const rows: { id: string; uid: string; rank: number; call_position: number; estimated_wait_seconds: number }[] = list.body.data;
    expect(rows.map((r) => [r.id, r.rank, r.call_position])).toEqual([
      [c.id, 3, 1],
      [a.id, 1, 2],
      [b.id, 2, 3],
    ]);
    expect(rows[0].estimated_wait_seconds).toBe(0);
    expect(rows[1].estimated_wait_seconds).toBeGreaterThan(0);
    for (const row of rows) {
      const own = await t.http().get(`/user/queue/uid/${row.uid}`);
      expect([own.body.rank, own.body.ahead, own.body.estimated_wait_seconds]).toEqual([row.call_position, row.call_position - 1, row.estimated_wait_seconds]);
    }
    await openCounter(t, agent, q.id, q.counters[0].id);
    const called = await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id }).expect(200);
    expect(called.body.ticket.id).toBe(rows[0].id);
    await t.http().post(`/business/queue/${q.id}/counter/${q.counters[0].id}/close`).set(agent.h).expect(200);
    await consistent(q.id);
  });

  it('shows in the waiting list the estimate each ticket reads on its own link', async () => {
    const svc = await t.http().put('/business/service/create').set(owner.h).send({ name: 'Blood test', price: 10, duration: 10, duration_unit: 'minutes' });
    const q = await newQueue(t, owner, { service_ids: [svc.body.id] }, ['Desk A', 'Desk B']);
    const runner = t.app.get(QueueRunner);
    const base = { queue_id: q.id, business_id: owner.businessId };
    const day = new Date().toISOString().slice(0, 10);
    // Two visits measured: one of the service (200 s), one without a service (90 s).
    await openCounter(t, agent, q.id, q.counters[0].id);
    for (const [services, seconds] of [
      [[svc.body.id], 200],
      [[], 90],
    ] as const) {
      const p = await pushTicket(t, owner, q.id, { service_ids: services });
      const called = Date.now();
      await runner.submit(
        { ...base, type: 'CallNext', counter_id: q.counters[0].id, member_id: agent.userId, at: new Date(called).toISOString(), day },
        { type: 'system' },
      );
      await runner.submit({ ...base, type: 'EndTicket', ticket_id: p.id, at: new Date(called + seconds * 1000).toISOString(), day }, { type: 'system' });
    }
    const pushed = [];
    for (let i = 0; i < 5; i++) pushed.push(await pushTicket(t, owner, q.id, { service_ids: i % 2 ? [svc.body.id] : [] }));
    await t.http().post(`/business/queue/${q.id}/delay`).set(owner.h).send({ minutes: 5 }).expect(200);
    const list = await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h);
    expect(list.headers['content-type']).toMatch(/application\/json/);
    expect(list.body).toMatchObject({ total: 5, paused: false, delay_seconds: 300 });
    for (const row of list.body.data) {
      const own = await t.http().get(`/user/queue/uid/${row.uid}`);
      expect([row.label, row.rank, row.estimated_wait_seconds]).toEqual([row.label, own.body.rank, own.body.estimated_wait_seconds]);
    }
    expect(new Set(list.body.data.map((r: { estimated_wait_seconds: number }) => r.estimated_wait_seconds)).size).toBeGreaterThan(2);
    expect(list.body.data[0].checked_in_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await t.http().post(`/business/queue/${q.id}/counter/${q.counters[0].id}/close`).set(agent.h).expect(200);
    await consistent(q.id);
  });

  it('moves, swaps, pushes back, holds and recalls, refusing a move against a stale rank', async () => {
    const q = await newQueue(t, owner);
    const [a, b, c, d] = [
      await pushTicket(t, owner, q.id),
      await pushTicket(t, owner, q.id),
      await pushTicket(t, owner, q.id),
      await pushTicket(t, owner, q.id),
    ];
    const order = async () => (await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h)).body.data.map((x: { id: string }) => x.id);
    await t.http().post(`/business/queue/${q.id}/move/${d.id}/4/1`).set(owner.h).expect(200);
    expect(await order()).toEqual([d.id, a.id, b.id, c.id]);
    const stale = await t.http().post(`/business/queue/${q.id}/move/${d.id}/4/2`).set(owner.h);
    expect(stale.status).toBe(409);
    await t.http().post(`/business/queue/${q.id}/swap/${a.id}/${c.id}`).set(owner.h).expect(200);
    expect(await order()).toEqual([d.id, c.id, b.id, a.id]);
    await t.http().post(`/business/queue/${q.id}/pushback/${d.id}`).set(owner.h).expect(200);
    expect(await order()).toEqual([c.id, b.id, a.id, d.id]);
    const held = await t.http().post(`/business/queue/${q.id}/hold/${b.id}`).set(owner.h);
    expect(held.body).toMatchObject({ status: 'on_hold', rank: null });
    expect(await order()).toEqual([c.id, a.id, d.id]);
    const onHold = await t.http().get(`/business/queue/${q.id}/onhold`).set(owner.h);
    expect(onHold.body.data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const recalled = await t.http().post(`/business/queue/${q.id}/recall/${b.id}`).set(owner.h);
    expect(recalled.body).toMatchObject({ status: 'waiting', rank: 1 });
    expect(await order()).toEqual([b.id, c.id, a.id, d.id]);
    const badRank = await t.http().post(`/business/queue/${q.id}/move/${b.id}/1/99`).set(owner.h);
    expect(badRank.status).toBe(422);
    // Many moves into the same gap exhaust the midpoints; the list is spread out again and stays right.
    for (let i = 0; i < 70; i++)
      await t
        .http()
        .post(`/business/queue/${q.id}/move/${(await order())[3]}/4/2`)
        .set(owner.h)
        .expect(200);
    expect((await order()).length).toBe(4);
    await consistent(q.id);
  });

  it('notes, urgency, requested member, service time, no-show, absent, revoke and restore', async () => {
    const q = await newQueue(t, owner);
    const types = await t.http().post('/business/note-type/create').set(owner.h).send({ name: 'Allergy', color: '#ff0000' });
    expect(types.status).toBe(201);
    expect((await t.http().post('/business/note-type/create').set(agent.h).send({ name: 'Nope' })).status).toBe(403);
    const a = await pushTicket(t, owner, q.id);
    const b = await pushTicket(t, owner, q.id);
    const c = await pushTicket(t, owner, q.id);
    const noted = await t.http().post(`/business/queue/${q.id}/ticket/${a.id}/notes`).set(agent.h).send({ note: 'Penicillin', note_type_id: types.body.id });
    expect(noted.body.notes).toEqual([expect.objectContaining({ text: 'Penicillin', note_type_id: types.body.id, by: agent.userId })]);
    const urgent = await t.http().post(`/business/queue/${q.id}/urgent/${b.id}`).set(agent.h).send({});
    expect(urgent.body.urgent).toBe(true);
    const member = await t.http().post(`/business/queue/${q.id}/member/update/${c.id}`).set(agent.h).send({ member_id: agent.memberId });
    expect(member.body.member_id).toBe(agent.memberId);
    const foreignMember = await t.http().post(`/business/queue/${q.id}/member/update/${c.id}`).set(agent.h).send({ member_id: other.userId });
    expect(foreignMember.status).toBe(422);
    await openCounter(t, agent, q.id, q.counters[0].id);
    const called = await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id });
    expect(called.body.ticket.id).toBe(b.id);
    const tooShort = await t.http().post(`/business/queue/${q.id}/duration/${b.id}`).set(agent.h).send({ duration: 1 });
    expect(tooShort.status).toBe(422);
    expect(tooShort.body.message).toBe('New Service Time must be higher than the estimated time to spend');
    const longer = await t.http().post(`/business/queue/${q.id}/duration/${b.id}`).set(agent.h).send({ duration: 30 });
    expect(longer.body.service_seconds).toBe(1800);
    expect((await t.http().post(`/business/queue/${q.id}/noshow/${b.id}`).set(agent.h)).body.status).toBe('no_show');
    expect((await t.http().post(`/business/queue/${q.id}/absent/${a.id}`).set(agent.h)).body.status).toBe('absent');
    expect((await t.http().delete(`/business/queue/${q.id}/revoke/${c.id}`).set(agent.h)).body.status).toBe('revoked');
    const restored = await t.http().post(`/business/queue/${q.id}/restore/${a.id}`).set(agent.h);
    expect(restored.body).toMatchObject({ id: a.id, status: 'waiting', rank: 1, label: a.label });
    await t.http().post(`/business/queue/${q.id}/counter/${q.counters[0].id}/close`).set(agent.h).expect(200);
    await consistent(q.id);
  });

  it('redirects a ticket to another queue, keeping its number when asked', async () => {
    const from = await newQueue(t, owner, { ticket_prefix: 'F' });
    const to = await newQueue(t, owner, { ticket_prefix: 'T', number_start: 500 });
    const a = await pushTicket(t, owner, from.id);
    const b = await pushTicket(t, owner, from.id);
    const kept = await t.http().post(`/business/queue/${from.id}/redirect/${a.id}/${to.id}`).set(owner.h).send({ keep_number: true });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ id: a.id, uid: a.uid, label: a.label, queue_id: to.id, rank: 1 });
    const renumbered = await t.http().post(`/business/queue/${from.id}/redirect/${b.id}/${to.id}`).set(owner.h).send({});
    expect(renumbered.body).toMatchObject({ id: b.id, label: 'T500', rank: 2 });
    expect((await t.http().get(`/business/queue/${from.id}/waitinglist`).set(owner.h)).body.data).toEqual([]);
    const foreign = await newQueue(t, other);
    const c = await pushTicket(t, owner, from.id);
    expect((await t.http().post(`/business/queue/${from.id}/redirect/${c.id}/${foreign.id}`).set(owner.h).send({})).status).toBe(404);
    await consistent(from.id);
    await consistent(to.id);
  });

  it('lets a ticket link read, step back, cancel and rate its own ticket, and nothing else', async () => {
    const q = await newQueue(t, owner);
    const customer = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Private', last_name: 'Person', phone: '+21620123456' });
    const mine = await pushTicket(t, owner, q.id, { customer_id: customer.body.id });
    expect(mine.customer_name).toBe('Private Person');
    // The queue's events name the customer by id only: their name stays in their erasable record.
    const stored = await sql<{ data: unknown }>`SELECT data FROM es_events WHERE stream_id = ${`queue-${q.id}`}`.execute(t.database.db);
    expect(JSON.stringify(stored.rows)).not.toContain('Private');
    const again = await t.http().put(`/business/queue/${q.id}/push`).set(owner.h).send({ customer_id: customer.body.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Could not join the requested queue, you may already be waiting in the queue!');
    const behind = await pushTicket(t, owner, q.id, { customer_name: 'Someone Else' });
    // The waiting list names a registered customer from their record as it stands now.
    const names = async () =>
      (await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h)).body.data.map(
        (r: { label: string; customer_id: string | null; customer_name: string | null }) => [r.label, r.customer_id, r.customer_name],
      );
    await expect(names()).resolves.toEqual([
      [mine.label, customer.body.id, 'Private Person'],
      [behind.label, null, 'Someone Else'],
    ]);
    await t
      .http()
      .post(`/business/customer/${customer.body.id}/update`)
      .set(owner.h)
      .send({ first_name: 'Renamed', last_name: 'Person', phone: '+21620123456' })
      .expect(200);
    await expect(names()).resolves.toEqual([
      [mine.label, customer.body.id, 'Renamed Person'],
      [behind.label, null, 'Someone Else'],
    ]);
    const read = await t.http().get(`/user/queue/uid/${mine.uid}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ label: mine.label, status: 'waiting', rank: 1, ahead: 0, business: { name: 'Queue Clinic' } });
    const text = JSON.stringify(read.body);
    for (const secret of ['Private', 'Renamed', 'Person', '+216', 'Someone', customer.body.id, owner.businessId, mine.id, behind.uid])
      expect(text).not.toContain(secret);
    expect((await t.http().get('/user/queue/uid/not-a-real-ticket-uid')).status).toBe(404);
    const late = await t.http().post(`/user/queue/uid/${mine.uid}/late`).send({ places: 1 });
    expect(late.body).toMatchObject({ rank: 2, late: true });
    expect((await t.http().put(`/user/queue/uid/${mine.uid}/feedback`).send({ stars: 5 })).status).toBe(404);
    const cancelled = await t.http().delete(`/user/queue/uid/${mine.uid}/cancel`);
    expect(cancelled.body.status).toBe('revoked');
    const visits = await t.http().post('/business/customer/archiveQueue').set(owner.h).send({ customer_id: customer.body.id });
    expect(visits.body.data).toEqual([expect.objectContaining({ id: mine.id, queue_id: q.id, status: 'revoked', label: mine.label })]);
    await openCounter(t, agent, q.id, q.counters[0].id);
    await t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: q.counters[0].id }).expect(200);
    await t.http().post(`/business/queue/${q.id}/end/${behind.id}`).set(agent.h).expect(200);
    const bad = await t.http().put(`/user/queue/uid/${behind.uid}/feedback`).send({ stars: 9 });
    expect(bad.status).toBe(422);
    const rated = await t.http().put(`/user/queue/uid/${behind.uid}/feedback`).send({ stars: 4, text: 'Quick' });
    expect(rated.body.feedback_given).toBe(true);
    expect((await t.http().put(`/user/queue/uid/${behind.uid}/feedback`).send({ stars: 1 })).status).toBe(409);
    const archived = await t.http().get(`/user/queue/archive/uid/${behind.uid}`);
    expect(archived.body).toMatchObject({ status: 'ended', feedback_given: true });
    await t.http().post(`/business/queue/${q.id}/counter/${q.counters[0].id}/close`).set(agent.h).expect(200);
    await consistent(q.id);
  });

  it('closes tickets a past day left open: listed as damaged, then fixed by the day-end job', async () => {
    const q = await newQueue(t, owner);
    const runner = t.app.get(QueueRunner);
    const past = { at: '2020-01-01T10:00:00.000Z', day: '2020-01-01' };
    for (const id of ['0b6f8a52-0000-4000-8000-000000000001', '0b6f8a52-0000-4000-8000-000000000002']) {
      await runner.submit(
        {
          type: 'PushTicket',
          queue_id: q.id,
          business_id: owner.businessId,
          ...past,
          random: 0.5,
          ticket: {
            ticket_id: id,
            uid: `past-ticket-uid-${id.slice(-4)}`,
            service_ids: [],
            member_id: null,
            customer_id: null,
            customer_name: null,
            urgent: false,
          },
        },
        { type: 'system' },
      );
    }
    const today = await pushTicket(t, owner, q.id);
    const damaged = await t.http().post('/business/queue/getDamagedtickets').set(owner.h).send({ queue_id: q.id });
    expect(damaged.body.total).toBe(2);
    const one = await t.http().post(`/business/queue/ticket/${damaged.body.data[0].id}/fixDamagedTickets`).set(owner.h);
    expect(one.body).toMatchObject({ fixed: 1, ticket: { status: 'closed_at_day_end' } });
    const notDamaged = await t.http().post(`/business/queue/ticket/${today.id}/fixDamagedTickets`).set(owner.h);
    expect(notDamaged.status).toBe(422);
    const closed = await t.app.get(DayEndJob).run();
    expect(closed).toBeGreaterThanOrEqual(1);
    expect((await t.http().post('/business/queue/getDamagedtickets').set(owner.h).send({ queue_id: q.id })).body.total).toBe(0);
    const list = await t.http().get(`/business/queue/${q.id}/waitinglist`).set(owner.h);
    expect(list.body.data.map((x: { id: string }) => x.id)).toEqual([today.id]);
    await consistent(q.id);
  });

  it('loads a queue from its latest snapshot and the events after it', async () => {
    const q = await newQueue(t, owner);
    for (let i = 0; i < 12; i++) await pushTicket(t, owner, q.id);
    const runner = t.app.get(QueueRunner);
    const full = await runner.load(q.id);
    await t.app.get(SnapshotStore).write(`queue-${q.id}`, 'queue', SNAPSHOT_VERSION, {
      state: { ...full.state, tickets: full.state.tickets.toObject(), waiting: ['from-the-snapshot'] },
      revision: full.revision! - 5,
    });
    const fromSnapshot = await runner.load(q.id);
    // The snapshot's own content is used (the marker survives, tickets after it are added).
    expect(fromSnapshot.state.waiting[0]).toBe('from-the-snapshot');
    expect(fromSnapshot.revision).toBe(full.revision);
    await sql`DELETE FROM stream_snapshots WHERE stream_id = ${`queue-${q.id}`}`.execute(t.database.db);
  });

  it('writes a snapshot deflated, with names sealed, sealing again only the tickets changed since the last', async () => {
    const q = await newQueue(t, owner, {}, ['Desk S']);
    for (let i = 0; i < 4; i++) await pushTicket(t, owner, q.id, { customer_name: `Snap ${i}` });
    const runner = t.app.get(QueueRunner);
    const pii = t.app.get(QueueSealing);
    const entries = (json: string) => JSON.parse(json).tickets as Record<string, { status: string; customer_name: string | null; pii?: string }>;
    const first = entries(await pii.sealState(await runner.state(q.id)));
    expect(Object.values(first).map((x) => [x.status, x.customer_name, typeof x.pii])).toEqual(Array(4).fill(['waiting', null, 'string']));

    await openCounter(t, owner, q.id, q.counters[0].id);
    const called = (await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id }).expect(200)).body.ticket.id;
    const state = await runner.state(q.id);
    const second = entries(await pii.sealState(state));
    // The unchanged tickets keep the very text (and seal) of the first; the called one is written again.
    for (const id of Object.keys(first)) {
      if (id === called) {
        expect(second[id].status).toBe('in_service');
        // Its name is unchanged: its seal is reused, its key not read again.
        expect(second[id].pii).toBe(first[id].pii);
      } else expect(second[id]).toEqual(first[id]);
    }

    // A name that changed is sealed again, with the ticket's key.
    const renamed = { ...state, tickets: state.tickets.set(called, { ...state.tickets.get(called)!, customer_name: 'Renamed' }) };
    const renamedJson = await pii.sealState(renamed);
    expect(entries(renamedJson)[called].pii).not.toBe(second[called].pii);

    const revision = (await runner.load(q.id)).revision!;
    await t.app.get(SnapshotStore).write(`queue-${q.id}`, 'queue', SNAPSHOT_VERSION, { state: renamedJson, revision });
    const row = await sql<{ body: Buffer }>`SELECT body FROM stream_snapshots WHERE stream_id = ${`queue-${q.id}`}`.execute(t.database.db);
    expect(row.rows[0].body.toString('latin1')).not.toContain('"tickets"');
    runner.forget(q.id);
    const loaded = await runner.load(q.id);
    expect(loaded.revision).toBe(revision);
    const names = [...loaded.state.tickets.values()].map((x) => x.customer_name);
    expect(loaded.state.tickets.get(called)?.customer_name).toBe('Renamed');
    expect(names.filter((x) => x !== 'Renamed').length).toBe(3);
    expect(names.filter((x) => x?.startsWith('Snap ')).length).toBe(3);
    expect(loaded.state.tickets.get(called)?.status).toBe('in_service');
    await sql`DELETE FROM stream_snapshots WHERE stream_id = ${`queue-${q.id}`}`.execute(t.database.db);
  });

  it("copies a registered customer's ended, rated and restored visits into their archive as the queue's rows change", async () => {
    const q = await newQueue(t, owner);
    const customer = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Archived', last_name: 'Visitor', phone: '+21620555444' });
    const mine = await pushTicket(t, owner, q.id, { customer_id: customer.body.id });
    const walkIn = await pushTicket(t, owner, q.id, { customer_name: 'Walk In' });
    const visits = async () => (await t.http().post('/business/customer/archiveQueue').set(owner.h).send({ customer_id: customer.body.id })).body.data;
    const counter = q.counters[0].id;
    await openCounter(t, agent, q.id, counter);
    const call = () => t.http().post(`/business/queue/${q.id}/call`).set(agent.h).send({ counter_id: counter }).expect(200);
    await call();
    expect(await visits()).toEqual([]);
    // Calling the next ends the customer's ticket: the end and its copy are one run of the call.
    await call();
    expect(await visits()).toEqual([expect.objectContaining({ id: mine.id, queue_id: q.id, status: 'ended', label: mine.label, feedback_stars: null })]);
    await t.http().put(`/user/queue/uid/${mine.uid}/feedback`).send({ stars: 4 }).expect(200);
    expect(await visits()).toEqual([expect.objectContaining({ id: mine.id, status: 'ended', feedback_stars: 4 })]);
    await t.http().post(`/business/queue/${q.id}/restore/${mine.id}`).set(agent.h).expect(200);
    expect(await visits()).toEqual([]);
    await t.http().post(`/business/queue/${q.id}/end/${walkIn.id}`).set(agent.h).expect(200);
    await call();
    await t.http().post(`/business/queue/${q.id}/end/${mine.id}`).set(agent.h).expect(200);
    expect(await visits()).toEqual([expect.objectContaining({ id: mine.id, status: 'ended', feedback_stars: 4 })]);
    const copies = await sql<{ n: string }>`SELECT count(*) AS n FROM customer_archived_tickets WHERE id = ${walkIn.id}`.execute(t.database.db);
    expect(Number(copies.rows[0].n)).toBe(0);
    await t.http().post(`/business/queue/${q.id}/counter/${counter}/close`).set(agent.h).expect(200);
    await consistent(q.id);
  });

  it('rebuilds the read tables from the log into the very rows the live run wrote', async () => {
    const db = t.database.db;
    const snapshot = async () => ({
      queues: (await sql`SELECT * FROM queues ORDER BY id`.execute(db)).rows,
      counters: (await sql`SELECT * FROM queue_counters ORDER BY id`.execute(db)).rows,
      tickets: (await sql`SELECT * FROM queue_tickets ORDER BY id`.execute(db)).rows,
      predictions: (await sql`SELECT * FROM queue_wait_predictions ORDER BY ticket_id`.execute(db)).rows,
      noteTypes: (await sql`SELECT * FROM note_types ORDER BY id`.execute(db)).rows,
      archive: (await sql`SELECT * FROM customer_archived_tickets ORDER BY id`.execute(db)).rows,
    });
    const live = await snapshot();
    expect(live.tickets.length).toBeGreaterThan(20);
    expect(live.archive.length).toBeGreaterThan(1);
    for (const projection of QUEUE_PROJECTIONS) await rebuildProjection(db, { kind: 'inline', projection }, 7);
    expect(await snapshot()).toEqual(live);
  });

  it("keeps in each waiting ticket's stored JSON the fields of the ticket's view, valued as the ticket's own read", async () => {
    const q = await newQueue(t, owner);
    const customer = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Stored', last_name: 'Doc', phone: '+21620999888' });
    const registered = await pushTicket(t, owner, q.id, { customer_id: customer.body.id });
    const typed = await pushTicket(t, owner, q.id, { customer_name: 'Typed Name' });
    await t.http().post(`/business/queue/${q.id}/ticket/${typed.id}/notes`).set(owner.h).send({ note: 'Wheelchair' }).expect(200);
    const rows = await sql<{
      id: string;
      waiting_doc: string;
    }>`SELECT id, waiting_doc FROM queue_tickets WHERE tenant_id = ${owner.businessId} AND queue_id = ${q.id}`.execute(t.database.db);
    expect(rows.rows).toHaveLength(2);
    for (const row of rows.rows) {
      const doc = JSON.parse(`${row.waiting_doc}}`) as Record<string, unknown>;
      // A registered customer's name is read from their record at read time, never stored.
      const keys = [...WAITING_DOC_FIELDS.map(([key]) => key), ...(row.id === typed.id ? ['customer_name'] : [])];
      expect(Object.keys(doc).sort()).toEqual(keys.sort());
      const read = (await t.http().get(`/business/queue/${q.id}/ticket/${row.id}`).set(owner.h).expect(200)).body;
      for (const [key, column] of WAITING_DOC_FIELDS) expect([key, doc[key]]).toEqual([key, read[column]]);
    }
    expect(rows.rows.map((r) => r.id).sort()).toEqual([registered.id, typed.id].sort());
  });

  it('answers 404 for another business queue and writes nothing', async () => {
    const q = await newQueue(t, owner);
    const a = await pushTicket(t, owner, q.id);
    const before = await head(t);
    for (const [method, path] of [
      ['get', `/business/queue/${q.id}/waitinglist`],
      ['put', `/business/queue/${q.id}/push`],
      ['post', `/business/queue/${q.id}/noshow/${a.id}`],
      ['post', `/business/queue/${q.id}/counter/${q.counters[0].id}/open`],
    ] as const) {
      const res = await t.http()[method](path).set(other.h).send({});
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect(await head(t)).toBe(before);
  });
});
