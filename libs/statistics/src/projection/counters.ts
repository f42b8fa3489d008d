import { DateTime } from 'luxon';
import type { Rec } from './schema';
import { iso, key } from './sql';
import type { BatchState } from './state';

/** The counters' sessions folded into a batch: open time per counter and local day. */

export function counterOpened(batch: BatchState, e: Rec & { type: 'CounterOpened' }): void {
  const k = key(e.data.business_id, e.data.counter_id);
  if (batch.sessions.get(k)) return;
  batch.sessions.set(k, {
    tenant_id: e.data.business_id,
    counter_id: e.data.counter_id,
    queue_id: e.data.queue_id,
    member_id: e.data.member_id,
    opened_at: iso(e.recordedAt),
  });
  batch.sessionsChanged.add(k);
}

/** A counter's open time, cut at the business's local midnights so each day gets its own part. */
export function counterClosed(batch: BatchState, tenant: string, counterId: string, at: Date): void {
  const k = key(tenant, counterId);
  const s = batch.sessions.get(k);
  if (!s) return;
  batch.sessions.set(k, null);
  batch.sessionsChanged.add(k);
  const zone = batch.zone(tenant);
  let from = DateTime.fromISO(s.opened_at).setZone(zone);
  const end = DateTime.fromJSDate(at).setZone(zone);
  while (from < end) {
    const midnight = from.startOf('day').plus({ days: 1 });
    const until = midnight < end ? midnight : end;
    batch.add(
      'statistics_counters_daily',
      { tenant_id: tenant, day: from.toISODate()!, queue_id: s.queue_id, counter_id: counterId, member_id: s.member_id },
      { open_seconds: Math.round(until.diff(from, 'seconds').seconds) },
    );
    from = until;
  }
}
