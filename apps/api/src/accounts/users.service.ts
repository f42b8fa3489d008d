import { Injectable } from '@nestjs/common';
import { Profile } from '@tabour/accounts';
import { UserPrincipal } from '@tabour/platform';
import { AccountsCommands, emailTaken } from './commands';
import { UsersQueries, UserView } from './users.queries';
import { actorOf } from '../common/actor';

@Injectable()
export class UsersService {
  constructor(
    private readonly commands: AccountsCommands,
    private readonly queries: UsersQueries,
  ) {}

  async updateOwnProfile(user: UserPrincipal, fields: Partial<Pick<Profile, 'first_name' | 'last_name' | 'email' | 'phone' | 'language'>>): Promise<UserView> {
    if (fields.email !== undefined && !(await this.queries.isEmailAvailable(fields.email, user.userId))) throw emailTaken();
    await this.commands.user({ type: 'UpdateProfile', user_id: user.userId, business_id: user.tenantId, source: 'self', fields }, actorOf(user));
    return this.queries.one(user.tenantId, user.userId);
  }

  /** The login goes, and its sessions end in the same commit. */
  async remove(user: UserPrincipal, id: string): Promise<{ id: string }> {
    await this.queries.one(user.tenantId, id);
    await this.commands.user({ type: 'RemoveUser', user_id: id, business_id: user.tenantId, actor_user_id: user.userId }, actorOf(user));
    return { id };
  }
}
