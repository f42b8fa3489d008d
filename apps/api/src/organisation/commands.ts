import { Inject, Injectable } from '@nestjs/common';
import { Actor, Decider, DomainEvent, fold, NewEvent, PgEventStore, RecordedEvent, WrongExpectedVersion } from '@tabour/eventstore';
import { UserPrincipal } from '@tabour/platform';
import { EVENT_STORE } from '../common/tokens';

export interface RunOptions<E> {
  tenantId: string;
  actor: Actor;
  /**
   * Events folded before the stream's own, when the aggregate began in another context
   * (the owner's member state starts from the accounts context's BusinessRegistered).
   */
  origin?: () => Promise<E[]>;
  /** Events of other streams that also shape the state, folded in position order with the stream's own. */
  alongside?: () => Promise<RecordedEvent[]>;
}

export const actorOf = (user: UserPrincipal): Actor => ({ type: 'user', id: user.userId, name: user.name });

/**
 * Load, decide, append at the revision decided on, retry after a concurrent append; the
 * event store runs the inline projections in the same transaction, so the read tables are
 * current when this returns. `check` runs the decision without appending: a dry run lets
 * a handler validate before it touches another context (the login of a new member).
 */
@Injectable()
export class OrganisationCommands {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  async load<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, options: Pick<RunOptions<E>, 'origin' | 'alongside'> = {}) {
    const history = await this.store.readStream(streamId);
    const others = options.alongside ? await options.alongside() : [];
    const own = [...history, ...others].sort((a, b) => a.position - b.position).map((e) => ({ type: e.type, data: e.data }) as E);
    // The origin always comes first: the stream's own events continue it, never replace it.
    const origin = options.origin ? await options.origin() : [];
    const state = fold(decider, [...origin, ...own]);
    const revision = history.length ? history[history.length - 1].revision : null;
    return { state, revision };
  }

  async check<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, command: C, options: Pick<RunOptions<E>, 'origin' | 'alongside'> = {}): Promise<E[]> {
    const { state } = await this.load(decider, streamId, options);
    return decider.decide(command, state);
  }

  async run<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, command: C, options: RunOptions<E>): Promise<{ state: S; events: E[] }> {
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.load(decider, streamId, options);
      const events = decider.decide(command, state);
      if (events.length === 0) return { state, events };
      try {
        await this.store.append(streamId, events as NewEvent[], {
          tenantId: options.tenantId,
          actor: options.actor,
          expectedRevision: revision === null ? 'no_stream' : revision,
        });
        return { state: events.reduce(decider.evolve, state), events };
      } catch (err) {
        if (err instanceof WrongExpectedVersion && attempt < 5) continue;
        throw err;
      }
    }
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
