/**
 * The wait estimate, one rule for the queue's decisions, the API's reads (also restated in SQL
 * by the waiting-list read, checked by test/queues.int.ts) and the screens that show it.
 */

/** Weight of the newest measured service time in the running average. */
export const SMOOTHING = 0.3;
/** The service time assumed before any has been measured. */
export const DEFAULT_SERVICE_SECONDS = 300;

/** Exponential smoothing: recent service times count more, one long visit does not swing it. */
export function smooth(previous: number | undefined, measured: number): number {
  return previous === undefined ? measured : Math.round(SMOOTHING * measured + (1 - SMOOTHING) * previous);
}

export interface EstimateInput {
  rank: number;
  open_counters: number;
  service_time: Record<string, number>;
  service_ids: string[];
  delay_seconds: number;
  /** Answers the service time of one visit only. */
  position_only?: boolean;
}

/**
 * The expected wait of the ticket at `rank`: the customers before it, served in parallel by
 * the open counters (one when none is open yet), each taking the smoothed time of the
 * ticket's service (of any service when it has none measured), plus the queue's announced delay.
 */
export function estimateWait(i: EstimateInput): number {
  const measured = i.service_ids.map((s) => i.service_time[s]).find((v) => v !== undefined);
  const all = Object.values(i.service_time);
  const per = measured ?? i.service_time['*'] ?? (all.length ? Math.round(all.reduce((a, b) => a + b, 0) / all.length) : DEFAULT_SERVICE_SECONDS);
  if (i.position_only) return per;
  const ahead = Math.max(0, i.rank - 1);
  return Math.round((ahead * per) / Math.max(1, i.open_counters)) + i.delay_seconds;
}

/**
 * Where a waiting ticket stands in the order call next follows (libs/queues/src/queue/decide/service.ts):
 * urgent tickets before the others, each group in rank order. `urgent_ahead` counts the urgent
 * tickets of a lower rank, `urgent_waiting` all those waiting; a ticket not yet in the list has
 * the rank it will take. The estimate counts the customers before this position, not the rank.
 */
export function callPosition(i: { rank: number; urgent: boolean; urgent_ahead: number; urgent_waiting: number }): number {
  return i.urgent ? i.urgent_ahead + 1 : i.rank + (i.urgent_waiting - i.urgent_ahead);
}

/**
 * Whether call next at this counter may take this ticket: the team member it asked for holds the
 * counter, and the counter offers one of its services (a counter or a ticket without services
 * takes any). The queue decides with it; the waiting list shows with it what a counter will call.
 */
export function counterMayServe(
  counter: { held_by: string | null; service_ids: readonly string[] },
  t: { member_id: string | null; service_ids: readonly string[] },
): boolean {
  if (t.member_id && t.member_id !== counter.held_by) return false;
  if (counter.service_ids.length && t.service_ids.length && !t.service_ids.some((s) => counter.service_ids.includes(s))) return false;
  return true;
}

/** An estimate as people read it: whole minutes, rounded up ("2 min" is a promise a customer can keep); null when nothing is known. */
export function waitMinutes(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  return Math.ceil(seconds / 60);
}
