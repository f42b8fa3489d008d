import { Injectable } from '@nestjs/common';
import { Actor } from '@tabour/eventstore';
import { Profile } from '@tabour/accounts';
import { StaffAccounts, StaffLoginInput } from '../common/staff-accounts';
import { AccountsCommands, emailTaken } from './commands';
import { PasswordService } from './passwords.service';
import { UsersQueries } from './users.queries';

/** Team members' logins, for the organisation context. */
@Injectable()
export class StaffAccountsService extends StaffAccounts {
  constructor(
    private readonly commands: AccountsCommands,
    private readonly queries: UsersQueries,
    private readonly passwords: PasswordService,
  ) {
    super();
  }

  /** No password: the member gets a code by e-mail and sets one through the reset screen. */
  async createLogin(input: StaffLoginInput, actor: Actor): Promise<void> {
    const email = input.email.trim().toLowerCase();
    if (!(await this.queries.isEmailAvailable(email, input.userId))) throw emailTaken();
    await this.commands.user(
      {
        type: 'CreateLogin',
        user_id: input.userId,
        business_id: input.tenantId,
        email,
        first_name: input.firstName,
        last_name: input.lastName,
        position: input.position,
        role: input.role,
      },
      actor,
    );
    await this.passwords.issueCode({ id: input.userId, tenant_id: input.tenantId, email, first_name: input.firstName.trim() }, 'new_login', actor);
  }

  async updateLogin(input: Partial<StaffLoginInput> & { tenantId: string; userId: string }, actor: Actor): Promise<void> {
    if (input.email !== undefined && !(await this.queries.isEmailAvailable(input.email, input.userId))) throw emailTaken();
    const fields: Partial<Profile> = {};
    if (input.email !== undefined) fields.email = input.email;
    if (input.firstName !== undefined) fields.first_name = input.firstName;
    if (input.lastName !== undefined) fields.last_name = input.lastName;
    if (input.position !== undefined) fields.position = input.position;
    if (input.role !== undefined) fields.role = input.role;
    await this.commands.user({ type: 'UpdateProfile', user_id: input.userId, business_id: input.tenantId, source: 'team', fields }, actor);
  }

  async removeLogin(tenantId: string, userId: string, actor: Actor): Promise<void> {
    const state = await this.commands.loadUser(tenantId, userId);
    // A member without a login (no e-mail) has nothing to remove.
    if (state.status !== 'active' || state.business_id !== tenantId) return;
    await this.commands.user({ type: 'RemoveUser', user_id: userId, business_id: tenantId, actor_user_id: actor.id ?? null }, actor);
  }

  isEmailAvailable(email: string, exceptUserId?: string): Promise<boolean> {
    return this.queries.isEmailAvailable(email, exceptUserId);
  }

  async setPassword(tenantId: string, userId: string, password: string, actor: Actor): Promise<void> {
    await this.passwords.set({ id: userId, tenant_id: tenantId }, password, 'set', actor);
  }
}
