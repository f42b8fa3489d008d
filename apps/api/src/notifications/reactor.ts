import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { sql, Transaction } from 'kysely';
import { DEFAULT_NOTIFICATION_SETTINGS, REMINDER_TYPES, type NotificationSettings, type ReminderType } from '@tabour/contracts';
import type { InlineProjection, RecordedEvent } from '@tabour/eventstore';
import {
  bookingMessages,
  LINE_MOVING_EVENTS,
  GET_READY_PLACES_MAX,
  noticeStaff,
  queueMessages,
  recordMessages,
  reminderDueTimes,
  type ReactionFacts,
  type TicketFacts,
} from '@tabour/notifications';
import { businessZoneSql } from '@tabour/organisation';
import { AppConfig, Database } from '@tabour/platform';
import { APP_CONFIG } from '../common/tokens';
import { ProjectionRegistry } from '../eventing/projection-registry';
import { NotificationSender } from './sender';

export const MESSAGES_SUBSCRIPTION = 'notifications.messages';

interface Named {
  id: string;
  name: string;
}

/** What `facts` reads, each part a JSON array of rows. */
interface FactRows {
  queues: Named[];
  counters: Named[];
  tickets: TicketFacts[];
  waiting: TicketFacts[];
  settings: { tenant_id: string; time_zone: string | null; settings: Partial<NotificationSettings> | null }[];
  bookings: { id: string; customer_id: string | null; phone_number: string | null; department_id: string; service_ids: string[]; starts_at: string }[];
  departments: Named[];
  services: Named[];
  open: { queue_id: string; n: number }[];
}

/**
 * An erased customer's messages keep their count, type, segments and cost (the business's
 * ledger) but lose what named them: the address and the text; one not yet sent is not sent.
 * It keeps no table of its own, so a rebuild never runs it.
 */
export const messagesErasure: InlineProjection<{ type: 'CustomerErased'; data: { customer_id: string; business_id: string } }, Database> = {
  name: 'notifications.erasure',
  handles: ['CustomerErased'],
  async apply(db, events) {
    for (const e of events) {
      await db
        .updateTable('notification_messages')
        .set({ status: 'skipped', skip_reason: 'customer_erased', updated_at: new Date() })
        .where('tenant_id', '=', e.data.business_id)
        .where('customer_id', '=', e.data.customer_id)
        .where('status', '=', 'queued')
        .execute();
      await db
        .updateTable('notification_messages')
        .set({ recipient: 'erased', body: '', subject: null, updated_at: new Date() })
        .where('tenant_id', '=', e.data.business_id)
        .where('customer_id', '=', e.data.customer_id)
        .execute();
    }
  },
};

/** A queue message whose moment has passed (a call an hour ago, after an outage) is not sent. */
const STALE_QUEUE_MS = 30 * 60_000;

/** Booking events after which its reminders are recomputed, and those after which they are dropped. */
const PLACING = new Set(['BookingCreated', 'BookingRescheduled']);
const ENDING = new Set(['BookingCancelled', 'BookingDeleted', 'BookingMarkedNoShow', 'BookingCompleted', 'BookingCheckedIn']);

type Trx = Transaction<Database>;
type Data = Record<string, unknown>;
/** A business's zone and stored notification settings, as a batch reads them once. */
type Business = { time_zone: string | null; settings: Partial<NotificationSettings> | null };

/**
 * The messages reactor (docs/notifications.md): one subscription over the queue, booking and
 * request streams. Each batch records its messages, reminders and staff notices in the
 * transaction that moves the checkpoint, so each is recorded exactly once; the sender is
 * woken after the commit. It starts at the head of the log on an installation with history
 * (migrations/20261126080000_notifications.ts) and is never rebuilt: it is not a read model.
 */
