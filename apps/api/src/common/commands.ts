import { Inject, Injectable } from '@nestjs/common';
import { BatchItem, BatchOptions, BatchOutcome, CommandHandler, Decider, DomainEvent, HandleOptions, HandleResult, PgEventStore } from '@tabour/eventstore';
import type { UserPrincipal } from '@tabour/platform';
import { actorOf } from './actor';
import { EVENT_STORE } from './tokens';

/**
 * The one gateway every context's commands reach the store through, provided by the infra
 * module to every module. `run` decides and appends (the inline projections make the read
 * tables current when it returns); `byUser` takes the tenant and actor from the principal;
 * `check` runs the decision without appending, so a handler validates before it touches
 * another context; `batch` is the queue runner's many-commands-one-append. A context passes
 * only the hooks its aggregate needs (customers' seal and open, a unique index's refusal
 * mapped to its 422), and keeps them in its own command service.
 */
@Injectable()
export class Commands extends CommandHandler {
  constructor(@Inject(EVENT_STORE) protected readonly store: PgEventStore) {
    super(store);
  }

  /** One command: decide on the loaded state and append (`CommandHandler.handle`). */
  run<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, command: C, options: HandleOptions<E>): Promise<HandleResult<S, E>> {
    return this.handle(decider, streamId, command, options);
  }

  /**
   * A staff member's command on their own business's stream: the tenant and the actor come from
   * the principal, so no handler can name another business or act under another name.
   */
  byUser<C, S, E extends DomainEvent>(
    user: UserPrincipal,
    decider: Decider<C, S, E>,
    streamId: string,
    command: C,
    options: Omit<HandleOptions<E>, 'tenantId' | 'actor'> = {},
  ): Promise<HandleResult<S, E>> {
    return this.run(decider, streamId, command, { ...options, tenantId: user.tenantId, actor: actorOf(user) });
  }

  /** Many commands on one stream in one append, each decided and refused alone (the queue runner). */
  batch<C, S, E extends DomainEvent>(
    decider: Decider<C, S, E>,
    streamId: string,
    items: readonly BatchItem<C>[],
    options: BatchOptions<S, E, C>,
  ): Promise<BatchOutcome<S, E>[]> {
    return this.handleBatch(decider, streamId, items, options);
  }

  /** The business's registration, which opens its account stream (accounts context). */
  async registration<E>(tenantId: string): Promise<E[]> {
    const [first] = await this.store.readStream(`account-${tenantId}`, { limit: 1 });
    return first?.type === 'BusinessRegistered' ? [{ type: first.type, data: first.data } as E] : [];
  }

  readStream(streamId: string, options?: { limit?: number }) {
    return this.store.readStream(streamId, options);
  }
}
