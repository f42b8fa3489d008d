import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  AppendListener,
  AsyncProjection,
  ConnectFn,
  InlineProjection,
  PgEventStore,
  RegisteredProjection,
  Subscription,
  SubscriptionFilter,
  SubscriptionHandler,
  SubscriptionManager,
  SubscriptionOptions,
} from '@tabour/eventstore';
import { AppConfig } from '@tabour/platform';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens';

export const EVENTING_CONNECT = Symbol('EVENTING_CONNECT');

/**
 * Where modules register their projections and subscriptions, in their onModuleInit. All
 * subscriptions start once the application has bootstrapped and stop before it shuts down.
 */
@Injectable()
export class ProjectionRegistry implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('eventing');
  readonly manager: SubscriptionManager;

  constructor(
    @Inject(EVENT_STORE) store: PgEventStore,
    @Inject(EVENTING_CONNECT) connect: ConnectFn,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.manager = new SubscriptionManager(store, connect, { logger: this.log });
  }

  /** Runs inside each append transaction: for the tables a screen reads right after a write. */
  registerInline(projection: InlineProjection): void {
    this.manager.registerInline(projection);
  }

  /** Runs from a subscription named after the projection, after commit. */
  registerAsync(projection: AsyncProjection, options?: SubscriptionOptions): Subscription {
    return this.manager.registerAsync(projection, options);
  }

  subscribe(name: string, filter: SubscriptionFilter, handler: SubscriptionHandler, options?: SubscriptionOptions): Subscription {
    return this.manager.subscribe(name, filter, handler, options);
  }

  /**
   * Told after commit of every append this process makes, with the recorded events and their
   * positions; returns the function that unregisters. For change notices, not for read models:
   * a crash between commit and the call loses the call.
   */
  onAppended(listener: AppendListener): () => void {
    return this.manager.onAppended(listener);
  }

  projections(): RegisteredProjection[] {
    return this.manager.projections();
  }

  find(name: string): RegisteredProjection | undefined {
    return this.manager.find(name);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Off where the application runs only to use its parts (the command-line scripts).
    if (!this.config.eventing.autostart) return;
    await this.manager.start();
    const names = this.manager.all().map((s) => s.name);
    if (names.length) this.log.log(`subscriptions started: ${names.join(', ')}`);
  }

  // Before the shutdown hooks close the database pools, so no batch is cut short.
  async onModuleDestroy(): Promise<void> {
    await this.manager.stop();
  }
}
