import { Inject, Injectable } from '@nestjs/common';
import { Actor, NewEvent, PgEventStore, WrongExpectedVersion } from '@tabour/eventstore';
import {
  CustomerCommand,
  customerDecider,
  CustomerEvent,
  CustomerState,
  customerStream,
  openEvent,
  privacyDecider,
  PrivacyCommand,
  PrivacyEvent,
  privacyStream,
  sealEvent,
} from '@tabour/customers';
import { Db, invalid, UserPrincipal } from '@tabour/platform';
import { DB, EVENT_STORE } from '../common/tokens';
import { CustomerKeys } from './keys';

export const actorOf = (user: UserPrincipal): Actor => ({ type: 'user', id: user.userId, name: user.name });

export interface RunContext {
  tenantId: string;
  actor: Actor;
}

const DUPLICATE_IID = 'The internal id is already used by another customer';

/**
 * Load, decide, seal the personal part with the customer's key, append at the revision decided
 * on; the inline projection opens it again inside the append's transaction.
 */
@Injectable()
export class CustomerCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    @Inject(DB) private readonly db: Db,
    readonly keys: CustomerKeys,
  ) {}

  async load(customerId: string): Promise<{ state: CustomerState; revision: number | null }> {
    const history = await this.store.readStream(customerStream(customerId));
    if (!history.length) return { state: customerDecider.initialState(), revision: null };
    const key = await this.keys.get(customerId);
    const state = history.map((e) => openEvent<CustomerEvent>(e, key)).reduce(customerDecider.evolve, customerDecider.initialState());
    return { state, revision: history[history.length - 1].revision };
  }

  /**
   * `fresh`: the caller knows the stream is new (an id it just made), so the read is skipped;
   * `key`: a key already made for it.
   */
  async run(command: CustomerCommand, ctx: RunContext, options: { fresh?: boolean; key?: Buffer } = {}): Promise<{ state: CustomerState; events: CustomerEvent[] }> {
    const streamId = customerStream(command.customer_id);
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = options.fresh && attempt === 0 ? { state: customerDecider.initialState(), revision: null } : await this.load(command.customer_id);
      const events = customerDecider.decide(command, state);
      if (events.length === 0) return { state, events };
      const key = options.key ?? (await this.keys.ensure(ctx.tenantId, [command.customer_id])).get(command.customer_id)!;
      try {
        await this.store.append(streamId, events.map((e) => sealEvent(e, key)) as NewEvent[], {
          tenantId: ctx.tenantId,
          actor: ctx.actor,
          expectedRevision: revision === null ? 'no_stream' : revision,
        });
        return { state: events.reduce(customerDecider.evolve, state), events };
      } catch (err) {
        if (err instanceof WrongExpectedVersion && attempt < 5) continue;
        if (command.type === 'RegisterCustomer') await this.keys.dropUnused(command.customer_id);
        if ((err as { code?: string; constraint?: string }).code === '23505' && /internal_id/.test((err as { constraint?: string }).constraint ?? '')) {
          throw invalid(DUPLICATE_IID, { internal_id: [DUPLICATE_IID] }, 'duplicate_internal_id');
        }
        throw err;
      }
    }
  }

  async privacy(command: PrivacyCommand, ctx: RunContext): Promise<PrivacyEvent[]> {
    const streamId = privacyStream(command.business_id);
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(streamId);
      const state = history.map((e) => ({ type: e.type, data: e.data }) as PrivacyEvent).reduce(privacyDecider.evolve, privacyDecider.initialState());
      const events = privacyDecider.decide(command, state);
      if (!events.length) return events;
      try {
        await this.store.append(streamId, events as NewEvent[], {
          tenantId: ctx.tenantId,
          actor: ctx.actor,
          expectedRevision: history.length ? history[history.length - 1].revision : 'no_stream',
        });
        return events;
      } catch (err) {
        if (err instanceof WrongExpectedVersion && attempt < 5) continue;
        throw err;
      }
    }
  }

  /** The business's country from the organisation read model: the default for phone numbers. */
  async country(tenantId: string): Promise<string | null> {
    const row = await this.db.selectFrom('business_profiles').select('country').where('tenant_id', '=', tenantId).executeTakeFirst();
    return row?.country ?? null;
  }
}
