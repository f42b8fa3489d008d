import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { openingBookingProjection } from '../pii';
import { BOOKING_REQUEST_EVENT_TYPES, type BookingRequestEvent } from '../request';
import '../request/tables';

const validInstant = (v: unknown): string | null => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);

/** `booking_requests`: one row per request, its decision (and the rule behind it) once made. */
const plainBookingRequestsProjection: InlineProjection<BookingRequestEvent, Database> = {
  name: 'bookings.requests',
  tables: ['booking_requests'],
  handles: BOOKING_REQUEST_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      const at = e.recordedAt;
      const d = e.data;
      const row = () => db.updateTable('booking_requests').where('tenant_id', '=', d.business_id).where('id', '=', d.request_id);
      switch (e.type) {
        case 'BookingRequested':
          await db
            .insertInto('booking_requests')
            .values({
              tenant_id: d.business_id,
              id: d.request_id,
              flow: e.data.flow,
              status: 'pending',
              department_id: e.data.department_id,
              queue_id: e.data.data.queue_id ?? null,
              customer_id: e.data.customer_id,
              starts_at: validInstant(e.data.data.starts_at),
              data: JSON.stringify(e.data.data),
              booking_id: null,
              decision: null,
              created_at: at,
              updated_at: at,
            })
            .execute();
          break;
        case 'BookingRequestApproved': {
          const decision = { status: 'approved', rule_id: e.data.rule_id, rule_name: e.data.rule_name, by: e.data.by, reason: null, at: at.toISOString() };
          await row()
            .set({
              status: 'approved',
              booking_id: e.data.booking_id,
              data: JSON.stringify(e.data.data),
              department_id: e.data.data.department_id,
              starts_at: validInstant(e.data.data.starts_at),
              decision: JSON.stringify(decision),
              updated_at: at,
            })
            .execute();
          break;
        }
        case 'BookingRequestDeclined': {
          const decision = {
            status: 'declined',
            rule_id: e.data.rule_id,
            rule_name: e.data.rule_name,
            by: e.data.by,
            reason: e.data.reason,
            at: at.toISOString(),
          };
          await row()
            .set({ status: 'declined', decision: JSON.stringify(decision), updated_at: at })
            .execute();
          break;
        }
      }
    }
  },
};

/** Written from opened events: a request's sealed personal text reads as it was given. */
export const bookingRequestsProjection = openingBookingProjection(plainBookingRequestsProjection);
