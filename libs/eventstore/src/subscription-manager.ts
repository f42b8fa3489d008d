import type { ConnectFn } from './connection';
import { AppendNotifier } from './notifier';
import type { PgEventStore } from './pg-event-store';
import { Subscription, SubscriptionHandler, SubscriptionOptions } from './subscription';
import type { AppendListener, AsyncProjection, InlineProjection, RecordedEvent, SubscriptionFilter } from './types';

/** Positions of this process's recent appends kept to recognise their notices. */
const OWN_KEPT = 1000;

const wants = (filter: SubscriptionFilter, e: RecordedEvent) =>
  (!filter.categories?.length || filter.categories.includes(e.category)) && (!filter.eventTypes?.length || filter.eventTypes.includes(e.type));

export type RegisteredProjection = { kind: 'inline'; projection: InlineProjection } | { kind: 'async'; projection: AsyncProjection };

/**
 * Every subscription of the process and the projections behind them. Subscriptions added
 * before start() begin with it; those added later begin at once.
 */
export class SubscriptionManager {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly asyncProjections = new Map<string, AsyncProjection>();
  private readonly notifier: AppendNotifier;
  private unhook?: () => void;
  private started = false;
  /** Positions of this process's recent appends: the notices they send are echoes of a wake already given. */
  private readonly own = new Set<number>();

  constructor(
    readonly store: PgEventStore,
    private readonly connect: ConnectFn,
    private readonly defaults: SubscriptionOptions = {},
  ) {
    this.notifier = new AppendNotifier(connect, (position) => {
      if (!this.own.has(position)) this.wakeAll();
    });
  }

  subscribe(name: string, filter: SubscriptionFilter, handler: SubscriptionHandler, options: SubscriptionOptions = {}): Subscription {
    if (this.subscriptions.has(name)) throw new Error(`subscription ${name} is already registered`);
    const subscription = new Subscription(name, filter, handler, this.connect, { ...this.defaults, ...options });
    this.subscriptions.set(name, subscription);
    if (this.started) subscription.start();
    return subscription;
  }

  registerInline(projection: InlineProjection): void {
    this.store.registerInlineProjection(projection);
  }

  /** An async projection is a subscription named after it, filtered to the events it handles. */
  registerAsync(projection: AsyncProjection, options: SubscriptionOptions = {}): Subscription {
    if (this.find(projection.name)) throw new Error(`projection ${projection.name} is already registered`);
    this.asyncProjections.set(projection.name, projection);
    return this.subscribe(
      projection.name,
      { eventTypes: projection.handles, categories: projection.categories },
      (events, trx) => projection.apply(trx, events),
      { ...(projection.batchSize ? { batchSize: projection.batchSize } : {}), ...options },
    );
  }

  /** After-commit hook for appends made by this process (see docs/eventstore.md). */
  onAppended(listener: AppendListener): () => void {
    return this.store.onAppended(listener);
  }

  projections(): RegisteredProjection[] {
    return [
      ...this.store.inlineProjections().map((projection) => ({ kind: 'inline' as const, projection })),
      ...[...this.asyncProjections.values()].map((projection) => ({ kind: 'async' as const, projection })),
    ];
  }

  find(name: string): RegisteredProjection | undefined {
    return this.projections().find((p) => p.projection.name === name);
  }

  get(name: string): Subscription | undefined {
    return this.subscriptions.get(name);
  }

  all(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // Appends of this process wake the subscriptions without a round trip through LISTEN, and
    // only those that want one of the events: each wake costs a batch (a transaction of a
    // dozen statements on this process's event loop), and under a stream of appends a woken
    // subscription that wants none of them would only move its checkpoint, which its poll
    // does as well. Their NOTIFY, which comes back to this process, wakes nobody again.
    this.unhook = this.store.onAppended((result) => {
      this.own.add(result.position);
      if (this.own.size > OWN_KEPT) this.own.delete(this.own.values().next().value!);
      for (const s of this.subscriptions.values()) if (result.events.some((e) => wants(s.filter, e))) s.wake();
    });
    await this.notifier.start();
    for (const s of this.subscriptions.values()) s.start();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.unhook?.();
    await this.notifier.stop();
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
  }

  private wakeAll(): void {
    for (const s of this.subscriptions.values()) s.wake();
  }
}