@Injectable()
export class NotificationReactor implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly sender: NotificationSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Inside the erasure's own transaction: once the call answers, no message names the customer.
    this.registry.registerInline(messagesErasure as InlineProjection);
    this.registry.subscribe(
      MESSAGES_SUBSCRIPTION,
      { categories: ['queue', 'booking', 'bookingrequest', 'queuerequest'] },
      (events, trx) => this.handle(events, trx as unknown as Trx),
      {
        batchSize: 200,
        pollIntervalMs: 1000,
        // Only messages just queued need the sender now; its poll finds any others.
        afterCommit: (_handled, queued) => {
          if ((queued as number) > 0) this.sender.wake();
        },
      },
    );
  }

  /** Returns how many messages it queued for the sender. */
  async handle(events: RecordedEvent[], trx: Trx, now = new Date()): Promise<number> {
    const live = events.filter((e) => e.tenantId && (e.category !== 'queue' || now.getTime() - e.recordedAt.getTime() < STALE_QUEUE_MS));
    if (!live.length) return 0;
    const { facts, businesses } = await this.facts(trx, live);
    const intents = live.flatMap((e) => (e.category === 'queue' ? queueMessages(e, facts) : e.category === 'booking' ? bookingMessages(e, facts) : []));
    const queued = intents.length ? (await recordMessages(trx, intents, now)).queued : 0;
    await this.schedule(trx, live, now, businesses);
    await this.noticeStaff(trx, live);
    return queued;
  }

  /**
   * What the batch's messages say that its events do not carry, read once for the batch, and
   * each business's zone and stored notification settings (the reminders' too). They are read
   * in the batch's transaction rather than kept in the process: a statement per batch, not per
   * event, and no other process's change of a zone or a setting can be missed.
   */
  private async facts(trx: Trx, events: RecordedEvent[]): Promise<{ facts: ReactionFacts; businesses: Map<string, Business> }> {
    const queueIds = new Set<string>();
    const ticketIds = new Set<string>();
    const counterIds = new Set<string>();
    const bookingIds = new Set<string>();
    const lineQueues = new Set<string>();
    const wholeLines = new Set<string>();
    const tenantOfQueue = new Map<string, string>();
    const tenants = new Set<string>();
    const departmentIds = new Set<string>();
    const serviceIds = new Set<string>();
    for (const e of events) {
      const d = e.data as Data;
      tenants.add(e.tenantId!);
      if (e.category === 'queue') {
        queueIds.add(d.queue_id as string);
        tenantOfQueue.set(d.queue_id as string, e.tenantId!);
        if (typeof d.ticket_id === 'string') ticketIds.add(d.ticket_id);
        if (typeof d.counter_id === 'string') counterIds.add(d.counter_id);
        if (typeof d.from_queue_id === 'string') queueIds.add(d.from_queue_id);
        if ((LINE_MOVING_EVENTS as readonly string[]).includes(e.type)) lineQueues.add(d.queue_id as string);
        // A delay tells every waiting ticket; a move or swap names tickets anywhere in the line.
        if (e.type === 'QueueDelayed' || e.type === 'TicketMoved' || e.type === 'TicketsSwapped') wholeLines.add(d.queue_id as string);
      }
      // Every booking event reads its row: the booking's own phone is the address whatever the
      // batch holds (a batch of its creation alone must not fall back to the customer's phone).
      if (e.category === 'booking') bookingIds.add(d.booking_id as string);
      if (e.category === 'booking' && typeof d.department_id === 'string') departmentIds.add(d.department_id);
      if (e.category === 'booking' && Array.isArray(d.service_ids)) for (const s of d.service_ids as string[]) serviceIds.add(s);
    }
    const arrivals = [...new Set(events.filter((e) => e.type === 'TicketPushed').map((e) => (e.data as Data).queue_id as string))];
    const lines = [...new Set([...lineQueues, ...wholeLines])];
    const ids = (xs: Iterable<string>) => sql`${[...xs]}::uuid[]`;
    // One statement for all of it: a batch's round trips, not the rows, are what it costs.
    // For the get-ready place only the head of a line is read, along the waiting index (the
    // rank is counted when read: the order is kept as a sortable place); a move, a swap or a
    // delay reads the whole line. A booking's department and services come with the booking.
    const { rows } = await sql<FactRows>`
      SELECT
        (SELECT coalesce(json_agg(json_build_object('id', q.id, 'name', q.name)), '[]') FROM queues q WHERE q.id = ANY(${ids(queueIds)})) AS queues,
        (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name)), '[]') FROM queue_counters c WHERE c.id = ANY(${ids(counterIds)})) AS counters,
        (SELECT coalesce(json_agg(t), '[]') FROM (
          SELECT id, uid, label, customer_id, queue_id, estimated_wait_seconds, NULL::int AS rank FROM queue_tickets WHERE id = ANY(${ids(ticketIds)})) t) AS tickets,
        (SELECT coalesce(json_agg(w), '[]') FROM unnest(${ids(lines)}, ${lines.map((q) => tenantOfQueue.get(q)!)}::uuid[], ${lines.map((q) => (wholeLines.has(q) ? null : GET_READY_PLACES_MAX))}::int[]) AS l(queue_id, tenant_id, places)
          CROSS JOIN LATERAL (
            SELECT id, uid, label, customer_id, queue_id, estimated_wait_seconds, row_number() OVER (ORDER BY place)::int AS rank
            FROM queue_tickets WHERE tenant_id = l.tenant_id AND queue_id = l.queue_id AND status = 'waiting' ORDER BY place LIMIT l.places) w) AS waiting,
        (SELECT coalesce(json_agg(json_build_object('tenant_id', t.id, 'time_zone', ${businessZoneSql(sql.ref('t.id'))}, 'settings', s.settings)), '[]') FROM unnest(${ids(tenants)}) AS t(id)
          LEFT JOIN notification_settings s ON s.tenant_id = t.id) AS settings,
        (SELECT coalesce(json_agg(json_build_object('id', b.id, 'customer_id', b.customer_id, 'phone_number', b.phone_number, 'department_id', b.department_id,
            'service_ids', b.service_ids, 'starts_at', to_char(b.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))), '[]')
          FROM bookings b WHERE b.id = ANY(${ids(bookingIds)})) AS bookings,
        (SELECT coalesce(json_agg(json_build_object('id', d.id, 'name', d.name)), '[]') FROM departments d
          WHERE d.id = ANY(${ids(departmentIds)}) OR d.id IN (SELECT department_id FROM bookings WHERE id = ANY(${ids(bookingIds)}))) AS departments,
        (SELECT coalesce(json_agg(json_build_object('id', v.id, 'name', v.name)), '[]') FROM services v
          WHERE v.id = ANY(${ids(serviceIds)}) OR v.id IN (SELECT jsonb_array_elements_text(service_ids)::uuid FROM bookings WHERE id = ANY(${ids(bookingIds)}))) AS services,
        (SELECT coalesce(json_agg(json_build_object('queue_id', o.queue_id, 'n', o.n)), '[]') FROM (
          SELECT queue_id, count(*)::int AS n FROM queue_counters WHERE queue_id = ANY(${ids(arrivals)}) AND open GROUP BY queue_id) o) AS open
    `.execute(trx);
    const { queues, counters, tickets, waiting, settings, bookings, departments, services, open } = rows[0];
    const openBy = new Map(open.map((o) => [o.queue_id, o.n]));
    const settingsOf = new Map(
      settings.filter((s) => s.settings).map((s) => [s.tenant_id, { ...DEFAULT_NOTIFICATION_SETTINGS, ...s.settings } as NotificationSettings]),
    );
    const businesses = new Map(settings.map((s) => [s.tenant_id, { time_zone: s.time_zone, settings: s.settings }]));
    const of = (tenantId: string) => settingsOf.get(tenantId) ?? DEFAULT_NOTIFICATION_SETTINGS;
    const waitingBy = new Map<string, TicketFacts[]>();
    for (const t of waiting) waitingBy.set(t.queue_id, [...(waitingBy.get(t.queue_id) ?? []), t]);
    const facts: ReactionFacts = {
      publicUrl: this.config.publicUrl.replace(/\/$/, ''),
      queues: new Map(queues.map((q) => [q.id, q.name])),
      counters: new Map(counters.map((c) => [c.id, c.name])),
      tickets: new Map(tickets.map((t) => [t.id, t])),
      waiting: waitingBy,
      getReadyPlaces: (tenantId) => of(tenantId).public.get_ready_places,
      feedbackOn: (tenantId) => of(tenantId).public.allow_feedback,
      bookings: new Map(
        bookings.map((b) => [
          b.id,
          { customer_id: b.customer_id, starts_at: b.starts_at, phone_number: b.phone_number, department_id: b.department_id, service_ids: b.service_ids },
        ]),
      ),
      openCounters: (queueId) => openBy.get(queueId) ?? 0,
      departments: new Map(departments.map((x) => [x.id, x.name])),
      services: new Map(services.map((x) => [x.id, x.name])),
    };
    return { facts, businesses };
  }

  /**
   * A booking's reminders: computed again whenever it is placed or moved (the ones of its old
   * start dropped), dropped when it ends, at the same wall time 1, 2 and 7 days before in the
   * business's zone. The sweep (reminders.ts) sends them once due. Only a booking's last such
   * event of the batch decides what it keeps, so the batch drops in one statement and
   * schedules in one.
   */
  private async schedule(trx: Trx, events: RecordedEvent[], now: Date, businesses: Map<string, Business>): Promise<void> {
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

  /** What the staff's bell shows: a booking request or a queue request waiting for them. */
  private async noticeStaff(trx: Trx, events: RecordedEvent[]): Promise<void> {
    for (const e of events) {
      const d = e.data as Data;
      if (e.type === 'BookingRequested')
        await noticeStaff(trx, e.tenantId!, 'booking_request', `booking-request:${d.request_id as string}`, {
          request_id: d.request_id,
          department_id: d.department_id ?? null,
        });
      if (e.type === 'QueueRequestSubmitted')
        await noticeStaff(trx, e.tenantId!, 'queue_request', `queue-request:${d.request_id as string}`, { request_id: d.request_id, queue_id: d.queue_id });
    }
  }
}
