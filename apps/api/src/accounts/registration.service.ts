import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Actor } from '@tabour/eventstore';
import { ChosenPackage, isStrongPassword, PASSWORD_RULE, Plan } from '@tabour/accounts';
import { AppConfig, Db, invalid, notFound } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import { Clock } from './clock';
import { AccountsCommands, emailTaken } from './commands';
import { hashPassword, SecretWrites } from './secrets';
import { UsersQueries } from './users.queries';

export interface RegisterInput {
  businessName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  country: string | null;
  password: string;
  /** Fixed ids for the demo seed; new ones otherwise. */
  businessId?: string;
  ownerId?: string;
}

export interface Registered {
  message: string;
  business: { id: string; name: string; status: 'pending' | 'approved' };
  user: { id: string; email: string; first_name: string; last_name: string; role: 'ADMIN' };
}

const SYSTEM: Actor = { type: 'system', name: 'accounts' };

@Injectable()
export class RegistrationService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: AccountsCommands,
    private readonly secrets: SecretWrites,
    private readonly users: UsersQueries,
    private readonly clock: Clock,
  ) {}

  /**
   * One append creates the business and its owner: the users projection's unique e-mail index
   * refuses a second registration of the same e-mail inside that transaction, even in a race.
   */
  async register(input: RegisterInput): Promise<Registered> {
    if (!isStrongPassword(input.password)) throw invalid(PASSWORD_RULE, { password: [PASSWORD_RULE] }, 'weak_password');
    const email = input.email.trim().toLowerCase();
    if (!(await this.users.isEmailAvailable(email))) throw emailTaken();
    const businessId = input.businessId ?? randomUUID();
    const ownerId = input.ownerId ?? randomUUID();
    const credentialId = randomUUID();
    const hash = await hashPassword(input.password);
    const owner = { user_id: ownerId, first_name: input.firstName.trim(), last_name: input.lastName.trim(), email };
    const autoApprove = this.config.approveRegistrations === 'auto';
    const actor: Actor = { type: 'user', id: ownerId, name: `${owner.first_name} ${owner.last_name}` };
    await this.secrets.withPending(credentialId, { userId: ownerId, tenantId: businessId, hash }, () =>
      this.commands.account(
        {
          type: 'RegisterBusiness',
          business_id: businessId,
          name: input.businessName.trim(),
          email,
          phone: input.phone,
          country: input.country?.toUpperCase() ?? null,
          owner,
          credential_id: credentialId,
          auto_approve: autoApprove,
          now: this.clock.now(),
        },
        actor,
      ),
    );
    return {
      message: autoApprove ? 'Your account has been created, you can log in now' : 'Your account has been created and awaits approval',
      business: { id: businessId, name: input.businessName.trim(), status: autoApprove ? 'approved' : 'pending' },
      user: { id: ownerId, email, first_name: owner.first_name, last_name: owner.last_name, role: 'ADMIN' },
    };
  }

  private async businessOf(email: string): Promise<string> {
    const user = await this.users.byEmail(email);
    const account = user
      ? await this.db.selectFrom('business_accounts').select('tenant_id').where('tenant_id', '=', user.tenant_id).executeTakeFirst()
      : undefined;
    if (!account) throw notFound(`No business account uses ${email}`);
    return account.tenant_id;
  }

  async approve(email: string, actor: Actor = SYSTEM): Promise<{ business_id: string; changed: boolean }> {
    const businessId = await this.businessOf(email);
    const events = await this.commands.account({ type: 'ApproveBusiness', business_id: businessId, now: this.clock.now() }, actor);
    return { business_id: businessId, changed: events.length > 0 };
  }

  async setPackage(email: string, pkg: ChosenPackage, plan: Plan | null, actor: Actor = SYSTEM): Promise<{ business_id: string }> {
    const businessId = await this.businessOf(email);
    await this.commands.account({ type: 'ChangePackage', business_id: businessId, package: pkg, plan, now: this.clock.now() }, actor);
    return { business_id: businessId };
  }
}
