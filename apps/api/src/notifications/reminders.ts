import { Inject, Injectable, Logger } from '@nestjs/common';
import { BOOKING_HOLDING_STATUSES, type MessageType } from '@tabour/contracts';
import { recordMessages, type MessageIntent } from '@tabour/notifications';
import { departmentNames, serviceNames } from '@tabour/organisation';
import { Db } from '@tabour/platform';
import { DB } from '../common/tokens';
import { untilShortBatch } from '../eventing/periodic-job';
import { Scheduler } from '../eventing/scheduler';
import { NotificationSender } from './sender';

/** Reminders moved into the outbox per transaction. */
const BATCH = 1000;

/**
 * Sends the booking reminders that fell due (docs/notifications.md, "Reminders"). Due rows are
 * taken with FOR UPDATE SKIP LOCKED and marked sent in the transaction that records their
 * messages, so with several instances each reminder is recorded once, and a crash before the
 * commit leaves it due. A reminder whose booking no longer holds its place (cancelled, moved:
 * the reactor dropped it already) is not sent.
 */
@Injectable()
export class ReminderSweep {
  private readonly log = new Logger('notifications.reminders');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly sender: NotificationSender,
    scheduler: Scheduler,
  ) {
    scheduler.every('reminders', 'reminders', this.log, () => this.run());
  }

  /** Everything due at `now`, batch after batch; answers how many reminders were recorded. */
  run(now = new Date()): Promise<number> {
    return untilShortBatch(BATCH, async () => {
      const n = await this.batch(now);
      if (n > 0) this.sender.wake();
      return n;
    });
  }

  private batch(now: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('booking_reminders as r')
        .select(['r.tenant_id', 'r.booking_id', 'r.message_type', 'r.starts_at'])
        .where('r.status', '=', 'scheduled')
        .where('r.due_at', '<=', now)
        .orderBy('r.due_at')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (!due.length) return 0;
      const bookings = await trx
        .selectFrom('bookings')
        .select(['id', 'customer_id', 'phone_number', 'starts_at', 'status', 'department_id', 'service_ids'])
        .where(
          'id',
          'in',
          due.map((r) => r.booking_id),
        )
        .execute();
      const byId = new Map(bookings.map((b) => [b.id, b]));
      // The names the reminders say (their department and services).
      const departmentIds = [...new Set(bookings.map((b) => b.department_id))];
      const serviceIds = [...new Set(bookings.flatMap((b) => b.service_ids))];
      const [departments, services] = await Promise.all([departmentNames(trx, { ids: departmentIds }), serviceNames(trx, { ids: serviceIds })]);
      const departmentName = new Map(departments.map((d) => [d.id, d.name]));
      const serviceName = new Map(services.map((x) => [x.id, x.name]));
      const intents: MessageIntent[] = [];
      for (const r of due) {
        const b = byId.get(r.booking_id);
        const holds =
          b && (BOOKING_HOLDING_STATUSES as readonly string[]).includes(b.status) && new Date(b.starts_at).getTime() === new Date(r.starts_at).getTime();
        if (!b || !holds || (!b.customer_id && !b.phone_number)) continue;
        intents.push({
          tenant_id: r.tenant_id,
          type: r.message_type as MessageType,
          cause: `reminder:${r.booking_id}:${new Date(r.starts_at).toISOString()}`,
          customer_id: b.customer_id,
          booking_id: r.booking_id,
          starts_at: new Date(b.starts_at).toISOString(),
          values: {
            department: departmentName.get(b.department_id) ?? '',
            services: b.service_ids
              .map((id) => serviceName.get(id))
              .filter(Boolean)
              .join(', '),
          },
          ...(b.phone_number ? { contact: { phone: b.phone_number } } : {}),
        });
      }
      if (intents.length) await recordMessages(trx, intents, now);
      await trx
        .updateTable('booking_reminders')
        .set({ status: 'sent', updated_at: now })
        .where(
          'booking_id',
          'in',
          due.map((r) => r.booking_id),
        )
        .where('status', '=', 'scheduled')
        .where('due_at', '<=', now)
        .execute();
      return due.length;
    });
  }
}
