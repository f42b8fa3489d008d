import { sql, Transaction } from 'kysely';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@tabour/contracts';
import type { RecordedEvent } from '@tabour/eventstore';
import { LINE_MOVING_EVENTS, GET_READY_PLACES_MAX, type ReactionFacts, type TicketFacts } from '@tabour/notifications';
import { businessZoneSql } from '@tabour/organisation';
import type { Database } from '@tabour/platform';

type Trx = Transaction<Database>;
type Data = Record<string, unknown>;
/** A business's zone and stored notification settings, as a batch reads them once. */
export type Business = { time_zone: string | null; settings: Partial<NotificationSettings> | null };

interface Named {
  id: string;
  name: string;
}

/** What `readFacts` reads, each part a JSON array of rows. */
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

/** The ids a batch's messages need named, gathered from its events before the one read. */
function wantedIds(events: RecordedEvent[]) {
  const w = {
    queueIds: new Set<string>(),
    ticketIds: new Set<string>(),
    counterIds: new Set<string>(),
    bookingIds: new Set<string>(),
    lineQueues: new Set<string>(),
    wholeLines: new Set<string>(),
    tenantOfQueue: new Map<string, string>(),
    tenants: new Set<string>(),
    departmentIds: new Set<string>(),
    serviceIds: new Set<string>(),
  };
  for (const e of events) {
    const d = e.data as Data;
    w.tenants.add(e.tenantId!);
    if (e.category === 'queue') {
      w.queueIds.add(d.queue_id as string);
      w.tenantOfQueue.set(d.queue_id as string, e.tenantId!);
      if (typeof d.ticket_id === 'string') w.ticketIds.add(d.ticket_id);
      if (typeof d.counter_id === 'string') w.counterIds.add(d.counter_id);
      if (typeof d.from_queue_id === 'string') w.queueIds.add(d.from_queue_id);
      if ((LINE_MOVING_EVENTS as readonly string[]).includes(e.type)) w.lineQueues.add(d.queue_id as string);
      // A delay tells every waiting ticket; a move or swap names tickets anywhere in the line.
      if (e.type === 'QueueDelayed' || e.type === 'TicketMoved' || e.type === 'TicketsSwapped') w.wholeLines.add(d.queue_id as string);
    }
    // Every booking event reads its row: the booking's own phone is the address whatever the
    // batch holds (a batch of its creation alone must not fall back to the customer's phone).
    if (e.category === 'booking') w.bookingIds.add(d.booking_id as string);
    if (e.category === 'booking' && typeof d.department_id === 'string') w.departmentIds.add(d.department_id);
    if (e.category === 'booking' && Array.isArray(d.service_ids)) for (const s of d.service_ids as string[]) w.serviceIds.add(s);
  }
  const arrivals = [...new Set(events.filter((e) => e.type === 'TicketPushed').map((e) => (e.data as Data).queue_id as string))];
  return { ...w, arrivals, lines: [...new Set([...w.lineQueues, ...w.wholeLines])] };
}

/**
 * One statement for all of it: a batch's round trips, not the rows, are what it costs. For the
 * get-ready place only the head of a line is read, along the waiting index (the rank is counted
 * when read: the order is kept as a sortable place); a move, a swap or a delay reads the whole
 * line. A booking's department and services come with the booking.
 */
async function readRows(trx: Trx, w: ReturnType<typeof wantedIds>): Promise<FactRows> {
  const { queueIds, counterIds, ticketIds, lines, tenantOfQueue, wholeLines, tenants, bookingIds, departmentIds, serviceIds, arrivals } = w;
  const ids = (xs: Iterable<string>) => sql`${[...xs]}::uuid[]`;
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
  return rows[0];
}

/**
 * What the batch's messages say that its events do not carry, read once for the batch, and
 * each business's zone and stored notification settings (the reminders' too). They are read
 * in the batch's transaction rather than kept in the process: a statement per batch, not per
 * event, and no other process's change of a zone or a setting can be missed.
 */
export async function readFacts(trx: Trx, events: RecordedEvent[], publicUrl: string): Promise<{ facts: ReactionFacts; businesses: Map<string, Business> }> {
  const { queues, counters, tickets, waiting, settings, bookings, departments, services, open } = await readRows(trx, wantedIds(events));
  const openBy = new Map(open.map((o) => [o.queue_id, o.n]));
  const settingsOf = new Map(
    settings.filter((s) => s.settings).map((s) => [s.tenant_id, { ...DEFAULT_NOTIFICATION_SETTINGS, ...s.settings } as NotificationSettings]),
  );
  const businesses = new Map(settings.map((s) => [s.tenant_id, { time_zone: s.time_zone, settings: s.settings }]));
  const of = (tenantId: string) => settingsOf.get(tenantId) ?? DEFAULT_NOTIFICATION_SETTINGS;
  const waitingBy = new Map<string, TicketFacts[]>();
  for (const t of waiting) waitingBy.set(t.queue_id, [...(waitingBy.get(t.queue_id) ?? []), t]);
  const facts: ReactionFacts = {
    publicUrl: publicUrl.replace(/\/$/, ''),
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
