import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppendNotifier, ConnectFn, Cursor, PgEventStore, RecordedEvent, START } from '@tabour/eventstore';
import type { AppConfig } from '@tabour/platform';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens';
import { EVENTING_CONNECT } from '../eventing/projection-registry';
import { BroadcastService } from './broadcast.service';
import { ChangeNotice } from './rooms';

/** Names the narrower rooms (queue, counter, ticket…) an event concerns, besides its business. */
export type RoomRouter = (event: RecordedEvent) => string[];
/**
 * Told of every event this instance reads, before any notice of it goes out: what a grant's end
 * closes (sockets, feed streams) is closed before anything committed after it is announced.
 */
export type LogWatcher = (events: RecordedEvent[]) => void | Promise<void>;

const POLL_MS = 1000;
const OWN_KEPT = 1000;
const TOLD_KEPT = 100_000;
const BATCH = 500;
/** How soon to look again when events wait behind a running transaction. */
const HELD_RETRY_MS = 25;

/**
 * Turns committed events into change notices. Every API instance hears of the appends of its
 * own process at once and of other processes' through the store's notifications, and reads
 * what is new; a poll covers a lost notification. One notice per record per append: a client
 * refetches once however many events a command appended.
 *
 * The relay follows the log with a (transaction_id, position) cursor below the horizon, as the
 * subscriptions do: positions are not in commit order, so `position > last` would skip an
 * append that took a lower position and committed later (docs/eventstore.md).
 */
@Injectable()
export class ChangeRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('change-relay');
  private readonly routers = new Map<string, RoomRouter>();
  private readonly watchers: LogWatcher[] = [];
  /** Batches waiting for a watcher's work on an earlier one: notices keep the log's order. */
  private delivering: Promise<void> | null = null;
  private notifier?: AppendNotifier;
  private unhook?: () => void;
  private poll?: NodeJS.Timeout;
  private held?: NodeJS.Timeout;
  private cursor: Cursor = START;
  private running = false;
  private draining: Promise<void> | null = null;
  private again = false;
  /** Positions of this process's recent appends (their notifications are echoes). */
  private readonly own = new Set<number>();
  /** Positions already announced at commit by this process, for the cursor to skip once. */
  private readonly told = new Set<number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    @Inject(EVENTING_CONNECT) private readonly connect: ConnectFn,
    private readonly broadcast: BroadcastService,
  ) {}

  /** Lets a context send its events to narrower rooms, e.g. `queue` events to the queue's room. */
  route(category: string, router: RoomRouter): void {
    this.routers.set(category, router);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.eventing.autostart) return;
    // Clients connect after this; what came before is already in the views they load.
    this.cursor = await this.store.logHead();
    this.running = true;
    // This process's appends need no round trip through LISTEN.
    // This process's own appends are announced at their commit, without waiting for the log's
    // horizon: a long transaction elsewhere (a large snapshot being written) must not delay the
    // screens. The cursor still reads them later, in order, and skips them as already told.
    this.unhook = this.store.onAppended((result) => {
      this.remember(result.position);
      for (const e of result.events) this.told.add(e.position);
      if (this.told.size > TOLD_KEPT) this.told.delete(this.told.values().next().value!);
      this.publish(result.events);
      void this.wake();
    });
    // The notification of an append of this very process repeats what the hook said: skipped.
    this.notifier = new AppendNotifier(this.connect, (position) => {
      if (!this.own.has(position)) void this.wake();
    });
    await this.notifier.start();
    this.poll = setInterval(() => void this.wake(), POLL_MS);
    this.poll.unref();
  }

  /** Lets a context act on the events every instance reads, e.g. close the sockets a logout ended. */
  watch(watcher: LogWatcher): void {
    this.watchers.push(watcher);
  }

  /** Drains now, or once more after the drain under way. */
  wake(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = this.drain()
      .catch((err) => this.log.warn(`relay paused: ${String(err)}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          void this.wake();
        }
      });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.running) {
      const { events, last } = await this.store.readLogAfter(this.cursor, BATCH);
      if (events.length) {
        const fresh = events.filter((e) => !this.told.delete(e.position));
        if (fresh.length) this.publish(fresh);
        this.cursor = last!;
      }
      if (events.length === BATCH) continue;
      // Something was read: whatever commits next wakes us again. Only an empty read may mean
      // that events wait behind a transaction which will notify nobody when it ends.
      if (events.length) return;
      const probe = await this.store.probeLogAfter(this.cursor);
      if (probe.readable) continue;
      // A transaction that began before these events is still running; its end notifies
      // nobody when it is not an append, so look again shortly.
      if (probe.held) this.lookAgainSoon();
      return;
    }
  }

  private remember(position: number): void {
    this.own.add(position);
    if (this.own.size > OWN_KEPT) this.own.delete(this.own.values().next().value!);
  }

  private lookAgainSoon(): void {
    if (this.held) return;
    this.held = setTimeout(() => {
      this.held = undefined;
      void this.wake();
    }, HELD_RETRY_MS);
    this.held.unref();
  }

  private publish(events: RecordedEvent[]): void {
    if (this.delivering) return this.after(() => this.deliver(events));
    const told = this.tell(events);
    if (told) this.after(() => told.then(() => this.announce(events)));
    else this.announce(events);
  }

  private async deliver(events: RecordedEvent[]): Promise<void> {
    await this.tell(events);
    this.announce(events);
  }

  /** The watchers' work on these events, when any of it is not done yet. */
  private tell(events: RecordedEvent[]): Promise<void> | null {
    const pending: Promise<void>[] = [];
    for (const watch of this.watchers) {
      try {
        const done = watch(events);
        if (done) pending.push(done.catch((err) => this.log.warn(`a watcher failed: ${String(err)}`)));
      } catch (err) {
        this.log.warn(`a watcher failed: ${String(err)}`);
      }
    }
    return pending.length ? Promise.all(pending).then(() => undefined) : null;
  }

  private after(run: () => Promise<void>): void {
    const next = (this.delivering ?? Promise.resolve()).then(run).catch((err) => this.log.warn(`notices not sent: ${String(err)}`));
    this.delivering = next;
    void next.finally(() => {
      if (this.delivering === next) this.delivering = null;
    });
  }

  private announce(events: RecordedEvent[]): void {
    // One notice per append (its events share a correlation id), not per drain: a client that
    // counts calls (a display announcing them) hears each one, even when a slow drain reads two.
    const latest = new Map<string, RecordedEvent>();
    for (const e of events) latest.set(`${e.streamId}\u0000${e.metadata?.correlationId ?? e.position}`, e);
    for (const e of latest.values()) {
      const notice: ChangeNotice = { view: e.category, key: e.streamId, position: e.position, type: e.type };
      const rooms = this.routers.get(e.category)?.(e) ?? [];
      this.broadcast.publish(e.tenantId, notice, rooms);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.unhook?.();
    if (this.poll) clearInterval(this.poll);
    if (this.held) clearTimeout(this.held);
    this.running = false;
    await this.notifier?.stop();
    await this.draining;
    await this.delivering;
  }
}
