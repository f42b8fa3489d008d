import type { Transaction } from 'kysely';
import { DEFAULT_NOTIFICATION_SETTINGS, REMINDER_TYPES, type ReminderType } from '@tabour/contracts';
import type { RecordedEvent } from '@tabour/eventstore';
import { reminderDueTimes } from '@tabour/notifications';
import type { Database } from '@tabour/platform';
import type { Business } from './reactor.facts';

type Data = Record<string, unknown>;

/** Booking events after which its reminders are recomputed, and those after which they are dropped. */
const PLACING = new Set(['BookingCreated', 'BookingRescheduled']);
const ENDING = new Set(['BookingCancelled', 'BookingDeleted', 'BookingMarkedNoShow', 'BookingCompleted', 'BookingCheckedIn']);

/**
 * A booking's reminders: computed again whenever it is placed or moved (the ones of its old
 * start dropped), dropped when it ends, at the same wall time 1, 2 and 7 days before in the
 * business's zone. The sweep (reminders.ts) sends them once due. Only a booking's last such
 * event of the batch decides what it keeps, so the batch drops in one statement and
 * schedules in one.
 */
export async function scheduleReminders(trx: Transaction<Database>, events: RecordedEvent[], now: Date, businesses: Map<string, Business>): Promise<void> {
  const last = new Map<string, RecordedEvent>();
  for (const e of events) {
    if (e.category !== 'booking' || !(PLACING.has(e.type) || ENDING.has(e.type))) continue;
    const id = (e.data as Data).booking_id as string;
    // A later event takes the booking's place in the order, as it would have come last.
    last.delete(id);
    last.set(id, e);
  }
  if (!last.size) return;
  await trx
    .updateTable('booking_reminders')
    .set({ status: 'dropped', updated_at: now })
    .where('booking_id', 'in', [...last.keys()])
    .where('status', '=', 'scheduled')
    .execute();
  const rows = [];
  for (const [bookingId, e] of last) {
    const d = e.data as Data & { starts_at: string };
    if (!PLACING.has(e.type) || d.notify_customer === false) continue;
    const business = businesses.get(e.tenantId!);
    const wanted = REMINDER_TYPES.filter((t: ReminderType) => ({ ...DEFAULT_NOTIFICATION_SETTINGS.booking, ...business?.settings?.booking })[t]);
    for (const r of reminderDueTimes(d.starts_at, business?.time_zone ?? 'UTC', now, wanted))
      rows.push({
        tenant_id: e.tenantId!,
        booking_id: bookingId,
        message_type: r.type,
        starts_at: d.starts_at,
        due_at: r.due_at,
        status: 'scheduled' as const,
        updated_at: now,
      });
  }
  if (!rows.length) return;
  await trx
    .insertInto('booking_reminders')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['booking_id', 'message_type']).doUpdateSet((eb) => ({
        starts_at: eb.ref('excluded.starts_at'),
        due_at: eb.ref('excluded.due_at'),
        status: 'scheduled',
        updated_at: now,
      })),
    )
    .execute();
}
