import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppendObservation, PgEventStore } from '@tabour/eventstore';
import { DB_POOL, EVENT_STORE } from '../common/tokens';
import { ProjectionRegistry } from '../eventing/projection-registry';
import type { Answered } from './requests';

/** Seconds: a cheap read answers in a few ms, a report or an import in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: an append is one round trip, more while it waits for a group commit or holds inline projections. */
const APPEND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

const statusClass = (a: Answered) => (a.aborted ? 'aborted' : `${Math.floor(a.status / 100)}xx`);

/**
 * The figures kept in this process, in its own registry (several applications in one process,
 * as the tests run them, each keep theirs). What is read from the database is added at each
 * scrape by DatabaseFigures. Names and meaning: docs/operations.md.
 */
@Injectable()
export class Metrics implements OnModuleInit, OnModuleDestroy {
  readonly registry = new Registry();
  private readonly registers = [this.registry];
  private unobserve?: () => void;

  private readonly requests = new Counter({
    name: 'tabour_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    registers: this.registers,
  });
  private readonly errors = new Counter({
    name: 'tabour_http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status or cut off before their answer',
    labelNames: ['method', 'route', 'status_class'],
    registers: this.registers,
  });
  private readonly latency = new Histogram({
    name: 'tabour_http_request_duration_seconds',
    help: 'Time from a request reaching the server to its answer sent',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers: this.registers,
  });
  private readonly appends = new Counter({
    name: 'tabour_eventstore_appends_total',
    help: 'Appends to the event store by this process, by stream category and outcome',
    labelNames: ['category', 'outcome'],
    registers: this.registers,
  });
  private readonly appendedEvents = new Counter({
    name: 'tabour_eventstore_appended_events_total',
    help: 'Events written by this process, by stream category',
    labelNames: ['category'],
    registers: this.registers,
  });
  private readonly appendLatency = new Histogram({
    name: 'tabour_eventstore_append_duration_seconds',
    help: 'Time of an append, its group commit and inline projections included',
    labelNames: ['outcome'],
    buckets: APPEND_BUCKETS,
    registers: this.registers,
  });

  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    @Inject(DB_POOL) pool: Pool,
    private readonly eventing: ProjectionRegistry,
  ) {
    collectDefaultMetrics({ register: this.registry });
    const max = pool.options.max ?? 10;
    new Gauge({
      name: 'tabour_db_pool_connections',
      help: "The API's database pool: connections open (total), idle, and callers waiting for one (waiting); max is its size",
      labelNames: ['state'],
      registers: this.registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, max);
      },
    });
    const running = this.eventing;
    new Gauge({
      name: 'tabour_subscription_running',
      help: 'Whether this instance holds the subscription and runs it (1), or stands by, reconnects or is faulted (0)',
      labelNames: ['subscription'],
      registers: this.registers,
      collect() {
        this.reset();
        for (const s of running.manager.all()) this.set({ subscription: s.name }, s.state === 'running' ? 1 : 0);
      },
    });
  }

  onModuleInit(): void {
    this.unobserve = this.store.observeAppends((o) => this.appended(o));
  }

  onModuleDestroy(): void {
    this.unobserve?.();
  }

  /** The subscriptions this process registers: the ones whose lag is reported. */
  subscriptionNames(): string[] {
    return this.eventing.manager.all().map((s) => s.name);
  }

  request(a: Answered): void {
    const labels = { method: a.method, route: a.route, status_class: statusClass(a) };
    this.requests.inc(labels);
    this.latency.observe(labels, a.seconds);
    if (a.aborted || a.status >= 500) this.errors.inc(labels);
  }

  private appended(o: AppendObservation): void {
    this.appends.inc({ category: o.category, outcome: o.outcome });
    if (o.outcome === 'appended') this.appendedEvents.inc({ category: o.category }, o.events);
    this.appendLatency.observe({ outcome: o.outcome }, o.seconds);
  }
}
