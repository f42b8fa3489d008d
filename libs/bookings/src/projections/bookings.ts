import { deleteRow, handlerProjection, updateRow, type ProjectionDb } from '@tabour/eventstore';
import type { UpdateObject } from 'kysely';
import type { Database } from '@tabour/platform';
import type { BookingEvent } from '../booking/events';
import '../tables';

const json = (v: unknown) => JSON.stringify(v);

/** The details kept as JSON columns; the resources held live in their own table (bookings.resources). */
const JSON_DETAILS = ['counter_ids', 'additional_data', 'attachments'];

/** A booking's row, found in its business by its id. */
const setRow = (db: ProjectionDb<Database>, e: { data: { business_id: string; booking_id: string } }, set: UpdateObject<Database, 'bookings', 'bookings'>) =>
  updateRow(db, 'bookings', e.data.business_id, e.data.booking_id, set);

/** The book's rows: one per booking, removed when the booking is deleted. */
export const bookingsProjection = handlerProjection<BookingEvent, Database>('bookings.bookings', ['bookings'], {
  BookingCreated: (db, e) => {
    const d = e.data;
    const at = e.recordedAt;
    return db
      .insertInto('bookings')
      .values({
        id: d.booking_id,
        tenant_id: d.business_id,
        department_id: d.department_id,
        member_id: d.member_id,
        customer_id: d.customer_id,
        queue_id: d.queue_id,
        counter_ids: json(d.counter_ids),
        service_ids: json(d.service_ids),
        duration: d.duration,
        starts_at: d.starts_at,
        ends_at: d.ends_at,
        local_date: d.date,
        slot: d.slot,
        additional_data: json(d.additional_data),
        remarks: d.remarks,
        is_online: d.is_online,
        channel: d.channel,
        sync_booking_with_graph: d.sync_booking_with_graph,
        location: d.location ? json(d.location) : null,
        phone_number: d.phone_number,
        attachments: json(d.attachments),
        status: d.status,
        ticket_id: null,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
  BookingRescheduled: (db, e) => {
    const d = e.data;
    return setRow(db, e, {
      department_id: d.department_id,
      member_id: d.member_id,
      service_ids: json(d.service_ids),
      duration: d.duration,
      starts_at: d.starts_at,
      ends_at: d.ends_at,
      local_date: d.date,
      slot: d.slot,
      updated_at: e.recordedAt,
    });
  },
  BookingUpdated: (db, e) => {
    const set: Record<string, unknown> = { updated_at: e.recordedAt };
    for (const [key, value] of Object.entries(e.data.changes)) {
      if (key === 'resource_ids') continue;
      set[key] = JSON_DETAILS.includes(key) || (key === 'location' && value) ? json(value) : key === 'location' ? null : value;
    }
    return setRow(db, e, set);
  },
  BookingCancelled: (db, e) => setRow(db, e, { status: 'cancelled', cancel_reason: e.data.reason, updated_at: e.recordedAt }),
  BookingMarkedNoShow: (db, e) => setRow(db, e, { status: 'no_show', updated_at: e.recordedAt }),
  BookingCompleted: (db, e) => setRow(db, e, { status: 'completed', updated_at: e.recordedAt }),
  BookingCheckedIn: (db, e) => setRow(db, e, { status: 'checked_in', queue_id: e.data.queue_id, ticket_id: e.data.ticket_id, updated_at: e.recordedAt }),
  BookingDeleted: (db, e) => deleteRow(db, 'bookings', e.data.business_id, e.data.booking_id),
});
