import { Inject, Injectable } from '@nestjs/common';
import { Db, DomainError, invalid, UserPrincipal } from '@tabour/platform';
import { DB } from '../common/tokens';
import { LoginThrottle } from './login-throttle';
import { verifyPassword } from './secrets';

export const CONFIRMATION_MISMATCH = 'Type the name of the business exactly as it is shown to confirm';
export const DELETE_WRONG_PASSWORD = 'The password is not correct';

const normal = (text: string) => text.normalize('NFC').trim();

/**
 * The two checks before a business is deleted, which a stolen or forgotten-open session alone
 * cannot pass: the business's name typed out, then the caller's password. Password guesses here
 * count against the same login limits as the login itself, so this is no way around them.
 */
@Injectable()
export class AccountDeletionCheck {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly throttle: LoginThrottle,
  ) {}

  async confirm(user: UserPrincipal, body: { password: string; confirmation: string }, address: string): Promise<void> {
    const business = await this.db.selectFrom('business_accounts').select('name').where('tenant_id', '=', user.tenantId).executeTakeFirstOrThrow();
    if (normal(body.confirmation) !== normal(business.name)) throw invalid(CONFIRMATION_MISMATCH, { confirmation: [CONFIRMATION_MISMATCH] });
    const login = await this.db
      .selectFrom('users')
      .innerJoin('credentials', 'credentials.user_id', 'users.id')
      .select(['users.email', 'users.first_name', 'users.tenant_id', 'credentials.password_hash'])
      .where('users.id', '=', user.userId)
      .executeTakeFirst();
    const attempt = await this.throttle.reserve(login?.email ?? user.userId, address);
    if (!login || !(await verifyPassword(login.password_hash, body.password))) {
      await this.throttle.failed(attempt, login);
      throw new DomainError(403, DELETE_WRONG_PASSWORD, 'wrong_password');
    }
    await this.throttle.succeeded(attempt);
  }
}
