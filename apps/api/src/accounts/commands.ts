import { Inject, Injectable } from '@nestjs/common';
import { Actor, fold, NewEvent, PgEventStore, WrongExpectedVersion } from '@tabour/eventstore';
import { AccountCommand, accountDecider, AccountEvent, accountStream, BusinessRegistered, ownerOrigin, UserCommand, userDecider, UserEvent, userStream, UserState } from '@tabour/accounts';
import { invalid } from '@tabour/platform';
import { EVENT_STORE } from '../common/tokens';

export const EMAIL_TAKEN = 'Email is invalid or used by another account';
export const emailTaken = () => invalid(EMAIL_TAKEN, { email: [EMAIL_TAKEN] }, 'email_taken');

/** The users table's unique e-mail index refused the append: another account took the e-mail first. */
function isEmailRace(err: unknown): boolean {
  return (err as { code?: string }).code === '23505' && /users_email_lower/.test(String((err as Error).message));
}

/**
 * Load, decide, append at the revision decided on, retry after a concurrent append. The event
 * store runs the inline projections (read models, credentials) inside the append transaction.
 */
@Injectable()
export class AccountsCommands {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  async account(command: AccountCommand, actor: Actor): Promise<AccountEvent[]> {
    return this.run(accountStream(command.business_id), command.business_id, actor, async (own) => {
      const state = fold(accountDecider, own as AccountEvent[]);
      return accountDecider.decide(command, state);
    });
  }

  async loadUser(businessId: string, userId: string): Promise<UserState> {
    const own = (await this.store.readStream(userStream(userId))).map((e) => ({ type: e.type, data: e.data }) as UserEvent);
    // The owner's user begins in the account's BusinessRegistered, whatever followed in their own stream.
    const origin = await this.ownerOrigin(businessId, userId);
    return fold(userDecider, [...origin, ...own]);
  }

  async user(command: UserCommand, actor: Actor): Promise<UserEvent[]> {
    return this.run(userStream(command.user_id), command.business_id, actor, async (own) => {
      const origin = await this.ownerOrigin(command.business_id, command.user_id);
      return userDecider.decide(command, fold(userDecider, [...origin, ...(own as UserEvent[])])) as UserEvent[];
    });
  }

  private async ownerOrigin(businessId: string, userId: string): Promise<BusinessRegistered[]> {
    const account = await this.store.readStream(accountStream(businessId), { limit: 1 });
    return ownerOrigin(account, userId);
  }

  private async run<E extends { type: string; data: unknown }>(
    streamId: string,
    tenantId: string,
    actor: Actor,
    decide: (own: { type: string; data: unknown }[]) => Promise<E[]>,
  ): Promise<E[]> {
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(streamId);
      const events = await decide(history.map((e) => ({ type: e.type, data: e.data })));
      if (events.length === 0) return events;
      const revision = history.length ? history[history.length - 1].revision : null;
      try {
        await this.store.append(streamId, events as NewEvent[], { tenantId, actor, expectedRevision: revision === null ? 'no_stream' : revision });
        return events;
      } catch (err) {
        if (err instanceof WrongExpectedVersion && attempt < 5) continue;
        if (isEmailRace(err)) throw emailTaken();
        throw err;
      }
    }
  }
}
