import { Inject, Injectable } from '@nestjs/common';
import { RawBuilder, sql } from 'kysely';
import { Counter, Gauge, Registry } from 'prom-client';
import { Db } from '@tabour/platform';
import { DB } from '../common/tokens';
import { Metrics } from './metrics';

/** Rows counted at most per figure: a backlog or a lag past it is an alert already, and each count stays an index range of bounded size. */
export const COUNT_CAP = 10_000;
/** What the server may spend on one figure's statement. */
const STATEMENT_MS = 1000;
/** What a scrape waits for one figure, a free pool connection included, before it reports without it. */
const FIGURE_MS = 2000;

/** The outboxes an operator watches: the three message channels and the webhooks. */
export const CHANNELS = ['sms', 'email', 'push', 'webhook'] as const;

interface LagRow {
  name: string;
  status: string | null;
  events: number;
  seconds: number | null;
}

interface OutboxRow {
  channel: string;
  pending: number;
  due: number;
  oldest_due_seconds: number | null;
}

class TimedOut extends Error {}

/** Rejects when `work` has not settled within `ms`; `work` is left to finish on its own, its failure swallowed. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The figures read from the database when /metrics is scraped: the log's head, each
 * subscription's lag behind it, the outboxes' backlog. Each statement is bounded (an index range
 * capped at COUNT_CAP rows, a statement timeout, a wait for the pool); a figure that cannot be
 * read is left out of that scrape, and a database that does not answer leaves them all out and
 * sets tabour_database_up to 0, never failing the scrape.
 */
@Injectable()
export class DatabaseFigures {
  /** The figures read from the database, apart from the process's: left out whole when the database did not answer. */
  private readonly registry = new Registry();
  private answered = false;
  private readonly up: Gauge;
  private readonly head: Gauge;
  private readonly lagEvents: Gauge;
  private readonly lagSeconds: Gauge;
  private readonly status: Gauge;
  private readonly pending: Gauge;
  private readonly due: Gauge;
  private readonly oldestDue: Gauge;
  private readonly failures: Counter;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly metrics: Metrics,
  ) {
    this.up = new Gauge({ name: 'tabour_database_up', help: 'Whether the database answered this scrape (1) or not (0)', registers: [metrics.registry] });
    this.failures = new Counter({
      name: 'tabour_metrics_figure_failures_total',
      help: 'Figures a scrape could not read from the database (timed out or refused)',
      labelNames: ['figure'],
      registers: [metrics.registry],
    });
    const registers = [this.registry];
    this.head = new Gauge({ name: 'tabour_eventstore_head_position', help: 'The highest position stored in the event log', registers });
    this.lagEvents = new Gauge({
      name: 'tabour_subscription_lag_events',
      help: `Events in the log after the subscription's stored checkpoint (counted up to ${COUNT_CAP})`,
      labelNames: ['subscription'],
      registers,
    });
    this.lagSeconds = new Gauge({
      name: 'tabour_subscription_lag_seconds',
      help: "Age of the oldest event after the subscription's stored checkpoint; 0 when it has read the whole log",
      labelNames: ['subscription'],
      registers,
    });
    this.status = new Gauge({
      name: 'tabour_subscription_status',
      help: 'The status stored with the subscription checkpoint: 1 for the current one of running, retrying, faulted',
      labelNames: ['subscription', 'status'],
      registers,
    });
    this.pending = new Gauge({
      name: 'tabour_outbox_pending',
      help: `Messages and webhook deliveries not yet sent: queued or being sent (counted up to ${COUNT_CAP} of each)`,
      labelNames: ['channel'],
      registers,
    });
    this.due = new Gauge({
      name: 'tabour_outbox_due',
      help: 'Queued messages and webhook deliveries whose time to be sent has come',
      labelNames: ['channel'],
      registers,
    });
    this.oldestDue = new Gauge({
      name: 'tabour_outbox_oldest_due_seconds',
      help: 'How long the longest-waiting due message or delivery has been due; 0 when none is',
      labelNames: ['channel'],
      registers,
    });
  }

  /** The figures of the last refresh in Prometheus's text format; nothing when the database did not answer. */
  exposition(): Promise<string> {
    return this.answered ? this.registry.metrics() : Promise.resolve('');
  }

  /** Reads every figure again; never throws. */
  async refresh(): Promise<void> {
    for (const g of [this.head, this.lagEvents, this.lagSeconds, this.status, this.pending, this.due, this.oldestDue]) g.reset();
    const head = await this.read('head', sql<{ head: number }>`SELECT COALESCE(max(position), 0)::bigint AS head FROM es_events`);
    this.answered = head !== null;
    this.up.set(head ? 1 : 0);
    if (!head) return;
    this.head.set(Number(head[0].head));
    const lags = await this.read('subscription_lag', lagQuery(this.metrics.subscriptionNames()));
    for (const r of lags ?? []) {
      this.lagEvents.set({ subscription: r.name }, Number(r.events));
      this.lagSeconds.set({ subscription: r.name }, Math.max(0, Number(r.seconds ?? 0)));
      for (const status of ['running', 'retrying', 'faulted']) this.status.set({ subscription: r.name, status }, (r.status ?? 'running') === status ? 1 : 0);
    }
    const outbox = await this.read('outbox', OUTBOX);
    if (outbox) {
      for (const channel of CHANNELS) {
        const r = outbox.find((o) => o.channel === channel);
        this.pending.set({ channel }, Number(r?.pending ?? 0));
        this.due.set({ channel }, Number(r?.due ?? 0));
        this.oldestDue.set({ channel }, Math.max(0, Number(r?.oldest_due_seconds ?? 0)));
      }
    }
  }

  /** One figure's statement in a read-only transaction of its own with a statement timeout; null when it could not be read. */
  private async read<T>(figure: string, statement: RawBuilder<T>): Promise<T[] | null> {
    try {
      return await within(
        FIGURE_MS,
        this.db
          .transaction()
          .setAccessMode('read only')
          .execute(async (trx) => {
            await sql`SELECT set_config('statement_timeout', ${String(STATEMENT_MS)}, true)`.execute(trx);
            return (await statement.execute(trx)).rows;
          }),
      );
    } catch {
      this.failures.inc({ figure });
      return null;
    }
  }
}

