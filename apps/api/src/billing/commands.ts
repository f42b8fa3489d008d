import { Injectable } from '@nestjs/common';
import { accountStream } from '@tabour/accounts';
import {
  ACCOUNT_MEMBERSHIP_EVENT_TYPES,
  membershipDecider,
  membershipStream,
  type MembershipCommand,
  type MembershipEvent,
  type MembershipState,
} from '@tabour/billing';
import type { Actor } from '@tabour/eventstore';
import { Commands } from '../common/commands';

const ACCOUNT_TYPES = new Set<string>(ACCOUNT_MEMBERSHIP_EVENT_TYPES);

/**
 * The membership stream's commands through the command gateway. The account's trial and
 * package events are folded alongside in position order: the membership begins in the
 * account's registration and follows the operator's package changes made there.
 */
@Injectable()
export class BillingCommands {
  constructor(private readonly commands: Commands) {}

  private alongside(businessId: string) {
    return async () => (await this.commands.readStream(accountStream(businessId))).filter((e) => ACCOUNT_TYPES.has(e.type));
  }

  async load(businessId: string): Promise<MembershipState> {
    return (await this.commands.load(membershipDecider, membershipStream(businessId), { alongside: this.alongside(businessId) })).state;
  }

  async run(command: MembershipCommand, actor: Actor): Promise<{ events: MembershipEvent[]; state: MembershipState }> {
    const { events, state } = await this.commands.run(membershipDecider, membershipStream(command.business_id), command, {
      tenantId: command.business_id,
      actor,
      alongside: this.alongside(command.business_id),
    });
    // The account's events are only folded, never decided: what comes back is the membership's own.
    return { events: events as MembershipEvent[], state };
  }
}
