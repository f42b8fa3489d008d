import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { openingQueueProjection } from '../pii';
import { QUEUE_REQUEST_EVENT_TYPES, type QueueRequestEvent } from '../request';
import '../request/tables';

/**
 * The requests table, written in the append's transaction: a partial unique index on it keeps
 * one pending request per phone and queue, which no single request's stream could see.
 */
const plainRequestProjection: InlineProjection<QueueRequestEvent, Database> = {
  name: 'queues.requests',
  tables: ['queue_requests'],
  handles: QUEUE_REQUEST_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const tenant = e.data.business_id;
      const at = e.recordedAt;
      const row = () => db.updateTable('queue_requests').where('tenant_id', '=', tenant).where('id', '=', e.data.request_id);
      switch (e.type) {
        case 'QueueRequestSubmitted': {
          const d = e.data;
          await db
            .insertInto('queue_requests')
            .values({
              id: d.request_id,
              tenant_id: tenant,
              queue_id: d.queue_id,
              uid: d.uid,
              status: 'pending',
              name: d.name,
              phone: d.phone,
              service_ids: JSON.stringify(d.service_ids),
              member_id: d.member_id,
              note: d.note,
              decline_reason: null,
              ticket_id: null,
              ticket_uid: null,
              ticket_label: null,
              customer_id: null,
              created_at: at,
              updated_at: at,
              decided_at: null,
            })
            .execute();
          break;
        }
        case 'QueueRequestUpdated': {
          const { service_ids, ...rest } = e.data.changes;
          await row()
            .set({ ...rest, ...(service_ids ? { service_ids: JSON.stringify(service_ids) } : {}), updated_at: at })
            .execute();
          break;
        }
        case 'QueueRequestApproved': {
          const d = e.data;
          await row()
            .set({
              status: 'approved',
              ticket_id: d.ticket_id,
              ticket_uid: d.ticket_uid,
              ticket_label: d.label,
              customer_id: d.customer_id,
              decided_at: at,
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'QueueRequestDeclined':
          await row().set({ status: 'declined', decline_reason: e.data.reason, decided_at: at, updated_at: at }).execute();
          break;
        case 'QueueRequestDeleted':
          await db.deleteFrom('queue_requests').where('tenant_id', '=', tenant).where('id', '=', e.data.request_id).execute();
          break;
      }
    }
  },
};

/** The requests table as registered: the name, phone and note arrive sealed and are opened for it (pii.ts). */
export const queueRequestProjection = openingQueueProjection(plainRequestProjection);

/** The index that refuses a second pending request of one phone in one queue (migration 20261123090000). */
export const ONE_PENDING_REQUEST_PER_PHONE = 'queue_requests_one_pending_per_phone';
