import { Inject, Injectable } from '@nestjs/common';
import { checkThrottle, EMAIL_POLICY, IP_POLICY, recordFailure, ThrottlePolicy, ThrottleState, ThrottleVerdict } from '@tabour/accounts';
import { AppConfig, Db, DomainError, forbidden, invalid, Package } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import { CaptchaService } from './captcha.service';
import { Clock } from './clock';
import { MembershipService } from './membership.service';
import { hashPassword, verifyPassword } from './secrets';
import { SessionService } from './sessions.service';
import { toUserView, UsersQueries } from './users.queries';

export const BAD_CREDENTIALS = 'Email and Password do not match our records';
export const NOT_HUMAN = 'You MUST proove that you are human';
export const BAD_CAPTCHA = 'Incorrect security code';
export const AWAITING_APPROVAL = 'Your account is awaiting approval';

/** 429 with the number of seconds to wait, which the controller sends as Retry-After. */
export class TooManyAttempts extends DomainError {
  constructor(readonly retryAfterSeconds: number, locked: boolean) {
    super(
      429,
      locked
        ? `Too many failed attempts: login is locked, try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`
        : `Too many failed attempts, try again in ${retryAfterSeconds} seconds`,
      locked ? 'login_locked' : 'login_slowed',
    );
  }
}

export interface LoginInput {
  email: string;
  password: string;
  key?: string;
  captcha?: string;
}

export interface SessionAnswer {
  token: string;
  user: { id: string; email: string; first_name: string; last_name: string; phone: string | null; language: string | null; role: string; position: string; business_id: string };
  business: {
    id: string;
    name: string;
    /** The organisation id of the business: the business id itself. */
    organization_id: string;
    status: 'pending' | 'approved';
    membership: Awaited<ReturnType<MembershipService['view']>>;
    permissions: { kiosks: boolean; displays: boolean };
  };
}

@Injectable()
export class LoginService {
  // Checked against when the e-mail is unknown, so both answers take an argon2 verification.
  private readonly decoy = hashPassword('decoy-password-never-used');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly captchas: CaptchaService,
    private readonly sessions: SessionService,
    private readonly memberships: MembershipService,
    private readonly users: UsersQueries,
    private readonly clock: Clock,
  ) {}

  async login(input: LoginInput, clientIp: string, options: { captcha: boolean }): Promise<SessionAnswer> {
    const email = input.email.trim().toLowerCase();
    const keys: [string, ThrottlePolicy][] = [
      [`email:${email}`, EMAIL_POLICY],
      [`ip:${clientIp}`, IP_POLICY],
    ];
    for (const [key, policy] of keys) {
      const verdict = checkThrottle(await this.throttleState(key), this.clock.now(), policy);
      if (!verdict.allowed) throw new TooManyAttempts((verdict as Extract<ThrottleVerdict, { allowed: false }>).retryAfterSeconds, (verdict as Extract<ThrottleVerdict, { allowed: false }>).locked);
    }
    if (options.captcha) {
      if (!input.key || !input.captcha) throw invalid(NOT_HUMAN, { captcha: [NOT_HUMAN] }, 'captcha_required');
      if (!(await this.captchas.verify(input.key, input.captcha))) throw invalid(BAD_CAPTCHA, { captcha: [BAD_CAPTCHA] }, 'captcha_incorrect');
    }
    const user = await this.users.byEmail(email);
    const cred = user ? await this.db.selectFrom('credentials').select('password_hash').where('user_id', '=', user.id).executeTakeFirst() : undefined;
    const ok = await verifyPassword(cred?.password_hash ?? (await this.decoy), input.password);
    if (!user || !cred || !ok) {
      for (const [key, policy] of keys) await this.fail(key, policy);
      throw new DomainError(401, BAD_CREDENTIALS, 'bad_credentials');
    }
    await this.db.deleteFrom('login_throttle').where('key', '=', keys[0][0]).execute();
    const business = await this.db.selectFrom('business_accounts').select(['tenant_id', 'name', 'status']).where('tenant_id', '=', user.tenant_id).executeTakeFirstOrThrow();
    // Only after the password is right, so the answer tells nothing to someone who guesses.
    if (business.status !== 'approved') throw forbidden(AWAITING_APPROVAL);
    const { token } = await this.sessions.open(user, clientIp || null);
    const membership = await this.memberships.view(user.tenant_id);
    const view = toUserView(user);
    return {
      token,
      user: { id: view.id, email: view.email, first_name: view.first_name, last_name: view.last_name, phone: view.phone, language: view.language, role: view.role, position: view.position, business_id: view.business_id },
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

  private async throttleState(key: string): Promise<ThrottleState | null> {
    const row = await this.db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    return row ? { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until } : null;
  }

  private async fail(key: string, policy: ThrottlePolicy): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('login_throttle').values({ key, failures: 0, last_failure_at: new Date(0), locked_until: null }).onConflict((oc) => oc.column('key').doNothing()).execute();
      const row = await trx.selectFrom('login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
      const before = row.failures === 0 ? null : { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until };
      const next = recordFailure(before, this.clock.now(), policy);
      await trx.updateTable('login_throttle').set({ failures: next.failures, last_failure_at: next.lastFailureAt, locked_until: next.lockedUntil }).where('key', '=', key).execute();
    });
  }
}
