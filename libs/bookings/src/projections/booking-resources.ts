import { sql } from 'kysely';
import type { InlineProjection, ProjectionDb, RecordOf } from '@tabour/eventstore';
import { invalid, type Database } from '@tabour/platform';
import { BOOKING_HOLDING_STATUSES } from '@tabour/contracts';
import { reservableResources } from '@tabour/resources';
import type { BookingEvent } from '../booking/events';
import '../tables';

/** The resources a booking holds: named when it was made, replaced as a whole by an update naming others. */
export const bookingResourcesProjection: InlineProjection<BookingEvent, Database> = {
  name: 'bookings.resources',
  tables: ['booking_resources'],
  handles: ['BookingCreated', 'BookingUpdated', 'BookingDeleted'],
  async apply(db, events) {
    for (const e of events) {
      const ids = e.type === 'BookingCreated' ? (e.data.resource_ids ?? []) : e.type === 'BookingUpdated' ? e.data.changes.resource_ids : undefined;
      const replaces = e.type === 'BookingDeleted' || (e.type === 'BookingUpdated' && ids !== undefined);
      if (replaces) {
        await db.deleteFrom('booking_resources').where('tenant_id', '=', e.data.business_id).where('booking_id', '=', e.data.booking_id).execute();
      }
      if (!ids?.length) continue;
      await db
        .insertInto('booking_resources')
        .values(ids.map((resource_id) => ({ tenant_id: e.data.business_id, booking_id: e.data.booking_id, resource_id })))
        .onConflict((oc) => oc.columns(['booking_id', 'resource_id']).doNothing())
        .execute();
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

type Guarded = RecordOf<Extract<BookingEvent, { type: 'BookingCreated' | 'BookingRescheduled' | 'BookingUpdated' }>>;
type Times = { starts_at: string; ends_at: string };

const INVALID = 'Select valid resources';
const FULL = 'This resource already holds as many bookings as it can at that time';

/**
 * Refuses the booking when one of `fresh` (newly named) is not the business's active resource,
 * or when one of `counted` already holds `capacity` other bookings at once over its time.
 */
async function checkHolding(db: ProjectionDb<Database>, tenantId: string, bookingId: string, at: Times, counted: readonly string[], fresh: readonly string[]) {
  if (!counted.length && !fresh.length) return;
  // The resources' locks, in one (sorted) order, after the capacity guard's: the next append
  // naming the same resource waits for this one's commit and then reads its booking.
  const ids = [...new Set([...counted, ...fresh])].sort();
  for (const id of ids) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`booking:resource:${id}`}, 0))`.execute(db);
  const held = await reservableResources(db, tenantId, ids);
  if (fresh.some((id) => !held.some((r) => r.id === id))) throw invalid(INVALID, { resource_ids: [INVALID] });
  for (const resource of held.filter((r) => counted.includes(r.id))) {
    const others = await db
      .selectFrom('bookings as b')
      .innerJoin('booking_resources as r', (j) => j.onRef('r.booking_id', '=', 'b.id').onRef('r.tenant_id', '=', 'b.tenant_id'))
      .select(['b.starts_at', 'b.ends_at'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.resource_id', '=', resource.id)
      .where('b.id', '!=', bookingId)
      .where('b.status', 'in', [...BOOKING_HOLDING_STATUSES])
      .where('b.starts_at', '<', new Date(at.ends_at))
      .where('b.ends_at', '>', new Date(at.starts_at))
      .execute();
    if (mostAtOnce(others, Date.parse(at.starts_at), Date.parse(at.ends_at)) >= resource.capacity)
      throw invalid(FULL, { resource_ids: [FULL] }, 'resource_full');
  }
}

/**
 * A resource holds at most `capacity` bookings at once (docs/product.md#resources): runs in the
 * append's transaction, before the book's rows and `booking_resources` move, for a booking made,
 * moved, or given other resources. It reads the resources through the resources context's query;
 * a resource newly named that is not the business's, or not active, is refused (422 on
 * `resource_ids`), and a full one answers 422 `resource_full` on `resource_ids`. It keeps no
 * table, so a rebuild never runs it.
 */
export const bookingResourceGuard: InlineProjection<BookingEvent, Database> = {
  name: 'bookings.resource_capacity',
  handles: ['BookingCreated', 'BookingRescheduled', 'BookingUpdated'],
  async apply(db, events) {
    const list = events as Guarded[];
    for (const [i, e] of list.entries()) {
      const { business_id: tenantId, booking_id: bookingId } = e.data;
      if (e.type === 'BookingCreated') {
        const named = e.data.resource_ids ?? [];
        await checkHolding(db, tenantId, bookingId, e.data, named, named);
        continue;
      }
      // One update may move the booking and change its resources: checked once, at the new time with the new set.
      const moved = list.slice(0, i).some((m) => m.type === 'BookingRescheduled' && m.data.booking_id === bookingId);
      if (e.type === 'BookingUpdated' && (!e.data.changes.resource_ids || moved)) continue;
      const stored = (
        await db.selectFrom('booking_resources').select('resource_id').where('tenant_id', '=', tenantId).where('booking_id', '=', bookingId).execute()
      ).map((r) => r.resource_id);
      if (e.type === 'BookingRescheduled') {
        const update = list.slice(i + 1).find((u) => u.type === 'BookingUpdated' && u.data.booking_id === bookingId && u.data.changes.resource_ids);
        const named = (update?.type === 'BookingUpdated' && update.data.changes.resource_ids) || stored;
        // A booking moved keeps the resources still offered; one since deactivated or deleted no longer holds it back.
        await checkHolding(
          db,
          tenantId,
          bookingId,
          e.data,
          named,
          named.filter((id) => !stored.includes(id)),
        );
        continue;
      }
      // Same time, other resources: only the newly named are checked; those kept already hold it.
      const fresh = (e.data.changes.resource_ids ?? []).filter((id) => !stored.includes(id));
      const row = await db
        .selectFrom('bookings')
        .select(['starts_at', 'ends_at'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', bookingId)
        .executeTakeFirst();
      if (row) await checkHolding(db, tenantId, bookingId, { starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() }, fresh, fresh);
    }
  },
};
