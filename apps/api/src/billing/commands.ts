import { Inject, Injectable } from '@nestjs/common';
import { accountStream } from '@tabour/accounts';
import {
  ACCOUNT_MEMBERSHIP_EVENT_TYPES,
  membershipDecider,
  membershipStream,
  type MembershipCommand,
  type MembershipEvent,
  type MembershipState,
} from '@tabour/billing';
import { Actor, CommandHandler, PgEventStore } from '@tabour/eventstore';
import { EVENT_STORE } from '../common/tokens';

const ACCOUNT_TYPES = new Set<string>(ACCOUNT_MEMBERSHIP_EVENT_TYPES);

/**
 * The membership stream's commands through the one command handler. The account's trial and
 * package events are folded alongside in position order: the membership begins in the
 * account's registration and follows the operator's package changes made there.
 */
@Injectable()
export class BillingCommands {
  private readonly handler: CommandHandler;

  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {
    this.handler = new CommandHandler(store);
  }

  private alongside(businessId: string) {
    return async () => (await this.store.readStream(accountStream(businessId))).filter((e) => ACCOUNT_TYPES.has(e.type));
  }

  async load(businessId: string): Promise<MembershipState> {
    return (await this.handler.load(membershipDecider, membershipStream(businessId), { alongside: this.alongside(businessId) })).state;
  }

  async run(command: MembershipCommand, actor: Actor): Promise<{ events: MembershipEvent[]; state: MembershipState }> {
    const { events, state } = await this.handler.handle(membershipDecider, membershipStream(command.business_id), command, {
      tenantId: command.business_id,
      actor,
      alongside: this.alongside(command.business_id),
    });
    // The account's events are only folded, never decided: what comes back is the membership's own.
    return { events: events as MembershipEvent[], state };
  }
}
