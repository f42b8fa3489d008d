import { Injectable } from '@nestjs/common';
import { Actor, uniqueViolation } from '@tabour/eventstore';
import {
  AccountCommand,
  accountDecider,
  AccountEvent,
  accountStream,
  BusinessRegistered,
  ownerOrigin,
  UserCommand,
  userDecider,
  UserEvent,
  userStream,
  UserState,
} from '@tabour/accounts';
import { invalid } from '@tabour/platform';
import { Commands } from '../common/commands';

export const EMAIL_TAKEN = 'Email is invalid or used by another account';
export const emailTaken = () => invalid(EMAIL_TAKEN, { email: [EMAIL_TAKEN] }, 'email_taken');

/**
 * Every accounts command goes through the command gateway; the event store runs the inline
 * projections (read models, credentials) inside the append transaction. The users table's
 * unique e-mail index refusing the append means another account took the e-mail first.
 */
@Injectable()
export class AccountsCommands {
  private readonly onAppendError = uniqueViolation(/users_email_lower/, emailTaken);

  constructor(private readonly commands: Commands) {}

  async account(command: AccountCommand, actor: Actor): Promise<AccountEvent[]> {
    const { events } = await this.commands.run(accountDecider, accountStream(command.business_id), command, {
      tenantId: command.business_id,
      actor,
      onAppendError: this.onAppendError,
    });
    return events;
  }

  async loadUser(businessId: string, userId: string): Promise<UserState> {
    return (await this.commands.load(userDecider, userStream(userId), { origin: () => this.ownerOrigin(businessId, userId) })).state;
  }

  async user(command: UserCommand, actor: Actor): Promise<UserEvent[]> {
    const { events } = await this.commands.run(userDecider, userStream(command.user_id), command, {
      tenantId: command.business_id,
      actor,
      origin: () => this.ownerOrigin(command.business_id, command.user_id),
      onAppendError: this.onAppendError,
    });
    // The origin's BusinessRegistered is only ever folded, never decided: what comes back is the user's own.
    return events as UserEvent[];
  }

  /** The owner's user begins in the account's BusinessRegistered, whatever followed in their own stream. */
  private async ownerOrigin(businessId: string, userId: string): Promise<BusinessRegistered[]> {
    const account = await this.commands.readStream(accountStream(businessId), { limit: 1 });
    return ownerOrigin(account, userId);
  }
}
