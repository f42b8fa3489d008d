import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { replay } from '@tabour/eventstore/testing';
import type { Database } from '@tabour/platform';
import {
  DEFAULT_SETTINGS,
  noteTypeProjection,
  queueDecider,
  queueProjection,
  type FeedbackEvent,
  type NewTicket,
  type NoteTypeEvent,
  type QueueCommand,
  type QueueEvent,
} from '@tabour/queues';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const Q = randomUUID();
const C1 = randomUUID();
const C2 = randomUUID();
const M1 = randomUUID();
const CUSTOMER = randomUUID();
const [T1, T2, T3] = [randomUUID(), randomUUID(), randomUUID()];
const AT = '2026-03-02T09:00:00.000Z';
const DAY = '2026-03-02';
const base = { queue_id: Q, business_id: B };

const ticket = (id: string, extra: Partial<NewTicket> = {}): NewTicket => ({
  ticket_id: id,
  uid: `uid-${id}`,
  service_ids: [],
  member_id: null,
  customer_id: null,
  customer_name: 'Walk-in',
  urgent: false,
  ...extra,
});
const push = (id: string, extra: Partial<NewTicket> = {}): QueueCommand => ({
  ...base,
  type: 'PushTicket',
  ticket: ticket(id, extra),
  random: 0.5,
  at: AT,
  day: DAY,
});
const callNext: QueueCommand = { ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY };
const setup: QueueCommand[] = [
  { ...base, type: 'CreateQueue', settings: { ...DEFAULT_SETTINGS, name: 'Reception', ticket_prefix: 'A' } },
  { ...base, type: 'CreateCounter', counter_id: C1, name: 'Desk 1', break_minutes: 0, service_ids: [] },
  { ...base, type: 'CreateCounter', counter_id: C2, name: 'Desk 2', break_minutes: 5, service_ids: [] },
  { ...base, type: 'OpenCounter', counter_id: C1, member_id: M1 },
];
/** The events the queue's decider gives for these commands, after `before`. */
const events = (commands: QueueCommand[], before: QueueCommand[] = []): QueueEvent[] => {
  const from = replay(queueDecider, before).state;
  return replay(queueDecider, commands, from).events;
};
const opened = events(setup);

