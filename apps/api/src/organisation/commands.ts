import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, Decider, DomainEvent, HandleOptions, LoadHooks, PgEventStore } from '@tabour/eventstore';
import type { UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { EVENT_STORE } from '../common/tokens';

/**
 * The organisation contexts' commands through the one command handler: `run` decides and
 * appends (the inline projections make the read tables current when it returns); `check` runs
 * the decision without appending, so a handler validates before it touches another context
 * (the login of a new member).
 */
@Injectable()
export class OrganisationCommands {
  private readonly handler: CommandHandler;

  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {
    this.handler = new CommandHandler(store);
  }

  load<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, hooks: LoadHooks<E> = {}) {
    return this.handler.load(decider, streamId, hooks);
  }

  check<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, command: C, hooks: LoadHooks<E> = {}): Promise<E[]> {
    return this.handler.check(decider, streamId, command, hooks);
  }

  async run<C, S, E extends DomainEvent>(
    decider: Decider<C, S, E>,
    streamId: string,
    command: C,
    options: HandleOptions<E>,
  ): Promise<{ state: S; events: E[] }> {
    const { state, events } = await this.handler.handle(decider, streamId, command, options);
    return { state, events };
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
  ): Promise<{ state: S; events: E[] }> {
    return this.run(decider, streamId, command, { ...options, tenantId: user.tenantId, actor: actorOf(user) });
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
