import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppendNotifier, ConnectFn, PgEventStore, RecordedEvent } from '@tabour/eventstore';
import { EVENT_STORE } from '../common/tokens';
import { autostart, EVENTING_CONNECT } from '../eventing/projection-registry';
import { BroadcastService } from './broadcast.service';
import { ChangeNotice } from './rooms';

/** Names the narrower rooms (queue, counter, ticket…) an event concerns, besides its business. */
export type RoomRouter = (event: RecordedEvent) => string[];

const POLL_MS = 1000;
const BATCH = 500;

/**
 * Turns committed events into change notices. Every API instance listens to the store's
 * append notifications and reads what is new, so clients connected to any instance hear of
 * appends made by any process; a poll covers a lost notification. One notice per record per
 * batch: a client refetches once however many events a command appended.
 */
@Injectable()
export class ChangeRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('change-relay');
  private readonly routers = new Map<string, RoomRouter>();
  private notifier?: AppendNotifier;
  private poll?: NodeJS.Timeout;
  private last = 0;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    @Inject(EVENTING_CONNECT) private readonly connect: ConnectFn,
    private readonly broadcast: BroadcastService,
  ) {}

  /** Lets a context send its events to narrower rooms, e.g. `queue` events to the queue's room. */
  route(category: string, router: RoomRouter): void {
    this.routers.set(category, router);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!autostart()) return;
    this.last = await this.store.headPosition();
    this.notifier = new AppendNotifier(this.connect, () => this.wake());
    await this.notifier.start();
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.poll.unref();
  }

  /** Drains now, or once more after the drain under way. */
  wake(): Promise<void> {
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
    for (;;) {
      const events = await this.store.readAll({ fromPosition: this.last, limit: BATCH });
      if (!events.length) return;
      this.publish(events);
      this.last = events[events.length - 1].position;
      if (events.length < BATCH) return;
    }
  }

  private publish(events: RecordedEvent[]): void {
    const latest = new Map<string, RecordedEvent>();
    for (const e of events) latest.set(e.streamId, e);
    for (const e of latest.values()) {
      const notice: ChangeNotice = { view: e.category, key: e.streamId, position: e.position, type: e.type };
      const rooms = this.routers.get(e.category)?.(e) ?? [];
      this.broadcast.publish(e.tenantId, notice, rooms);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    await this.notifier?.stop();
  }
}
