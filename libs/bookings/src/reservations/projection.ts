import { sql } from 'kysely';
import type { InlineProjection, ProjectionDb, RecordOf } from '@tabour/eventstore';
import { invalid, type Database } from '@tabour/platform';
import { BOOKING_HOLDING_STATUSES } from '@tabour/contracts';
import { reservableResources } from '@tabour/resources';
import type { BookingEvent } from '../booking/events';
import './tables';

/** The resources a booking named when it was made; a booking's times and status stay in `bookings`. */
export const bookingResourcesProjection: InlineProjection<BookingEvent, Database> = {
  name: 'bookings.resources',
  tables: ['booking_resources'],
  handles: ['BookingCreated', 'BookingDeleted'],
  async apply(db, events) {
    for (const e of events) {
      if (e.type === 'BookingCreated') {
        const ids = e.data.resource_ids ?? [];
        if (!ids.length) continue;
        await db
          .insertInto('booking_resources')
          .values(ids.map((resource_id) => ({ tenant_id: e.data.business_id, booking_id: e.data.booking_id, resource_id })))
          .onConflict((oc) => oc.columns(['booking_id', 'resource_id']).doNothing())
          .execute();
      } else if (e.type === 'BookingDeleted') {
        await db.deleteFrom('booking_resources').where('tenant_id', '=', e.data.business_id).where('booking_id', '=', e.data.booking_id).execute();
      }
    }
  },
};

/** The most bookings that overlap one another at any instant of [from, to). */
function mostAtOnce(others: { starts_at: Date; ends_at: Date }[], from: number, to: number): number {
  const edges = others.flatMap((b) => [
    [Math.max(b.starts_at.getTime(), from), 1],
    [Math.min(b.ends_at.getTime(), to), -1],
  ]);
  // An end before a start at the same instant: back-to-back bookings do not overlap.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, step] of edges) most = Math.max(most, (now += step));
  return most;
}

/** The business's active resources among those named, read under their locks. */
async function lockedResources(db: ProjectionDb<Database>, tenantId: string, resourceIds: readonly string[]) {
  // The resources' locks, in one (sorted) order, after the capacity guard's: the next append
  // naming the same resource waits for this one's commit and then reads its booking.
  const ids = [...new Set(resourceIds)].sort();
  for (const id of ids) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`booking:resource:${id}`}, 0))`.execute(db);
  const held = await reservableResources(db, tenantId, ids);
  return { held, ids };
}

/**
 * A resource holds at most `capacity` bookings at once (docs/product.md#resources): runs in the
 * append's transaction, before the book's rows move, for a booking made or moved. It reads the
 * resources through the resources context's query; a resource that is not the business's, or
 * not active, is refused at creation (422 on `resource_ids`), and a full one answers 422
 * `resource_full` on `resource_ids`. It keeps no table, so a rebuild never runs it.
 */
export const bookingResourceGuard: InlineProjection<BookingEvent, Database> = {
  name: 'bookings.resource_capacity',
  handles: ['BookingCreated', 'BookingRescheduled'],
  async apply(db, events) {
    for (const e of events as RecordOf<Extract<BookingEvent, { type: 'BookingCreated' | 'BookingRescheduled' }>>[]) {
      const { business_id: tenantId, booking_id: bookingId, starts_at, ends_at } = e.data;
      const named =
        e.type === 'BookingCreated'
          ? (e.data.resource_ids ?? [])
          : (
              await db.selectFrom('booking_resources').select('resource_id').where('tenant_id', '=', tenantId).where('booking_id', '=', bookingId).execute()
            ).map((r) => r.resource_id);
      if (!named.length) continue;
      const { held, ids } = await lockedResources(db, tenantId, named);
      // A booking moved keeps the resources still offered; one since deactivated or deleted no longer holds it back.
      if (e.type === 'BookingCreated' && held.length !== ids.length) throw invalid('Select valid resources', { resource_ids: ['Select valid resources'] });
      for (const resource of held) {
        const others = await db
          .selectFrom('bookings as b')
          .innerJoin('booking_resources as r', (j) => j.onRef('r.booking_id', '=', 'b.id').onRef('r.tenant_id', '=', 'b.tenant_id'))
          .select(['b.starts_at', 'b.ends_at'])
          .where('r.tenant_id', '=', tenantId)
          .where('r.resource_id', '=', resource.id)
          .where('b.id', '!=', bookingId)
          .where('b.status', 'in', [...BOOKING_HOLDING_STATUSES])
          .where('b.starts_at', '<', new Date(ends_at))
          .where('b.ends_at', '>', new Date(starts_at))
          .execute();
        if (mostAtOnce(others, Date.parse(starts_at), Date.parse(ends_at)) >= resource.capacity) {
          const message = 'This resource already holds as many bookings as it can at that time';
          throw invalid(message, { resource_ids: [message] }, 'resource_full');
        }
      }
    }
  },
};
