import { bucketOf, NONE, orNone } from '../figures';
import { LEFT_AS, type Rec } from './schema';
import { key } from './sql';
import type { BatchState } from './state';

/** The tickets' events folded into a batch: arrivals, calls, how each left, and feedback. */

export function arrive(batch: BatchState, e: Rec & { type: 'TicketPushed' | 'TicketRedirectedIn' }): void {
  const tenant = e.data.business_id;
  const a = e.data.ticket;
  const service = a.service_ids[0] ?? null;
  const placed = {
    queue_id: e.data.queue_id,
    service_id: orNone(service),
    department_id: batch.department(tenant, service),
    member_id: orNone(a.member_id),
    counter_id: NONE,
    estimate_seconds: e.data.estimated_wait_seconds,
    waited: false,
    outcome: null,
  };
  const k = key(tenant, a.id);
  const known = batch.tickets.get(k);
  // The ticket keeps its id across queues: it arrives again in the target, once per redirect.
  if (known && !(e.type === 'TicketRedirectedIn' && known.outcome === 'redirected')) return;
  batch.touch(
    known ? { ...known, ...placed } : { tenant_id: tenant, ticket_id: a.id, customer_id: a.customer_id, arrived_at: a.checked_in_at, rated: false, ...placed },
  );
  const { day, hour } = batch.local(tenant, e.type === 'TicketPushed' ? a.checked_in_at : e.recordedAt);
  const customers = { new_customers: 0, returning_customers: 0, walk_ins: 0 };
  if (e.type === 'TicketPushed') {
    if (!a.customer_id) customers.walk_ins = 1;
    else if (batch.customers.has(key(tenant, a.customer_id))) customers.returning_customers = 1;
    else {
      customers.new_customers = 1;
      batch.customers.set(key(tenant, a.customer_id), day);
      batch.newCustomers.set(key(tenant, a.customer_id), { tenant_id: tenant, customer_id: a.customer_id, first_day: day });
    }
  }
  const { estimate_seconds: _e, waited: _w, outcome: _o, ...dims } = placed;
  batch.add('statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { taken: 1, ...customers });
  batch.add('statistics_hourly', { tenant_id: tenant, day, hour, queue_id: placed.queue_id, service_id: placed.service_id }, { taken: 1 });
}

export function restored(batch: BatchState, e: Rec & { type: 'TicketRestored' }): void {
  const t = batch.tickets.get(key(e.data.business_id, e.data.ticket.id));
  if (t) batch.touch({ ...t, outcome: null });
}

export function called(batch: BatchState, e: Rec & { type: 'TicketCalled' }): void {
  const tenant = e.data.business_id;
  const t = batch.tickets.get(key(tenant, e.data.ticket_id));
  if (!t) return;
  batch.touch({ ...t, counter_id: e.data.counter_id, member_id: e.data.member_id, waited: true });
  // A ticket called again (pushed back, recalled) waited once: its first call.
  if (t.waited) return;
  const wait = Math.max(0, Math.round(e.data.waited_seconds));
  const { day, hour, week } = batch.local(tenant, e.data.at);
  const dims = batch.dims(t, { counter_id: e.data.counter_id, member_id: e.data.member_id });
  batch.add('statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { wait_count: 1, wait_sum: wait });
  batch.add('statistics_durations_daily', { tenant_id: tenant, day, ...dims, kind: 'w', bucket: bucketOf(wait) }, { count: 1 });
  batch.add('statistics_hourly', { tenant_id: tenant, day, hour, queue_id: t.queue_id, service_id: t.service_id }, { wait_count: 1, wait_sum: wait });
  if (t.estimate_seconds !== null) {
    batch.add(
      'statistics_estimates_weekly',
      { tenant_id: tenant, week, queue_id: t.queue_id },
      { count: 1, abs_error_sum: Math.abs(wait - t.estimate_seconds), under_count: t.estimate_seconds < wait ? 1 : 0 },
    );
  }
}

export function left(batch: BatchState, e: Rec & { type: keyof typeof LEFT_AS }): void {
  const d = e.data as { business_id: string; ticket_id: string; counter_id: string | null; at: string; service_id?: string | null; served_seconds?: number };
  const tenant = d.business_id;
  const t = batch.tickets.get(key(tenant, d.ticket_id));
  if (!t || t.outcome !== null) return;
  const outcome = LEFT_AS[e.type];
  batch.touch({ ...t, outcome });
  const { day } = batch.local(tenant, d.at);
  const counter = d.counter_id ?? (t.counter_id === NONE ? null : t.counter_id);
  if (e.type === 'TicketEnded') {
    const served = Math.max(0, Math.round(d.served_seconds ?? 0));
    const dims = batch.dims(t, { counter_id: orNone(counter), service_id: d.service_id ?? t.service_id });
    batch.add('statistics_tickets_daily', { tenant_id: tenant, day, ...dims }, { served: 1, service_count: 1, service_sum: served });
    batch.add('statistics_durations_daily', { tenant_id: tenant, day, ...dims, kind: 's', bucket: bucketOf(served) }, { count: 1 });
    if (counter) {
      batch.add(
        'statistics_counters_daily',
        { tenant_id: tenant, day, queue_id: t.queue_id, counter_id: counter, member_id: t.member_id },
        { serving_seconds: served, served: 1 },
      );
    }
    return;
  }
  batch.add('statistics_tickets_daily', { tenant_id: tenant, day, ...batch.dims(t, { counter_id: orNone(counter) }) }, { [outcome]: 1 });
}

export function feedback(batch: BatchState, e: Rec & { type: 'TicketFeedbackGiven' }): void {
  const tenant = e.data.business_id;
  const t = batch.tickets.get(key(tenant, e.data.ticket_id));
  if (!t || t.rated) return;
  batch.touch({ ...t, rated: true });
  const { day } = batch.local(tenant, e.recordedAt);
  batch.add(
    'statistics_feedback_daily',
    { tenant_id: tenant, day, queue_id: t.queue_id, service_id: t.service_id, counter_id: t.counter_id, member_id: t.member_id, stars: e.data.stars },
    { count: 1 },
  );
}
