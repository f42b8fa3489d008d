import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import type { ActivityItem, ActivityState } from '@tabour/contracts';
import { fold, type RecordedEvent } from '@tabour/eventstore';
import { Db, invalid, notFound, UserPrincipal } from '@tabour/platform';
import { queueDecider, queuePersonalData, type QueueEvent } from '@tabour/queues';
import { bookingDecider, bookingPersonalData, type BookingEvent } from '@tabour/bookings';
import { customerDecider, customerKeys, openEvent, type CustomerEvent } from '@tabour/customers';
import { anyOf, openRecorded } from '@tabour/privacy';
import { selectRawPage } from '../common/paged-select';
import { pageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { BusinessCalendar } from '../organisation/calendar';
import type { ActivityQuery } from './activity.dto';
import { describe, localTime, recordOf, redact, wantedIds, type LogEvent, type Names } from './describe';

interface EventRow {
  position: number;
  stream_id: string;
  category: string;
  event_type: string;
  data: Record<string, unknown>;
  metadata: { actor?: { type: string; id?: string; name?: string }; correlationId?: string };
  recorded_at: Date;
}

/** Roles that may read customers (docs/product.md#roles-and-permissions): they alone see names, phones, notes and feedback text. */
const PERSONAL_ROLES = new Set(['ADMIN', 'MANAGER']);
/** The personal text of queue and booking events, opened in one read of their keys. */
const SEALED_TEXT = anyOf(queuePersonalData, bookingPersonalData);
const ACTOR_KINDS: Record<string, string> = {
  staff: 'user',
  kiosk: 'kiosk',
  display: 'display',
  customer_link: 'customer_link',
  sms: 'customer_link',
  system: 'system',
};
/** How a ticket leaves the live list, as its archive names it. */
const LEFT: Record<string, string> = {
  TicketEnded: 'ended',
  TicketMarkedNoShow: 'no_show',
  TicketMarkedAbsent: 'absent',
  TicketRevoked: 'revoked',
  TicketClosedAtDayEnd: 'closed_at_day_end',
  TicketRedirectedOut: 'redirected',
};
/** A file is made in memory: beyond this many events, narrow the dates. */
export const MAX_ACTIVITY_EXPORT = 50_000;
const COLUMNS = ['position', 'recorded_at', 'local_time', 'actor_kind', 'actor', 'via', 'event', 'record_kind', 'record_id', 'record', 'customer', 'details'];

/**
 * The business's history straight from the event store: who did what, when, on which record.
 * It is one of the two places allowed to read the store directly (the other is the integrator
 * feed), because the log *is* the history an auditor replays.
 */
@Injectable()
export class ActivityService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly calendar: BusinessCalendar,
  ) {}

  /**
   * A bare date is a whole day of the business's calendar: `from` its first instant, `to` its
   * last, so "to 24 Nov" keeps what happened that afternoon.
   */
  private async bounds(tenantId: string, q: ActivityQuery): Promise<ActivityQuery> {
    const day = /^\d{4}-\d{2}-\d{2}$/;
    if (!(q.from && day.test(q.from)) && !(q.to && day.test(q.to))) return q;
    const zone = await this.zone(tenantId);
    const at = (d: string, end: boolean) => {
      const local = DateTime.fromISO(d, { zone });
      return (end ? local.endOf('day') : local.startOf('day')).toUTC().toISO()!;
    };
    return { ...q, from: q.from && day.test(q.from) ? at(q.from, false) : q.from, to: q.to && day.test(q.to) ? at(q.to, true) : q.to };
  }

  /**
   * A record's whole timeline: its own stream and the events of other streams that name it (a
   * ticket in its queue's stream, a customer's tickets and bookings). Known records are read
   * through their streams, so the (stream_id, revision) index bounds the scan; an id the read
   * tables do not know is looked for in every event of the business.
   */
  private async scope(tenantId: string, recordId: string): Promise<RawBuilder<unknown>> {
    const id = recordId.toLowerCase();
    const naming = (ids: string[]) =>
      sql`(data->>'ticket_id' = ANY(${ids}::text[]) OR data->'ticket'->>'id' = ANY(${ids}::text[]) OR data->>'ticket_1' = ANY(${ids}::text[]) OR data->>'ticket_2' = ANY(${ids}::text[]))`;
    const ticket = await this.db.selectFrom('queue_tickets').select('queue_id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (ticket) return sql`stream_id IN (${'queue-' + ticket.queue_id}, ${'ticketfeedback-' + id}) AND ${naming([id])}`;
    const booking = await this.db.selectFrom('bookings').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (booking) return sql`stream_id = ${'booking-' + id}`;
    const customer = await sql`SELECT 1 FROM es_streams WHERE stream_id = ${'customer-' + id} AND tenant_id = ${tenantId}`.execute(this.db);
    if (customer.rows.length) {
      const tickets = await this.db
        .selectFrom('queue_tickets')
        .select(['id', 'queue_id'])
        .where('tenant_id', '=', tenantId)
        .where('customer_id', '=', id)
        .execute();
      const bookings = await this.db.selectFrom('bookings').select('id').where('tenant_id', '=', tenantId).where('customer_id', '=', id).execute();
      const own = [`customer-${id}`, ...bookings.map((b) => `booking-${b.id}`), ...tickets.map((t) => `ticketfeedback-${t.id}`)];
      const queues = [...new Set(tickets.map((t) => `queue-${t.queue_id}`))];
      return sql`(stream_id = ANY(${own}::text[]) OR (stream_id = ANY(${queues}::text[]) AND ${naming(tickets.map((t) => t.id))}))`;
    }
    return sql`(stream_id LIKE ${'%-' + id} OR ${naming([id])} OR data->>'booking_id' = ${id} OR data->>'customer_id' = ${id}
      OR data->'ticket'->>'customer_id' = ${id} OR data->>'request_id' = ${id})`;
  }

  private zone(tenantId: string): Promise<string> {
    return this.calendar.zone(tenantId);
  }

  private where(tenantId: string, q: ActivityQuery, scope: RawBuilder<unknown> | null): RawBuilder<unknown> {
    if (q.from && q.to && new Date(q.from) > new Date(q.to)) throw invalid('from must be before to', { from: ['from must be before to'] });
    const filters = [sql`tenant_id = ${tenantId}`];
    if (q.type) filters.push(sql`event_type = ANY(${q.type.split(',')}::text[])`);
    if (q.category) filters.push(sql`category = ${q.category}`);
    if (q.stream_id) filters.push(sql`stream_id = ${q.stream_id}`);
    if (scope) filters.push(scope);
    if (q.actor_id) filters.push(sql`metadata->'actor'->>'id' = ${q.actor_id}`);
    if (q.actor_kind) {
      filters.push(sql`coalesce(metadata->'actor'->>'type', 'system') = ${ACTOR_KINDS[q.actor_kind]}`);
      if (q.actor_kind === 'sms') filters.push(sql`metadata->'actor'->>'name' = 'SMS'`);
    }
    if (q.from) filters.push(sql`recorded_at >= ${new Date(q.from)}`);
    if (q.to) filters.push(sql`recorded_at <= ${new Date(q.to)}`);
    return sql.join(filters, sql` AND `);
  }

  async list(user: UserPrincipal, q: ActivityQuery) {
    const page = pageRequest(q as Record<string, unknown>, 25);
    const found = await selectRawPage<EventRow>(
      this.db,
      sql`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events WHERE ${this.where(user.tenantId, await this.bounds(user.tenantId, q), q.record_id ? await this.scope(user.tenantId, q.record_id) : null)}`,
      sql`position DESC`,
      page,
      // pagination=off still stops somewhere: the log of a busy business grows without end.
      { cap: 10_000 },
    );
    return { ...found, data: await this.items(user, found.data) };
  }

  /** Rows of the store as the reader may see them, sentences and names resolved. */
  async items(user: UserPrincipal, rows: EventRow[]): Promise<ActivityItem[]> {
    const personal = PERSONAL_ROLES.has(user.role);
    const opened = await this.open(user.tenantId, rows);
    const events: LogEvent[] = rows.map((r, i) => ({
      position: Number(r.position),
      stream_id: r.stream_id,
      category: r.category,
      event_type: r.event_type,
      data: opened[i].data,
      actor: r.metadata?.actor ?? { type: 'system' },
      recorded_at: new Date(r.recorded_at),
    }));
    const names = await this.names(user.tenantId, events, personal);
    return events.map((e, i) => {
      const sealed = opened[i].sealed;
      const state = !sealed ? 'none' : opened[i].erased ? 'erased' : personal ? 'shown' : 'hidden';
      return {
        ...describe(e, names, state),
        correlation_id: rows[i].metadata?.correlationId ?? null,
        data: personal && !opened[i].erased ? e.data : redact(e.category, e.data),
      };
    });
  }

  /** Each event's data opened with its subject's key (the context's open hook); an erased one reads as erased. */
  private async open(tenantId: string, rows: EventRow[]): Promise<{ data: Record<string, unknown>; sealed: boolean; erased: boolean }[]> {
    const recorded = rows.map((r) => ({ type: r.event_type, data: r.data, tenantId, category: r.category }) as unknown as RecordedEvent);
    const opened = await openRecorded(this.db, SEALED_TEXT, recorded);
    const customerIds = [...new Set(rows.filter((r) => r.category === 'customer' && r.data && 'pii' in r.data).map((r) => String(r.data.customer_id)))];
    const keys = await customerKeys(this.db, tenantId, customerIds);
    return rows.map((r, i) => {
      const sealed = !!r.data && typeof r.data === 'object' && 'pii' in r.data;
      if (!sealed) return { data: r.data ?? {}, sealed: false, erased: false };
      if (r.category === 'customer') {
        const key = keys.get(String(r.data.customer_id)) ?? null;
        const e = openEvent<{ data: Record<string, unknown> }>(r as unknown as { type: string; data: unknown }, key);
        return { data: e.data, sealed, erased: e.data.personal === null && r.data.pii !== null };
      }
      const o = opened[i];
      return { data: o.event.data as Record<string, unknown>, sealed, erased: o.erased };
    });
  }

  private async names(tenantId: string, events: LogEvent[], personal: boolean): Promise<Names> {
    const ids = wantedIds(events);
    const db = this.db;
    const list = (s: Set<string>) => [...s];
    const zone = await this.zone(tenantId);
    const named = async (table: 'queues' | 'queue_counters' | 'departments' | 'services', s: Set<string>) =>
      new Map(
        s.size
          ? (await db.selectFrom(table).select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', list(s)).execute()).map((r) => [
              r.id,
              r.name,
            ])
          : [],
      );
    const tickets = ids.tickets.size
      ? await db
          .selectFrom('queue_tickets')
          .select(['id', 'label', 'queue_id', 'customer_name', 'customer_id'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', list(ids.tickets))
          .execute()
      : [];
    for (const t of tickets) if (t.customer_id) ids.customers.add(t.customer_id);
    const bookings = ids.bookings.size
      ? await db
          .selectFrom('bookings')
          .select(['id', 'starts_at', 'customer_id'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', list(ids.bookings))
          .execute()
      : [];
    for (const b of bookings) if (b.customer_id) ids.customers.add(b.customer_id);
    const customers =
      personal && ids.customers.size
        ? await db
            .selectFrom('customers')
            .select(['id', 'first_name', 'last_name'])
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', list(ids.customers))
            .execute()
        : [];
    const members = ids.members.size
      ? await db
          .selectFrom('team_members')
          .select(['id', 'first_name', 'last_name'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', list(ids.members))
          .execute()
      : [];
    // A login that is not a team member (the business's owner) is named from its user row.
    const loginsOnly = [...ids.members].filter((id) => !members.some((m) => m.id === id));
    const logins = loginsOnly.length
      ? await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('tenant_id', '=', tenantId).where('id', 'in', loginsOnly).execute()
      : [];
    const devices = ids.devices.size
      ? [
          ...(await db.selectFrom('kiosks').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', list(ids.devices)).execute()),
          ...(await db.selectFrom('displays').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', list(ids.devices)).execute()),
        ]
      : [];
    return {
      zone,
      personal,
      tickets: new Map(
        tickets.map((t) => [t.id, { label: t.label, queue_id: t.queue_id, customer_name: personal ? t.customer_name : null, customer_id: t.customer_id }]),
      ),
      queues: await named('queues', ids.queues),
      counters: await named('queue_counters', ids.counters),
      departments: await named('departments', ids.departments),
      services: await named('services', ids.services),
      customers: new Map(customers.map((c) => [c.id, [c.first_name, c.last_name].filter(Boolean).join(' ')]).filter(([, n]) => n) as [string, string][]),
      bookings: new Map(bookings.map((b) => [b.id, { starts_at: new Date(b.starts_at), customer_id: b.customer_id }])),
      members: new Map([...members, ...logins].map((m) => [m.id, `${m.first_name} ${m.last_name}`.trim()])),
      devices: new Map(devices.map((d) => [d.id, d.name])),
    };
  }

  /**
   * A record as it stood at a moment: its stream's events up to then, folded with its decider's
   * evolve. A ticket is folded inside its queue's stream and read from the queue's state.
   */
  async stateAt(user: UserPrincipal, recordId: string, at: Date): Promise<ActivityState> {
    const id = recordId.toLowerCase();
    const head = await sql<EventRow>`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events
      WHERE tenant_id = ${user.tenantId} AND (stream_id IN (${'booking-' + id}, ${'customer-' + id}) OR data->>'ticket_id' = ${id} OR data->'ticket'->>'id' = ${id})
      ORDER BY position LIMIT 1`.execute(this.db);
    const first = head.rows[0];
    if (!first) throw notFound();
    const rows = (
      await sql<EventRow>`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events
        WHERE tenant_id = ${user.tenantId} AND stream_id = ${first.stream_id} AND recorded_at <= ${at} ORDER BY revision`.execute(this.db)
    ).rows;
    const opened = await this.open(user.tenantId, rows);
    const events = rows.map((r, i) => ({ type: r.event_type, data: opened[i].data }));
    const personal = PERSONAL_ROLES.has(user.role);
    const zone = await this.zone(user.tenantId);
    const record = { ...recordOf({ ...first, data: first.data ?? {} }), stream_id: first.stream_id, label: null as string | null };
    const base = { at: at.toISOString(), events: rows.length };
    if (first.category === 'booking') {
      const s = fold(bookingDecider, events as unknown as BookingEvent[]);
      if (s.status === 'none') return { record, ...base, exists: false, fields: {} };
      record.label = localTime(s.starts_at, zone);
      return {
        record,
        ...base,
        exists: s.status !== 'deleted',
        fields: {
          status: s.status,
          starts_at: localTime(s.starts_at, zone),
          duration: s.duration,
          channel: s.channel,
          phone_number: personal ? s.phone_number : null,
          remarks: personal ? s.remarks : null,
        },
      };
    }
    if (first.category === 'customer') {
      const s = fold(customerDecider, events as unknown as CustomerEvent[]) as unknown as Record<string, unknown>;
      const p = s;
      if (p.status !== 'none') record.label = personal && p.status === 'active' ? [p.first_name, p.last_name].filter(Boolean).join(' ') || null : null;
      const fields: ActivityState['fields'] = { status: (s.status as string) ?? null, category: (s.category as string) ?? null };
      for (const k of ['first_name', 'last_name', 'email', 'phone']) fields[k] = personal ? ((p[k] as string) ?? null) : null;
      return { record, ...base, exists: s.status === 'active', fields };
    }
    const s = fold(queueDecider, events as unknown as QueueEvent[]);
    const t = s.tickets.get(id);
    if (!t) {
      // A ticket that left the list is no longer in the queue's state: its last event says how it left.
      const left = [...rows].reverse().find((r) => LEFT[r.event_type] && recordOf({ ...r, data: r.data ?? {} }).id === id);
      if (!left) return { record, ...base, exists: false, fields: {} };
      const row = await this.db
        .selectFrom('queue_tickets')
        .select(['label', 'customer_name'])
        .where('tenant_id', '=', user.tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      record.label = row?.label ?? null;
      return {
        record,
        ...base,
        exists: true,
        fields: {
          label: row?.label ?? null,
          status: LEFT[left.event_type],
          left_at: localTime(left.recorded_at, zone),
          customer_name: personal ? (row?.customer_name ?? null) : null,
        },
      };
    }
    record.label = t.label;
    const counter = t.counter_id ? (s.counters[t.counter_id]?.name ?? null) : null;
    const rank = s.waiting.indexOf(id);
    return {
      record,
      ...base,
      exists: true,
      fields: {
        label: t.label,
        status: t.status,
        rank: rank >= 0 ? rank + 1 : null,
        counter,
        urgent: t.urgent,
        checked_in_at: localTime(t.checked_in_at, zone),
        called_at: localTime(t.called_at, zone),
        customer_name: personal ? t.customer_name : null,
      },
    };
  }

  /** The filtered log as a CSV (UTF-8 with its mark) or XLSX file, one event a row. */
  async file(user: UserPrincipal, q: ActivityQuery, format: 'csv' | 'xlsx'): Promise<Buffer> {
    const rows = (
      await sql<EventRow>`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events
        WHERE ${this.where(user.tenantId, await this.bounds(user.tenantId, q), q.record_id ? await this.scope(user.tenantId, q.record_id) : null)} ORDER BY position DESC LIMIT ${MAX_ACTIVITY_EXPORT + 1}`.execute(
        this.db,
      )
    ).rows;
    if (rows.length > MAX_ACTIVITY_EXPORT)
      throw invalid(`An export may hold at most ${MAX_ACTIVITY_EXPORT} events: choose fewer dates`, { from: ['Choose fewer dates'] });
    const zone = await this.zone(user.tenantId);
    const items: ActivityItem[] = [];
    for (let i = 0; i < rows.length; i += 1000) items.push(...(await this.items(user, rows.slice(i, i + 1000))));
    const FORMULA = /^[=+\-@\t\r]/;
    const cell = (v: unknown) => {
      const s = v == null ? '' : String(v);
      return FORMULA.test(s) ? `'${s}` : s;
    };
    const details = (it: ActivityItem) =>
      Object.entries(it.sentence.params)
        .filter(([k, v]) => v != null && !['actor', 'record', 'customer', 'event'].includes(k))
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('; ');
    const aoa = [
      COLUMNS,
      ...items.map((it) =>
        [
          it.position,
          it.recorded_at,
          localTime(it.recorded_at, zone),
          it.actor.kind,
          it.actor.name,
          it.actor.via,
          it.type,
          it.record.kind,
          it.record.id,
          it.record.label,
          it.sentence.params.customer,
          details(it),
        ].map(cell),
      ),
    ];
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Activity');
    if (format === 'csv')
      return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8')]);
    return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  }
}