/**
 * Per subscription, the events after its checkpoint in the log's (transaction_id, position)
 * order: an index range from the checkpoint, cut at COUNT_CAP. A subscription with no checkpoint
 * row yet is behind the whole log.
 */
function lagQuery(names: string[]): RawBuilder<LagRow> {
  return sql<LagRow>`
    SELECT n.name, c.status, lag.events, EXTRACT(EPOCH FROM now() - lag.oldest)::float8 AS seconds
    FROM unnest(${names}::text[]) AS n(name)
    LEFT JOIN es_checkpoints c ON c.name = n.name
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS events, min(s.recorded_at) AS oldest FROM (
        SELECT e.recorded_at FROM es_events e
        WHERE (e.transaction_id, e.position) > (COALESCE(c.transaction_id, '0'::xid8), COALESCE(c.position, 0))
        ORDER BY e.transaction_id, e.position LIMIT ${COUNT_CAP}
      ) s
    ) lag ON true`;
}

/**
 * The message outbox by channel and the webhook deliveries, each status read from its own
 * partial index (due: next_attempt_at WHERE queued; claimed: claimed_until WHERE sending).
 */
const OUTBOX = sql<OutboxRow>`
  SELECT channel, count(*)::int AS pending,
    count(*) FILTER (WHERE status = 'queued' AND next_attempt_at <= now())::int AS due,
    EXTRACT(EPOCH FROM now() - min(next_attempt_at) FILTER (WHERE status = 'queued' AND next_attempt_at <= now()))::float8 AS oldest_due_seconds
  FROM (
    (SELECT channel, status, next_attempt_at FROM notification_messages WHERE status = 'queued' ORDER BY next_attempt_at LIMIT ${COUNT_CAP})
    UNION ALL
    (SELECT channel, status, next_attempt_at FROM notification_messages WHERE status = 'sending' ORDER BY claimed_until LIMIT ${COUNT_CAP})
    UNION ALL
    (SELECT 'webhook', status, next_attempt_at FROM webhook_deliveries WHERE status = 'queued' ORDER BY next_attempt_at, seq LIMIT ${COUNT_CAP})
    UNION ALL
    (SELECT 'webhook', status, next_attempt_at FROM webhook_deliveries WHERE status = 'sending' ORDER BY claimed_until LIMIT ${COUNT_CAP})
  ) m
  GROUP BY channel`;
