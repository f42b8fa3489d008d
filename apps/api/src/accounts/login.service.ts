import { Inject, Injectable } from '@nestjs/common';
import { Db, DomainError, invalid, Package } from '@tabour/platform';
import type { SessionAnswer } from '@tabour/contracts';
import { DB } from '../common/tokens';
import { CaptchaService } from './captcha.service';
import { LoginThrottle } from './login-throttle';
import { MembershipService } from './membership.service';
import { hashPassword, verifyPassword } from './secrets';
import { SessionService } from './sessions.service';
import { toUserView, UsersQueries } from './users.queries';

export const BAD_CREDENTIALS = 'Email and Password do not match our records';
export const NOT_HUMAN = 'You MUST proove that you are human';
export const BAD_CAPTCHA = 'Incorrect security code';
export const AWAITING_APPROVAL = 'Your account is awaiting approval';

export { TooManyAttempts } from './login-throttle';

export interface LoginInput {
  email: string;
  password: string;
  key?: string;
  captcha?: string;
}

/** What a successful login answers: the contract's. */
export type { SessionAnswer };

@Injectable()
export class LoginService {
  // Checked against when the e-mail is unknown, so both answers take an argon2 verification.
  private readonly decoy = hashPassword('decoy-password-never-used');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly captchas: CaptchaService,
    private readonly sessions: SessionService,
    private readonly memberships: MembershipService,
    private readonly users: UsersQueries,
    private readonly throttle: LoginThrottle,
  ) {}

  async login(input: LoginInput, clientIp: string, options: { captcha: boolean }): Promise<SessionAnswer> {
    const email = input.email.trim().toLowerCase();
    // Counted before anything is checked, so attempts sent side by side cannot pass the limit.
    const attempt = await this.throttle.reserve(email, clientIp);
    if (options.captcha || attempt.captchaRequired) {
      const refusal = await this.captchaRefusal(input);
      if (refusal) {
        await this.throttle.notChecked(attempt);
        throw refusal;
      }
    }
    const user = await this.users.byEmail(email);
    const cred = user ? await this.db.selectFrom('credentials').select('password_hash').where('user_id', '=', user.id).executeTakeFirst() : undefined;
    const ok = await verifyPassword(cred?.password_hash ?? (await this.decoy), input.password);
    if (!user || !cred || !ok) {
      await this.throttle.failed(attempt, user);
      throw new DomainError(401, BAD_CREDENTIALS, 'bad_credentials');
    }
    await this.throttle.succeeded(attempt);
    const business = await this.db
      .selectFrom('business_accounts')
      .select(['tenant_id', 'name', 'status'])
      .where('tenant_id', '=', user.tenant_id)
      .executeTakeFirstOrThrow();
    // Only after the password is right, so the answer tells nothing to someone who guesses.
    if (business.status !== 'approved') throw new DomainError(403, AWAITING_APPROVAL, 'awaiting_approval');
    const { token } = await this.sessions.open(user, clientIp || null);
    const membership = await this.memberships.view(user.tenant_id);
    const view = toUserView(user);
    return {
      token,
      user: {
        id: view.id,
        email: view.email,
        first_name: view.first_name,
        last_name: view.last_name,
        phone: view.phone,
        language: view.language,
        role: view.role,
        position: view.position,
        business_id: view.business_id,
      },
      business: {
        id: business.tenant_id,
        name: business.name,
        organization_id: business.tenant_id,
        status: business.status,
        membership,
        permissions: MembershipService.permissions(membership.package as Package),
      },
    };
  }

  private async captchaRefusal(input: LoginInput): Promise<DomainError | null> {
    if (!input.key || !input.captcha) return invalid(NOT_HUMAN, { captcha: [NOT_HUMAN] }, 'captcha_required');
    if (!(await this.captchas.verify(input.key, input.captcha))) return invalid(BAD_CAPTCHA, { captcha: [BAD_CAPTCHA] }, 'captcha_incorrect');
    return null;
  }
}
