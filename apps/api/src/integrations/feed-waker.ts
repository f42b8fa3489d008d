import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppendNotifier, ConnectFn, PgEventStore } from '@tabour/eventstore';
import { FEED_CHANNEL } from '@tabour/integrations';
import { EVENT_STORE } from '../common/tokens';
import { EVENTING_CONNECT } from '../eventing/projection-registry';

/** What a reader reads: the store (a key with pii:read) or the feed's projection (any other). */
export type FeedSource = 'store' | 'projection';
type Waiter = { tenantId: string; source: FeedSource; wake: () => void };

/**
 * Wakes the feed's long polls and streams as soon as something readable commits. A key without
 * pii:read reads the feed's projection: its commits notify `integrations_feed` with the
 * businesses they concern (from any instance). A key with pii:read reads the store: this
 * process's appends wake it through the store's after-commit hook (no round trip), other
 * processes' through `LISTEN es_appended` (which names no business, so every waiter looks).
 * The listening connections are opened by the first waiter, so an instance nobody follows
 * holds none.
 */
@Injectable()
export class FeedWaker implements OnApplicationShutdown {
  private readonly waiters = new Set<Waiter>();
  private notifier?: AppendNotifier;
  private published?: AppendNotifier;
  private unhook?: () => void;
  private starting?: Promise<void>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    @Inject(EVENTING_CONNECT) private readonly connect: ConnectFn,
  ) {}

  /**
   * Resolves on the next commit of `source` that may concern the business, or after `ms`,
   * whichever is first: a reader of the projection is not woken by an append it cannot see yet.
   */
  async next(tenantId: string, source: FeedSource, ms: number, signal?: AbortSignal): Promise<void> {
    await this.start();
    if (signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const waiter: Waiter = { tenantId, source, wake: () => done() };
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      signal?.addEventListener('abort', done);
      this.waiters.add(waiter);
    });
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      this.unhook = this.store.onAppended((result) => this.wake('store', new Set(result.events.map((e) => e.tenantId ?? ''))));
      this.notifier = new AppendNotifier(this.connect, () => this.wake('store', null));
      this.published = new AppendNotifier(
        this.connect,
        (_, payload) => this.wake('projection', payload === '*' ? null : new Set(payload.split(','))),
        2000,
        FEED_CHANNEL,
      );
      await Promise.all([this.notifier.start(), this.published.start()]);
    })();
    return this.starting;
  }

  /** The source's waiters of these businesses (of every business when null). */
  private wake(source: FeedSource, tenants: Set<string> | null): void {
    for (const w of [...this.waiters]) if (w.source === source && (!tenants || tenants.has(w.tenantId))) w.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.unhook?.();
    for (const w of [...this.waiters]) w.wake();
    await Promise.all([this.notifier?.stop(), this.published?.stop()]);
  }
}