describe('the queues projection', () => {
  const spec = projectionSpecification(queueProjection, () => t.db, { tenantId: B, streamOf: (e) => `queue-${e.data.queue_id}` });
  const queues = (db: Transaction<Database>) =>
    db.selectFrom('queues').select(['id', 'name', 'priority', 'paused', 'delay_seconds']).where('tenant_id', '=', B).execute();
  const counters = (db: Transaction<Database>) =>
    db
      .selectFrom('queue_counters')
      .select(['id', 'name', 'break_minutes', 'open', 'held_by', 'serving_ticket_id'])
      .where('tenant_id', '=', B)
      .orderBy('name')
      .execute();
  const tickets = (db: Transaction<Database>) =>
    db
      .selectFrom('queue_tickets')
      .select(['id', 'label', 'status', 'counter_id', 'archived_at'])
      .where('tenant_id', '=', B)
      .orderBy('status')
      .orderBy('place')
      .orderBy('label')
      .execute();

  it('opens the queue with its counters, the first one held', () =>
    spec
      .given()
      .when(opened)
      .then(async (db) => ({ queues: await queues(db), counters: await counters(db) }), {
        queues: [{ id: Q, name: 'Reception', priority: 0, paused: false, delay_seconds: 0 }],
        counters: [
          { id: C1, name: 'Desk 1', break_minutes: 0, open: true, held_by: M1, serving_ticket_id: null },
          { id: C2, name: 'Desk 2', break_minutes: 5, open: false, held_by: null, serving_ticket_id: null },
        ],
      }));

  it('follows the settings, a pause and a delay', () =>
    spec
      .given(opened)
      .when(
        events(
          [
            { ...base, type: 'UpdateQueue', changes: { name: 'Front desk', priority: 5 } },
            { ...base, type: 'PauseQueue' },
            { ...base, type: 'DelayQueue', hours: 0, minutes: 15 },
          ],
          setup,
        ),
      )
      .then(queues, [{ id: Q, name: 'Front desk', priority: 5, paused: true, delay_seconds: 900 }]));

  it('takes the queue and its counters away when it is deleted', () =>
    spec
      .given(opened)
      .when(events([{ ...base, type: 'DeleteQueue' }], setup))
      .then(async (db) => [...(await queues(db)), ...(await counters(db))], []));

  // Pushes, calls and ends in a row are written together (a hot run): the rows must be those
  // the events give one at a time, wherever the batch is cut.
  it('keeps the waiting order, the ticket served and the ones ended through a run of pushes and calls', () => {
    const run: QueueCommand[] = [push(T1, { customer_id: CUSTOMER, customer_name: 'Leila' }), push(T2), push(T3), callNext, callNext];
    return spec
      .given(opened)
      .when(events(run, setup))
      .then(
        async (db) => ({
          tickets: await tickets(db),
          serving: (await counters(db)).map((c) => c.serving_ticket_id),
          archive: await db.selectFrom('customer_archived_tickets').select(['id', 'customer_id', 'status']).where('tenant_id', '=', B).execute(),
        }),
        {
          tickets: [
            { id: T1, label: 'A1', status: 'ended', counter_id: C1, archived_at: new Date(AT) },
            { id: T2, label: 'A2', status: 'in_service', counter_id: C1, archived_at: null },
            { id: T3, label: 'A3', status: 'waiting', counter_id: null, archived_at: null },
          ],
          serving: [T2, null],
          archive: [{ id: T1, customer_id: CUSTOMER, status: 'ended' }],
        },
      );
  });

  it('puts a moved ticket at its new rank among those waiting', () => {
    const before = [...setup, push(T1), push(T2), push(T3)];
    return spec
      .given(events(before))
      .when(events([{ ...base, type: 'MoveTicket', ticket_id: T3, from_rank: 3, to_rank: 1 }], before))
      .then(async (db) => (await tickets(db)).map((r) => r.id), [T3, T1, T2]);
  });

  it('keeps the rating of a ticket, and copies it to the customer archive once it has left', () => {
    const before = [...setup, push(T1, { customer_id: CUSTOMER }), callNext, callNext];
    const rated: FeedbackEvent = { type: 'TicketFeedbackGiven', data: { ...base, ticket_id: T1, stars: 4, text: 'Quick and kind' } };
    return spec
      .given(events(before))
      .when([rated])
      .then(
        async (db) => ({
          ticket: await db.selectFrom('queue_tickets').select(['feedback_stars', 'feedback_text']).where('id', '=', T1).execute(),
          archive: await db.selectFrom('customer_archived_tickets').select(['summary']).where('id', '=', T1).execute(),
        }),
        {
          ticket: [{ feedback_stars: 4, feedback_text: 'Quick and kind' }],
          archive: [{ summary: expect.objectContaining({ label: 'A1', queue_name: 'Reception', feedback_stars: 4 }) }],
        },
      );
  });
});

describe('the note types projection', () => {
  const spec = projectionSpecification(noteTypeProjection, () => t.db, { tenantId: B });
  const N = randomUUID();
  const ids = { note_type_id: N, business_id: B };
  const created: NoteTypeEvent = { type: 'NoteTypeCreated', data: { ...ids, name: 'Allergy', color: '#d32f2f' } };
  const noteTypes = (db: Transaction<Database>) => db.selectFrom('note_types').select(['id', 'name', 'color']).where('tenant_id', '=', B).execute();

  it('keeps a note type as created', () =>
    spec
      .given()
      .when([created])
      .then(noteTypes, [{ id: N, name: 'Allergy', color: '#d32f2f' }]));

  it('follows its renaming, keeping the colour', () =>
    spec
      .given([created])
      .when([{ type: 'NoteTypeUpdated', data: { ...ids, changes: { name: 'Allergies' } } }])
      .then(noteTypes, [{ id: N, name: 'Allergies', color: '#d32f2f' }]));

  it('forgets a deleted note type', () =>
    spec
      .given([created])
      .when([{ type: 'NoteTypeDeleted', data: ids }])
      .then(noteTypes, []));
});
