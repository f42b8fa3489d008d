import { randomUUID } from 'node:crypto';
import { WEBHOOK_ALL_TYPES, type PublicEvent } from '@tabour/contracts';
import type { Insertable } from 'kysely';
import type { DeliveryCause, WebhookDeliveriesTable } from './tables';

/** What the recorder knows of a webhook when it records deliveries. */
export interface WebhookTarget {
  id: string;
  tenant_id: string;
  event_types: readonly string[];
}

export const wantsType = (target: Pick<WebhookTarget, 'event_types'>, type: string) =>
  target.event_types.includes(WEBHOOK_ALL_TYPES) || target.event_types.includes(type);

/**
 * Per record, deliveries go out in the log's order: the key names the record a public event is
 * about (a ticket, a booking…), so one ticket's `created` always reaches the receiver before its
 * `called`, while other tickets' events do not wait behind it.
 */
export const recordKey = (e: Pick<PublicEvent, 'record'>) => `${e.record.type}:${e.record.id}`;

/**
 * The delivery rows of some public events for a business's webhooks: one per (webhook, event)
 * the webhook asked for, and only within the event's own business. The dedupe key is the
 * envelope's id for an event as it happened (so it is recorded once whatever happens), and is
 * made unique per request for a redelivery or a replay, which send again on purpose.
 */
export function deliveriesFor(
  events: readonly { envelope: PublicEvent; eventId: string }[],
  targets: readonly WebhookTarget[],
  cause: DeliveryCause,
  batch = '',
): Insertable<WebhookDeliveriesTable>[] {
  const rows: Insertable<WebhookDeliveriesTable>[] = [];
  for (const { envelope, eventId } of events) {
    for (const t of targets) {
      if (t.tenant_id !== envelope.business_id || !wantsType(t, envelope.type)) continue;
      rows.push({
        id: randomUUID(),
        tenant_id: t.tenant_id,
        webhook_id: t.id,
        dedupe_key: cause === 'event' ? envelope.id : `${cause}:${batch}:${envelope.id}`,
        event_id: eventId,
        position: envelope.position,
        event_type: envelope.type,
        record_key: recordKey(envelope),
        body: JSON.stringify(envelope),
        cause,
      });
    }
  }
  return rows;
}
