import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import { queueRequestProjection, type QueueRequestEvent } from '@tabour/queues';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const OTHER = randomUUID();
const [Q, RQ, S, TICKET, CUSTOMER] = Array.from({ length: 5 }, () => randomUUID());
// The spec records its first event at 09:00:00 and each next one a second later.
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, second));

describe('the queue requests projection', () => {
  const ids = { request_id: RQ, business_id: B, queue_id: Q, uid: 'rq-uid-0123456789' };
  const spec = projectionSpecification(queueRequestProjection, () => t.db, { tenantId: B, streamOf: (e) => `queuerequest-${e.data.request_id}` });
  const submitted = (request_id = RQ, phone = '+21620123456'): QueueRequestEvent => ({
    type: 'QueueRequestSubmitted',
    data: {
      ...ids,
      request_id,
      uid: request_id === RQ ? ids.uid : `rq-uid-${request_id}`,
      name: 'Amira Ben Salah',
      phone,
      service_ids: [S],
      member_id: null,
      note: 'first visit',
    },
  });
  const requests = (db: Transaction<Database>) =>
    db.selectFrom('queue_requests').selectAll().where('tenant_id', 'in', [B, OTHER]).orderBy('created_at').execute();
  const pending = {
    id: RQ,
    tenant_id: B,
    queue_id: Q,
    uid: 'rq-uid-0123456789',
    status: 'pending',
    name: 'Amira Ben Salah',
    phone: '+21620123456',
    service_ids: [S],
    member_id: null,
    note: 'first visit',
    decline_reason: null,
    ticket_id: null,
    ticket_uid: null,
    ticket_label: null,
    customer_id: null,
    created_at: at(0),
    updated_at: at(0),
    decided_at: null,
  };

  it('keeps a request pending as submitted', () => spec.given().when([submitted()]).then(requests, [pending]));

  it('follows an edit of the services and the note, then the approval with the ticket it pushed', () =>
    spec
      .given([submitted()])
      .when([
        { type: 'QueueRequestUpdated', data: { ...ids, changes: { service_ids: [], note: null } } },
        { type: 'QueueRequestApproved', data: { ...ids, ticket_id: TICKET, ticket_uid: 'ticket-uid-0123456789', label: 'A7', customer_id: CUSTOMER } },
      ])
      .then(requests, [
        {
          ...pending,
          status: 'approved',
          service_ids: [],
          note: null,
          ticket_id: TICKET,
          ticket_uid: 'ticket-uid-0123456789',
          ticket_label: 'A7',
          customer_id: CUSTOMER,
          updated_at: at(2),
          decided_at: at(2),
        },
      ]));

  it('keeps the reason of a decline, and forgets a deleted request', async () => {
    await spec
      .given([submitted()])
      .when([{ type: 'QueueRequestDeclined', data: { ...ids, reason: 'Closed today' } }])
      .then(requests, [{ ...pending, status: 'declined', decline_reason: 'Closed today', updated_at: at(1), decided_at: at(1) }]);
    await spec
      .given([submitted()])
      .when([{ type: 'QueueRequestDeleted', data: ids }])
      .then(requests, []);
  });

  it("leaves the request alone when another business's events name its id", () =>
    spec
      .given([submitted()])
      .when([
        { type: 'QueueRequestDeclined', data: { ...ids, business_id: OTHER, reason: 'Hijacked' } },
        { type: 'QueueRequestDeleted', data: { ...ids, business_id: OTHER } },
      ])
      .then(requests, [pending]));

  it('refuses a second pending request of one phone in one queue, and takes it once the first is decided', async () => {
    await spec
      .given([submitted()])
      .when([submitted(randomUUID())])
      .thenFails(/queue_requests_one_pending_per_phone/);
    const second = randomUUID();
    await spec
      .given([submitted(), { type: 'QueueRequestDeclined', data: { ...ids, reason: null } }])
      .when([submitted(second)])
      .then(
        (db) => requests(db).then((rows) => rows.map((r) => [r.id, r.status])),
        [
          [RQ, 'declined'],
          [second, 'pending'],
        ],
      );
  });
});
